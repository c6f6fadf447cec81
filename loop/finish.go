package loop

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
)

// finish builds the run's Outcome, writes summary.md, and journals the end
// of the run unless it waits at or was stopped by the gate (a resume goes
// on then).
func (r *runner) finish(reason StopReason) (*Outcome, error) {
	o := outcome(r.st, reason, r.l.Prices)
	if err := writeFile(filepath.Join(r.l.Dir, "summary.md"), renderSummary(o, r.l.Dir, r.st)); err != nil {
		return nil, fmt.Errorf("loop: %w", err)
	}
	if reason != AwaitingDecisions && reason != GateStopped {
		if _, err := r.j.Append(kindEnd, 0, o); err != nil {
			return nil, err
		}
		r.st.end = o
	}
	if reason == NoReviewerAnswered {
		return o, fmt.Errorf("%w: no reviewer answered in round %d: %s", ErrNotConverged, o.Rounds, skipReasons(o.Skipped, o.Rounds))
	}
	if !reason.done() {
		return o, fmt.Errorf("%w: %s after %d round(s), %d finding(s) open (%d high)", ErrNotConverged, reason, o.Rounds, len(o.Unresolved), o.UnresolvedHigh())
	}
	return o, nil
}

// outcome summarises a run's state. In a dry run the findings that would
// have been applied are listed as applied.
func outcome(st *runState, reason StopReason, prices agent.Prices) *Outcome {
	o := &Outcome{Reason: reason, File: st.start.File, Applied: []Entry{}, Rejected: []Entry{}, Unresolved: []Entry{}, Skipped: []SkippedCall{}}
	applied := func(rs *roundState, d Decision) bool {
		return d.Action == Apply && (rs.landed(d) || st.start.DryRun)
	}
	var last *roundState
	for _, rs := range st.rounds {
		if rs.items == nil {
			continue
		}
		last = rs
		o.Rounds = rs.n
		for _, rv := range rs.reviews {
			o.add(rs.n, rv.Reviewer, rv.Model, rv.Usage, prices)
		}
		for _, s := range rs.items.Skips {
			o.add(rs.n, s.Reviewer, s.Model, s.Usage, prices)
			o.Skipped = append(o.Skipped, SkippedCall{Round: rs.n, Skip: s})
		}
		for _, it := range rs.items.Items {
			d, ok := rs.decided(it.Key)
			e := Entry{Round: rs.n, Item: it, Action: d.Action, By: d.By, Reason: d.Reason}
			switch {
			case ok && applied(rs, d):
				o.Applied = append(o.Applied, e)
			case ok && d.Action == Reject:
				o.Rejected = append(o.Rejected, e)
			}
		}
	}
	if last != nil {
		for _, it := range last.items.Items {
			d, ok := last.decided(it.Key)
			if ok && (d.Action == Reject || applied(last, d)) {
				continue
			}
			o.Unresolved = append(o.Unresolved, Entry{Round: last.n, Item: it, Action: d.Action, By: d.By, Reason: d.Reason})
		}
	}
	return o
}

func renderSummary(o *Outcome, dir string, st *runState) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Editorial summary (%d round(s))\n\nStopped: %s.\n\n", o.Rounds, o.Reason.Describe())
	if st.start.DryRun {
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
			fmt.Fprintf(&b, "- [R%d] %s (shot %d): %s\n", s.Round, s.Reviewer, s.Shot, cell(skipText(s.Skip)))
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
	fmt.Fprintf(&b, "- document: %s\n", relName(o.File))
	for _, rs := range st.rounds {
		if rs.items == nil {
			continue
		}
		d := filepath.ToSlash(filepath.Join(relName(dir), "round-"+strconv.Itoa(rs.n)))
		fmt.Fprintf(&b, "- round %d: %s/findings.md, %s/applied.diff\n", rs.n, d, d)
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

// rotate moves the finished run's journal j, decisions file and artifacts
// in dir to dir/history/run-K so that a new run starts clean, and returns
// the new, empty journal (the caller closes j). The caller holds j's lock,
// and the journal is moved last, so a run that starts meanwhile finds
// either the old journal (still locked) or the new one; a crash midway
// leaves the finished journal in dir, and the next run moves the rest.
func rotate(dir string, j *Journal) (*Journal, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("loop: %w", err)
	}
	hist := filepath.Join(dir, "history")
	if err := os.MkdirAll(hist, 0o755); err != nil {
		return nil, fmt.Errorf("loop: %w", err)
	}
	var dst string
	for k := 1; ; k++ {
		dst = filepath.Join(hist, "run-"+strconv.Itoa(k))
		err := os.Mkdir(dst, 0o755)
		if err == nil {
			break
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("loop: %w", err)
		}
	}
	for _, e := range entries {
		n := e.Name()
		if n == "summary.md" || n == DecisionsName || strings.HasPrefix(n, "round-") {
			if err := os.Rename(filepath.Join(dir, n), filepath.Join(dst, n)); err != nil {
				return nil, fmt.Errorf("loop: %w", err)
			}
		}
	}
	if err := j.moveTo(filepath.Join(dst, JournalName)); err != nil {
		return nil, err
	}
	nj, _, err := OpenJournal(filepath.Join(dir, JournalName))
	return nj, err
}

// DecisionsName is the decisions file's conventional name inside Loop.Dir,
// which FileGate users such as the examples read; a new run moves it to
// the history with the rest of the finished run.
const DecisionsName = "decisions.json"
