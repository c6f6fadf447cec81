package editorial

import (
	"bytes"
	"fmt"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop"
)

// finish builds the run's Outcome, writes summary.md, and journals the end
// of the run unless it waits at or was stopped by the gate (a resume goes
// on then).
func (r *runner) finish(reason loop.StopReason) (*Outcome, error) {
	o := r.outcome(reason)
	if err := loop.WriteRendering(filepath.Join(r.l.Dir, "summary.md"), r.renderSummary(o)); err != nil {
		return nil, fmt.Errorf("editorial: %w", err)
	}
	if reason != loop.AwaitingDecisions && reason != loop.GateStopped {
		if _, err := r.j.Append(kindEnd, "", endWire{Reason: reason}); err != nil {
			return nil, err
		}
	}
	if reason == loop.NoReviewerAnswered {
		return o, fmt.Errorf("%w: no reviewer answered in round %d: %s", ErrNotConverged, o.Rounds, skipReasons(o.Skipped, o.Rounds))
	}
	if reason != loop.Converged && reason != loop.DryRun {
		return o, fmt.Errorf("%w: %s after %d round(s), %d finding(s) open (%d high)", ErrNotConverged, reason, o.Rounds, len(o.Unresolved), o.UnresolvedHigh())
	}
	return o, nil
}

// landed reports, for each side-effect key, whether it is on disk and not
// undone.
func (r *runner) landed() map[string]bool {
	out := map[string]bool{}
	for _, e := range r.j.Effects() {
		out[e.Key] = e.Done && !e.Undone
	}
	return out
}

// outcome summarises the rounds so far. In a dry run the findings that
// would have been applied are listed as applied.
func (r *runner) outcome(reason loop.StopReason) *Outcome {
	o := &Outcome{Reason: reason, File: r.start.Docs[0].File, Applied: []Entry{}, Rejected: []Entry{}, Unresolved: []Entry{}, Skipped: []SkippedCall{}}
	for _, d := range r.start.Docs {
		o.Files = append(o.Files, d.File)
	}
	landed := r.landed()
	applied := func(rs *round, d loop.Decision) bool {
		phase := "gate"
		if d.By == "policy" {
			phase = "policy"
		}
		return d.Action == loop.Apply && (landed[key(rs.n, phase)] || r.start.DryRun)
	}
	for _, rs := range r.rs {
		o.Rounds = rs.n
		for _, doc := range rs.docs {
			for _, rv := range doc.f.Reviews {
				o.add(rs.n, rv.Reviewer, rv.Model, rv.Usage, r.l.Prices)
			}
			for _, s := range doc.f.Skips {
				o.add(rs.n, s.Reviewer, s.Model, s.Usage, r.l.Prices)
				o.Skipped = append(o.Skipped, SkippedCall{Round: rs.n, Skip: s})
			}
		}
		for _, it := range rs.items() {
			d, ok := rs.decisions.Get(it.Key)
			e := Entry{Round: rs.n, Item: it, Action: d.Action, By: d.By, Reason: d.Reason}
			switch {
			case ok && applied(rs, d):
				o.Applied = append(o.Applied, e)
			case ok && d.Action == loop.Reject:
				o.Rejected = append(o.Rejected, e)
			}
		}
	}
	if len(r.rs) > 0 {
		last := r.rs[len(r.rs)-1]
		for _, it := range last.items() {
			d, ok := last.decisions.Get(it.Key)
			if ok && (d.Action == loop.Reject || applied(last, d)) {
				continue
			}
			o.Unresolved = append(o.Unresolved, Entry{Round: last.n, Item: it, Action: d.Action, By: d.By, Reason: d.Reason})
		}
	}
	return o
}

// renderSummary renders summary.md.
func (r *runner) renderSummary(o *Outcome) []byte {
	dir := r.l.Dir
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Editorial summary (%d round(s))\n\nStopped: %s.\n\n", o.Rounds, o.Reason.Describe())
	if r.start.DryRun {
		b.WriteString("## Would apply\n\n")
	} else {
		b.WriteString("## Applied\n\n")
	}
	if len(o.Applied) == 0 {
		b.WriteString("Nothing.\n")
	}
	for _, e := range o.Applied {
		how := "approved"
		if e.By == "policy" {
			how = "auto-applied"
		}
		fmt.Fprintf(&b, "- [R%d] %s: %s (line %s, %s)\n", e.Round, e.Item.Reviewer, cell(e.Item.Finding.Issue), e.Item.Lines, how)
	}
	b.WriteString("\n## Rejected\n\n")
	if len(o.Rejected) == 0 {
		b.WriteString("Nothing.\n")
	}
	for _, e := range o.Rejected {
		reason := e.Reason
		if reason == "" {
			reason = "no reason given"
		}
		fmt.Fprintf(&b, "- [R%d] %s: %s (reason: %s)\n", e.Round, e.Item.Reviewer, cell(e.Item.Finding.Issue), cell(reason))
	}
	b.WriteString("\n## Unresolved\n\n")
	if len(o.Unresolved) == 0 {
		b.WriteString("Nothing.\n")
	}
	for _, e := range o.Unresolved {
		fmt.Fprintf(&b, "- [R%d] %s (line %s)\n", e.Round, e.Item.Label(), e.Item.Lines)
	}
	if len(o.Skipped) > 0 {
		b.WriteString("\n## Skipped reviewers\n\n")
		for _, s := range o.Skipped {
			fmt.Fprintf(&b, "- [R%d] %s (shot %d): %s\n", s.Round, s.Reviewer, s.Shot, cell(loop.SkipText(s.Skip)))
		}
	}
	u := o.Usage
	fmt.Fprintf(&b, "\n## Usage\n\n%d model call(s); tokens: %d input, %d output, %d cache read, %d cache write; cost $%.4f.\n",
		u.Calls, u.InputTokens, u.OutputTokens, u.CacheReadTokens, u.CacheWriteTokens, o.Cost)
	if len(o.Costs) > 0 {
		b.WriteString("\n| round | reviewer | model | calls | tokens | cost (USD) |\n| --- | --- | --- | --- | --- | --- |\n")
		for _, c := range o.Costs {
			usd := "no price"
			if c.Priced {
				usd = fmt.Sprintf("%.4f", c.USD)
			}
			fmt.Fprintf(&b, "| %d | %s | %s | %d | %d | %s |\n", c.Round, cell(c.Reviewer), cell(c.Model), c.Usage.Calls, c.Usage.Total(), usd)
		}
	}
	b.WriteString("\n## Artifacts\n\n")
	for _, f := range o.Files {
		fmt.Fprintf(&b, "- document: %s\n", loop.RelName(f))
	}
	for _, rs := range r.rs {
		for _, doc := range rs.docs {
			d := filepath.ToSlash(r.docDir(rs.n, doc.name))
			d = filepath.ToSlash(filepath.Join(loop.RelName(dir), d[len(filepath.ToSlash(dir))+1:]))
			fmt.Fprintf(&b, "- round %d: %s/findings.md, %s/applied.diff\n", rs.n, d, d)
		}
	}
	return b.Bytes()
}

// add counts one call's usage and cost into the outcome, per round and
// reviewer.
func (o *Outcome) add(round int, reviewer, model string, u agent.Usage, prices agent.Prices) {
	if u == (agent.Usage{}) {
		return
	}
	o.Usage = o.Usage.Add(u)
	usd, priced := prices.Cost(model, u)
	o.Cost += usd
	for i := range o.Costs {
		c := &o.Costs[i]
		if c.Round == round && c.Reviewer == reviewer && c.Model == model {
			c.Usage, c.USD = c.Usage.Add(u), c.USD+usd
			return
		}
	}
	o.Costs = append(o.Costs, Cost{Round: round, Reviewer: reviewer, Model: model, Usage: u, USD: usd, Priced: priced})
}
