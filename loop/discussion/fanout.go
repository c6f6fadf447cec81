package discussion

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// fanOut is the fallback's result: each target's findings, aggregated as
// the Editorial Swarm aggregates a round (loop.ReviewRound, loop.ItemsOf).
type fanOut struct {
	Reason  string
	Targets []string
	Items   []loop.Findings
}

// fallBack falls back from the debate to a plain fan-out: the reason is
// journaled (the step "fallback") and noted on the board, every
// participant's Reviewer reviews every target independently (each call a
// journal step), and the verdict is computed from the findings: FAIL with a
// high finding, WARN with a medium one, else PASS; critical names the high
// findings by key; the other fields of the spec's verdict example, if it
// gave one, are left empty. It is validated against the spec's schema. A
// target no reviewer answered on gets no verdict: fallBack then returns
// none, with r.stopped set to loop.NoReviewerAnswered and r.noAnswer
// saying why.
func (r *runner) fallBack(ctx context.Context, rounds int, reason string) (json.RawMessage, error) {
	reason, err := journal.Step(ctx, r.j, "fallback", func(context.Context) (string, error) { return reason, nil })
	if err != nil {
		return nil, fmt.Errorf("discussion: %w", err)
	}
	r.log.Warn("discussion: fallback to a plain fan-out", "reason", reason)
	if err := r.note(ctx, rounds+1, "Fallback to a plain fan-out (independent reviews, aggregated): "+reason+"."); err != nil {
		return nil, err
	}
	c := council.Council{}
	timeout := DefaultTimeout
	for i, p := range r.d.Participants {
		c.Members = append(c.Members, council.Member{Reviewer: p.Reviewer()})
		timeout = max(timeout, mustTimeout(r.spec.Participants[i]))
	}
	c.Timeout = timeout
	f := &fanOut{Reason: reason}
	var critical []Critical
	counts := map[finding.Severity]int{}
	for _, t := range r.targets {
		text := []byte(t.Text)
		cr, err := loop.ReviewRound(ctx, r.j, "fanout/"+t.Name+"/review", c, agent.Target{Path: t.Name, Text: text, Round: 1})
		if err != nil {
			return nil, fmt.Errorf("discussion: fallback: %s: %w", t.Name, err)
		}
		r.usage = r.usage.Add(cr.Usage)
		items := loop.ItemsOf(text, cr, loop.Aggregation{Round: 1, File: t.Name})
		if len(r.targets) > 1 {
			items.InFile(t.Name)
		}
		for _, it := range items.Items {
			counts[it.Finding.Severity]++
			if it.Finding.Severity == finding.High {
				critical = append(critical, Critical{Points: []string{it.Key}, Issue: it.Finding.Issue})
			}
		}
		f.Targets, f.Items = append(f.Targets, t.Name), append(f.Items, items)
	}
	r.fanout = f
	if unread := f.unread(); len(unread) > 0 {
		r.stopped = loop.NoReviewerAnswered
		r.noAnswer = fmt.Sprintf("no reviewer answered on %s (%s)", strings.Join(unread, ", "), f.skipReasons(unread))
		if err := r.note(ctx, rounds+1, "No verdict: "+r.noAnswer+"."); err != nil {
			return nil, err
		}
		return nil, nil
	}
	verdict := "PASS"
	switch {
	case counts[finding.High] > 0:
		verdict = "FAIL"
	case counts[finding.Medium] > 0:
		verdict = "WARN"
	}
	v := fillExample(map[string]any{
		"verdict":   verdict,
		"critical":  slices.Clip(append([]Critical{}, critical...)),
		"consensus": "",
		"summary": fmt.Sprintf("Fallback (%s): a plain fan-out of %d reviewer(s) found %d high, %d medium and %d low finding(s).",
			reason, len(c.Members), counts[finding.High], counts[finding.Medium], counts[finding.Low]),
	}, r.spec.VerdictExample)
	raw, _ := json.Marshal(v)
	final, err := withRunnerFields(raw, r.absent, reason)
	if err != nil {
		return nil, err
	}
	sch, err := compileVerdictSchema(r.spec.VerdictSchema)
	if err != nil {
		return nil, err
	}
	if vs := validateAgainst(sch, final); len(vs) > 0 {
		return nil, fmt.Errorf("discussion: the fan-out's verdict does not fit the verdict schema: %v", vs)
	}
	return final, nil
}

// unread returns the targets on which no reviewer answered.
func (f *fanOut) unread() []string {
	var names []string
	for i, items := range f.Items {
		if len(items.Reviews) == 0 {
			names = append(names, f.Targets[i])
		}
	}
	return names
}

// skipReasons says on one line why the reviewers of targets were skipped.
func (f *fanOut) skipReasons(targets []string) string {
	var why []string
	for i, items := range f.Items {
		if !slices.Contains(targets, f.Targets[i]) {
			continue
		}
		for _, sk := range items.Skips {
			w := sk.Reviewer + ": " + oneLine(loop.SkipText(sk))
			if !slices.Contains(why, w) {
				why = append(why, w)
			}
		}
	}
	if len(why) == 0 {
		return "no reviewer was asked"
	}
	return strings.Join(why, "; ")
}
