package discussion

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/discussion/board"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// NoProgressLimit is how many consecutive rounds without progress trip the
// circuit breaker.
const NoProgressLimit = 2

// runner is one execution of a discussion.
type runner struct {
	d       *Discussion
	j       *journal.Journal
	spec    Spec
	b       *board.Journaled
	targets []Target
	log     *slog.Logger

	turns   []map[string]turnResult // by round (index n-1), by participant
	absent  []Absence
	out     map[string]bool // marked absent
	usage   agent.Usage
	fanout  *fanOut
	stopped loop.StopReason
	// noAnswer says why there is no verdict when stopped is
	// loop.NoReviewerAnswered.
	noAnswer string
}

// turnResult is one participant's turn as journaled: its posts with board
// ids, what was dropped, or why it was absent.
type turnResult struct {
	Posts    []Draft     `json:"posts,omitempty"`
	Dropped  []problem   `json:"dropped,omitempty"`
	Repaired bool        `json:"repaired,omitempty"`
	Absent   string      `json:"absent,omitempty"`
	Usage    agent.Usage `json:"usage"`
	Model    string      `json:"model,omitempty"`
}

// shared is the text every participant receives first.
func (r *runner) shared() string {
	var s strings.Builder
	fmt.Fprintf(&s, "# Discussion review: %s\n\n", r.spec.Topic)
	if r.spec.Brief != "" {
		fmt.Fprintf(&s, "%s\n\n", strings.TrimSpace(r.spec.Brief))
	}
	fmt.Fprintf(&s, "Targets: %s. Rounds: %d.\n\n", targetNames(r.targets), r.spec.Rounds)
	s.WriteString(rules)
	return s.String()
}

// rules are the debate's rules, as every participant reads them.
const rules = `## How the debate works
- Round 1: analyse the targets alone through your lens and post claims (kind "claim", or "evidence"), each with its file, line range, a verbatim quote and a severity. Refs stay empty.
- Rounds 2 and later: you see the whiteboard, each post under a label (A1, B2, ...); the letters hide who wrote what and are shuffled for you. Your own posts are Y1, Y2, ... Do not read the targets again: answer specific points.
  - "rebuttal": you dispute the posts whose labels you name in refs. To defend your own point, rebut the rebuttal of it.
  - "concession": you accept the posts you name: another's point you do not contest, or a rebuttal of your own point, which withdraws that point.
  - "evidence" and "question" may name labels too.
  - Never rebut or concede your own posts (Y labels).
- A point survives when its author did not concede it and answered every rebuttal of it. Only surviving points may be critical.
`

func targetNames(ts []Target) string {
	var n []string
	for _, t := range ts {
		n = append(n, t.Name)
	}
	return strings.Join(n, ", ")
}

// discuss runs (or replays) the debate, then the lead or the fallback.
func (r *runner) discuss(ctx context.Context) (*Outcome, error) {
	r.out = map[string]bool{}
	idle := 0
	n := 1
	for ; n <= r.spec.Rounds; n++ {
		progress, err := r.round(ctx, n)
		if err != nil {
			return nil, err
		}
		if progress {
			idle = 0
			continue
		}
		if idle++; idle >= NoProgressLimit {
			r.stopped = loop.CircuitOpen
			r.emit(Event{Event: loop.Event{Kind: Tripped, Round: n}})
			if err := r.note(ctx, n, fmt.Sprintf("The circuit breaker tripped: %d rounds in a row without progress (no new points, rebuttals or concessions, or every call failed); the debate stops after round %d of %d.", idle, n, r.spec.Rounds)); err != nil {
				return nil, err
			}
			break
		}
	}
	rounds := min(n, r.spec.Rounds)
	o := &Outcome{Rounds: rounds, Stopped: r.stopped}
	verdict, cause, err := r.conclude(ctx, rounds)
	if err != nil {
		return nil, err
	}
	if cause != nil {
		reason := strings.TrimPrefix(cause.Error(), "discussion: ")
		r.emit(Event{Event: loop.Event{Kind: FellBack, Round: rounds + 1, Text: reason}})
		if verdict, err = r.fallBack(ctx, rounds, reason); err != nil {
			return nil, err
		}
		o.Fallback, o.Cause, o.FanOut = reason, cause, r.fanout.Items
	}
	o.Stopped = r.stopped
	o.Board, o.Verdict, o.Absent, o.Usage = r.b.Board, verdict, r.absent, r.usage
	return o, nil
}

// note posts a runner's note.
func (r *runner) note(ctx context.Context, n int, body string) error {
	_, err := r.b.Post(ctx, board.Post{ID: r.b.NextID(board.Runner), Author: board.Runner, Round: n, Kind: board.Note, Body: body})
	return err
}

// round runs round n: every participant present takes its turn at once
// (council.Dispatch, each turn a journal step), then their posts go on the
// board in the spec's order. It reports whether the round made progress:
// a new point, rebuttal or concession.
func (r *runner) round(ctx context.Context, n int) (bool, error) {
	var calls []council.Call[turnResult]
	var who []int
	for i, ps := range r.spec.Participants {
		if r.out[ps.Name] {
			continue
		}
		t := Turn{Round: n, Name: ps.Name, Lens: ps.Lens, Shared: r.shared(), Targets: r.targets}
		var v view
		if n > 1 {
			if prev, ok := r.turns[0][ps.Name]; ok {
				t.Analysis = prev.Posts
			}
			seed, err := r.seed(ctx, fmt.Sprintf("r%d/labels/%s", n, ps.Name))
			if err != nil {
				return false, fmt.Errorf("discussion: round %d: %w", n, err)
			}
			v = makeView(r.b.Board, ps.Name, seed)
			t.Seen = v.seen
		}
		p, timeout := r.d.Participants[i], mustTimeout(ps)
		key := fmt.Sprintf("r%d/turn/%s", n, ps.Name)
		calls = append(calls, council.Call[turnResult]{Name: ps.Name, Do: func(ctx context.Context) (turnResult, agent.Usage, error) {
			res, err := journal.Call(ctx, r.j, key, func(ctx context.Context) (turnResult, error) { return take(ctx, p, t, v, timeout) })
			return res, res.Usage, err
		}})
		who = append(who, i)
	}
	r.log.Info("discussion: round", "round", n, "participants", len(calls))
	r.emit(Event{Event: loop.Event{Kind: RoundStarted, Round: n}})
	outs, err := council.Dispatch(ctx, calls, council.DispatchOptions[turnResult]{})
	if err != nil {
		return false, fmt.Errorf("discussion: round %d: %w", n, err)
	}
	results := map[string]turnResult{}
	for _, o := range outs {
		if o.Err != nil { // a journal failure or ctx: the turn is asked again on resume
			return false, fmt.Errorf("discussion: round %d: %w", n, o.Err)
		}
		results[o.Name] = o.Value
	}
	r.turns = append(r.turns, results)
	progress := false
	for _, i := range who {
		name := r.spec.Participants[i].Name
		res := results[name]
		r.usage = r.usage.Add(res.Usage)
		r.log.Info("discussion: turn", "round", n, "participant", name, "posts", len(res.Posts), "dropped", len(res.Dropped), "absent", res.Absent)
		r.emit(Event{Event: loop.Event{Kind: TurnTaken, Round: n}, Participant: name, Posts: len(res.Posts), Dropped: len(res.Dropped), Absent: res.Absent})
		if res.Absent != "" {
			r.out[name] = true
			r.absent = append(r.absent, Absence{Name: name, Round: n, Reason: res.Absent})
			if err := r.note(ctx, n, fmt.Sprintf("%s is absent from round %d on: %s (asked twice).", name, n, res.Absent)); err != nil {
				return false, err
			}
			continue
		}
		for _, dr := range res.Posts {
			if _, err := r.b.Post(ctx, board.Post{ID: r.b.NextID(name), Author: name, Round: n, Kind: dr.Kind, Body: dr.Body, Refs: dr.Refs, Finding: dr.Finding}); err != nil {
				return false, fmt.Errorf("discussion: round %d: %s: %w", n, name, err)
			}
			progress = progress || dr.Kind != board.Question
		}
		if len(res.Dropped) > 0 {
			var why []string
			for _, p := range res.Dropped {
				why = append(why, p.String())
			}
			if err := r.note(ctx, n, fmt.Sprintf("Dropped %d post(s) of %s that were still invalid after one repair: %s.", len(res.Dropped), name, strings.Join(why, "; "))); err != nil {
				return false, err
			}
		}
	}
	return progress, nil
}

// seed returns the label shuffle's seed journaled under key.
func (r *runner) seed(ctx context.Context, key string) (uint64, error) {
	return journal.Step(ctx, r.j, key, func(context.Context) (uint64, error) {
		if r.d.Seeds != nil {
			return r.d.Seeds(key), nil
		}
		var b [8]byte
		if _, err := rand.Read(b[:]); err != nil {
			return 0, err
		}
		return binary.BigEndian.Uint64(b[:]), nil
	})
}

func mustTimeout(p ParticipantSpec) time.Duration {
	d, err := p.timeout()
	if err != nil { // Validate refused it
		return DefaultTimeout
	}
	return d
}

// take asks p for its turn: within its deadline, once more when it fails,
// then it is absent. An answer with invalid posts is repaired once; what
// is still invalid is dropped. Only the caller's ctx ending is an error.
func take(ctx context.Context, p Participant, t Turn, v view, timeout time.Duration) (turnResult, error) {
	var res turnResult
	a, err := askOnce(ctx, p, t, timeout, &res)
	if err != nil && ctx.Err() == nil {
		a, err = askOnce(ctx, p, t, timeout, &res) // asked once more
	}
	switch {
	case ctx.Err() != nil:
		return res, ctx.Err()
	case err != nil:
		res.Absent = failure(err, timeout)
		return res, nil
	}
	ok, probs := checkAnswer(t.Round, a, v)
	if len(probs) > 0 {
		res.Repaired = true
		t.Previous = &a
		for _, p := range probs {
			t.Repair = append(t.Repair, p.String())
		}
		a2, err := askOnce(ctx, p, t, timeout, &res)
		switch {
		case ctx.Err() != nil:
			return res, ctx.Err()
		case err != nil: // the first answer's valid posts stand
			probs = append(probs, problem{Index: -1, Kind: "repair", What: "the repair call failed: " + failure(err, timeout)})
		default:
			ok, probs = checkAnswer(t.Round, a2, v)
		}
	}
	res.Posts, res.Dropped = ok, probs
	return res, nil
}

// askOnce makes one call of p within its deadline, counting its usage.
func askOnce(ctx context.Context, p Participant, t Turn, timeout time.Duration, res *turnResult) (Answer, error) {
	cctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	a, err := p.Turn(cctx, t)
	res.Usage, res.Model = res.Usage.Add(a.Usage), cmp.Or(a.Model, res.Model)
	return a, err
}

// failure says on one line why a call failed.
func failure(err error, timeout time.Duration) string {
	if errors.Is(err, context.DeadlineExceeded) {
		return fmt.Sprintf("no answer within its deadline of %s", timeout)
	}
	return oneLine(err.Error())
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
