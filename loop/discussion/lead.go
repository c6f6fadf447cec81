package discussion

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/discussion/board"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// leadResult is the lead's turn as journaled.
type leadResult struct {
	Conclusion Conclusion `json:"conclusion"`
	Absent     string     `json:"absent,omitempty"`
	Refused    []string   `json:"refused,omitempty"`
	Repaired   bool       `json:"repaired,omitempty"`
	Stripped   bool       `json:"stripped,omitempty"`
}

// conclude asks the lead for consensus and verdict (a journal step) and
// posts them after the last round. It returns the final verdict, or the
// reason to fall back to a fan-out: no point to judge, the lead absent,
// or a verdict refused after its repair, as an error wrapping ErrNoDebate,
// ErrLeadAbsent or ErrVerdictRefused.
func (r *runner) conclude(ctx context.Context, rounds int) (json.RawMessage, error, error) {
	if len(r.b.Points()) == 0 {
		return nil, fmt.Errorf("%w: no points to judge (every participant absent or silent)", ErrNoDebate), nil
	}
	present := 0
	for _, ps := range r.spec.Participants {
		if _, ok := r.turns[0][ps.Name]; ok && r.turns[0][ps.Name].Absent == "" {
			present++
		}
	}
	if present < 2 {
		return nil, fmt.Errorf("%w: only %d participant(s) answered round 1", ErrNoDebate, present), nil
	}
	t := LeadTurn{Shared: r.shared(), Instruction: r.spec.Synthesizer.Instruction, Board: string(r.b.Render()),
		Points: r.b.Points(), Surviving: r.b.Surviving(), Schema: r.spec.VerdictSchema, Example: r.spec.VerdictExample}
	if r.stopped != "" {
		t.Stopped = r.stopped.Describe()
	}
	timeout := DefaultTimeout
	res, err := journal.Call(ctx, r.j, "lead/conclude", func(ctx context.Context) (leadResult, error) {
		return r.ask(ctx, t, timeout)
	})
	if err != nil {
		return nil, nil, fmt.Errorf("discussion: lead: %w", err)
	}
	r.usage = r.usage.Add(res.Conclusion.Usage)
	lead, n := r.spec.Synthesizer.Name, rounds+1
	r.emit(Event{Event: loop.Event{Kind: Concluded, Round: n}})
	switch {
	case res.Absent != "":
		return nil, fmt.Errorf("%w: the lead %s did not answer (asked twice): %s", ErrLeadAbsent, lead, res.Absent), nil
	case len(res.Refused) > 0:
		return nil, fmt.Errorf("%w: the lead's verdict was still invalid after one repair: %s", ErrVerdictRefused, strings.Join(res.Refused, "; ")), nil
	}
	final, err := withRunnerFields(res.Conclusion.Verdict, r.absent, "")
	if err != nil {
		return nil, nil, fmt.Errorf("discussion: verdict: %w", err)
	}
	if vs, err := ValidateVerdict(r.spec.VerdictSchema, final, r.b.Board); err != nil || len(vs) > 0 {
		return nil, nil, fmt.Errorf("discussion: the verdict schema refuses the runner's fields (absent, fallback): %v %v", vs, err)
	}
	if res.Stripped {
		if err := r.note(ctx, n, "The lead's own \"absent\" and \"fallback\" were dropped from its verdict: the runner records them."); err != nil {
			return nil, nil, err
		}
	}
	if _, err := r.b.Post(ctx, board.Post{ID: r.b.NextID(lead), Author: lead, Round: n, Kind: board.Consensus, Body: res.Conclusion.Consensus}); err != nil {
		return nil, nil, err
	}
	if _, err := r.b.Post(ctx, board.Post{ID: r.b.NextID(lead), Author: lead, Round: n, Kind: board.Verdict, Body: "```json\n" + string(final) + "\n```"}); err != nil {
		return nil, nil, err
	}
	return final, nil, nil
}

// ask makes the lead's call, once more when it fails, and repairs an
// invalid verdict once.
func (r *runner) ask(ctx context.Context, t LeadTurn, timeout time.Duration) (leadResult, error) {
	var res leadResult
	call := func(t LeadTurn) (Conclusion, error) {
		var c Conclusion
		var err error
		for attempt := 1; attempt <= 2; attempt++ {
			cctx, cancel := context.WithTimeout(ctx, timeout)
			var got Conclusion
			got, err = r.d.Lead.Conclude(cctx, t)
			cancel()
			res.Conclusion.Usage = res.Conclusion.Usage.Add(got.Usage)
			c = got
			if err == nil || ctx.Err() != nil {
				break
			}
		}
		return c, err
	}
	check := func(c Conclusion) []string {
		var out []string
		if strings.TrimSpace(c.Consensus) == "" {
			out = append(out, "consensus: empty; say what the debate agreed on and where it still disagrees")
		}
		v, stripped := stripRunnerFields(c.Verdict)
		res.Stripped = res.Stripped || stripped
		vs, err := ValidateVerdict(r.spec.VerdictSchema, v, r.b.Board)
		if err != nil {
			return append(out, err.Error())
		}
		for _, x := range vs {
			out = append(out, x.String())
		}
		return out
	}
	c, err := call(t)
	if ctx.Err() != nil {
		return res, ctx.Err()
	}
	if err != nil {
		res.Absent = failure(err, timeout)
		return res, nil
	}
	if probs := check(c); len(probs) > 0 {
		res.Repaired = true
		t.Repair, t.Previous = probs, &c
		c2, err := call(t)
		switch {
		case ctx.Err() != nil:
			return res, ctx.Err()
		case err != nil:
			res.Refused = append(probs, "the repair call failed: "+failure(err, timeout))
			return res, nil
		}
		if probs := check(c2); len(probs) > 0 {
			res.Refused = probs
			return res, nil
		}
		c = c2
	}
	c.Verdict, _ = stripRunnerFields(c.Verdict)
	c.Usage = res.Conclusion.Usage
	res.Conclusion = c
	return res, nil
}
