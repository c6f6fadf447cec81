package goldfish

import (
	"cmp"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// decisionOf says what became of item it in round rd: "applied",
// "contested" (rejected on the resolver's argument), "rejected" (by the
// gate), "deferred" or "open".
func decisionOf(rd *rounds.Round, it loop.Item) string {
	dec, ok := rd.Decisions.Get(it.Key)
	switch {
	case !ok:
		return "open"
	case dec.Action == rounds.Apply:
		return "applied"
	case dec.Action == rounds.Reject && dec.By == "resolver":
		return "contested"
	case dec.Action == rounds.Reject:
		return "rejected"
	}
	return "deferred"
}

// reviewerViews returns each goldfish's part of round rd.
func (d *driver) reviewerViews(rd *rounds.Round, g *goldRound) []ReviewerView {
	var out []ReviewerView
	f := rd.Docs[0].Findings
	for _, name := range d.r.Settings.Reviewers {
		v := ReviewerView{Name: name}
		answered := false
		for _, rv := range f.Reviews {
			answered = answered || rv.Reviewer == name
		}
		for _, s := range f.Skips {
			if s.Reviewer == name && !answered {
				v.Skipped = loop.SkipText(s)
			}
		}
		if !answered && v.Skipped == "" {
			v.Skipped = "no answer"
		}
		for _, it := range f.Items {
			if it.Reviewer != name {
				continue
			}
			v.Findings++
			if st := decisionOf(rd, it); it.Finding.Severity.Rank() >= finding.Medium.Rank() && (st == "open" || st == "deferred") {
				v.Open++
			}
		}
		if a, ok := d.agree[name]; ok {
			v.Agreement = &a
			v.Weak = v.Skipped == "" && v.Open == 0 && a.Weak(d.r.Settings.MinAgreement)
		}
		out = append(out, v)
	}
	return out
}

// view returns what the report shows of round n.
func (d *driver) view(n int, stop loop.StopReason) RoundView {
	rd, g, s := d.rs[n-1], d.gs[n-1], d.r.Settings
	v := RoundView{Round: n, Cap: s.MaxRounds, Path: d.r.Docs[0].Name, Target: s.Target.String(), Lines: finding.LineRange(g.region.Lines),
		SHA256: hexOf(g.region.Hash), Gate: g.choice, Summary: g.summary, Reviewers: d.reviewerViews(rd, g), Closing: g.closing}
	if stop != "" {
		v.Stop = d.stopText(stop)
	}
	for _, it := range rd.Docs[0].Findings.Items {
		res := g.ruling[it.Key]
		note := it.Note
		if it.Far && !strings.Contains(note, farNote(it)) {
			note = strings.TrimPrefix(note+"; "+farNote(it), "; ")
		}
		v.Findings = append(v.Findings, FindingView{Key: it.Key, Reviewer: it.Reviewer, Level: LevelOf(it.Finding.Severity), Lines: it.Lines,
			Issue: it.Finding.Issue, Evidence: it.Finding.Quotes, Fix: it.Finding.Fix, Kind: res.Kind, Reason: res.Reason,
			Decision: decisionOf(rd, it), Note: note, Reopens: g.reopened[it.Key]})
	}
	for _, it := range g.memDrop {
		v.Dropped = append(v.Dropped, FindingView{Key: it.Key, Reviewer: it.Reviewer, Level: LevelOf(it.Finding.Severity), Lines: it.Lines, Issue: it.Finding.Issue, Note: it.Note})
	}
	return v
}

// report writes round n's goldfish_review_report.md, in its round folder
// and as the run folder's latest; nothing while replaying only.
func (d *driver) report(n int, stop loop.StopReason) error {
	if d.r.ReplayOnly() {
		return nil
	}
	v := d.view(n, stop)
	var prev *RoundView
	if n > 1 {
		p := d.view(n-1, "")
		prev = &p
	}
	data := RenderReport(v, prev)
	if err := loop.WriteRendering(filepath.Join(d.r.Dir, "round-"+strconv.Itoa(n), ReportName), data); err != nil {
		return err
	}
	return loop.WriteRendering(filepath.Join(d.r.Dir, ReportName), data)
}

// finish makes the run's Outcome, with the resolver's and synthesizer's
// usage, and writes summary.md and the latest report with the stop.
func (d *driver) finish(stop loop.StopReason) (*Outcome, error) {
	o := d.r.Outcome(d.rs, stop, d.l.Prices)
	for _, s := range d.spent {
		o.AddUsage(s.round, s.who, s.model, s.usage, d.l.Prices)
	}
	o.StopWords = d.stopText(stop)
	if err := d.r.WriteSummary("Goldfish summary", o, d.rs); err != nil {
		return nil, err
	}
	if _, err := d.r.WriteReport("Goldfish review report", o, d.rs); err != nil {
		return nil, err
	}
	out := &Outcome{Outcome: o, ReportFile: filepath.Join(d.r.Dir, ReportName), Stop: o.StopWords}
	for _, a := range d.agree {
		out.Agreements = append(out.Agreements, a)
	}
	slices.SortFunc(out.Agreements, func(a, b Agreement) int { return cmp.Compare(a.Reviewer, b.Reviewer) })
	if n := len(d.gs); n > 0 && len(d.rs) == n {
		v := d.view(n, stop)
		var prev *RoundView
		if n > 1 {
			p := d.view(n-1, "")
			prev = &p
		}
		if err := loop.WriteRendering(out.ReportFile, RenderReport(v, prev)); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Describe says why a Goldfish run stopped, in words: Converged is
// "k consecutive clean rounds", AwaitingDecisions names the gate's
// pending.md, any other reason as loop.StopReason says.
func Describe(reason loop.StopReason, cleanRounds int) string {
	switch reason {
	case loop.Converged:
		return "converged: " + strconv.Itoa(cleanRounds) + " consecutive clean rounds (every goldfish answered, nothing at Major or above left open, no fix written)"
	case loop.AwaitingDecisions:
		return rounds.PendingText
	}
	return reason.Describe()
}

// stopText says why the run stopped, in words that are true of it: at the
// round cap, what kept the last round from counting as clean (see
// clean); waiting, whether for an answer or for the gate's decisions; any
// other reason as Describe says it.
func (d *driver) stopText(stop loop.StopReason) string {
	n, k := len(d.rs), d.r.Settings.CleanRounds
	switch {
	case stop == loop.AwaitingDecisions && n > 0 && !d.rs[n-1].Waiting: // a question, not the findings' gate
		return "waiting for an answer (see " + loop.QuestionsFile + " in the run folder; write " + loop.AnswersFile + " and resume)"
	case stop != loop.RoundCapReached || n == 0 || len(d.gs) < n:
		return Describe(stop, k)
	}
	rd, g, sum := d.rs[n-1], d.gs[n-1], d.rs[n-1].Summary()
	var why []string
	if sum.Answered == 0 || sum.Skipped > 0 {
		why = append(why, "not every goldfish answered")
	}
	if open := sum.OpenAtOrAbove(finding.Medium); open > 0 {
		why = append(why, fmt.Sprintf("left %d Blocker/Major finding(s) open", open))
	}
	if edited(rd) {
		why = append(why, "wrote a fix")
	}
	if d.weak(g) {
		why = append(why, "had a clean answer from a goldfish of low self-agreement")
	}
	if len(why) == 0 {
		run := 0
		for i := n - 1; i >= 0 && d.isClean(i); i-- {
			run++
		}
		return fmt.Sprintf("the round cap of %d round(s) was reached with %d of the %d consecutive clean rounds needed", d.r.Settings.MaxRounds, run, k)
	}
	return fmt.Sprintf("the round cap of %d round(s) was reached before %d consecutive clean rounds: round %d %s", d.r.Settings.MaxRounds, k, n, strings.Join(why, ", "))
}
