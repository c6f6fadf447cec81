package rounds

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
)

// Outcome is what a run did and why it stopped.
type Outcome struct {
	// Reason is why the run stopped.
	Reason loop.StopReason `json:"reason"`
	// StopWords is the driver's own wording of Reason, when the kernel's
	// (loop.StopReason.Describe) is not true of its loop: say, "converged: 2
	// consecutive clean rounds". Empty means Reason.Describe(); see
	// StopText.
	StopWords string `json:"stop_words,omitempty"`
	// Rounds is the number of rounds run (the last may have stopped at the
	// gate).
	Rounds int `json:"rounds"`
	// Applied lists the findings applied, in order.
	Applied []Entry `json:"applied"`
	// Rejected lists the findings rejected, with reasons.
	Rejected []Entry `json:"rejected"`
	// Unresolved lists the last round's findings that were neither applied
	// nor rejected.
	Unresolved []Entry `json:"unresolved"`
	// Skipped lists every reviewer call skipped in the run, by round, with
	// the reason in full.
	Skipped []SkippedCall `json:"skipped"`
	// Usage sums every reviewer call of the run.
	Usage agent.Usage `json:"usage"`
	// Cost is what the run's reviewer calls cost in US dollars, by the
	// prices given; calls of models without a price count 0.
	Cost float64 `json:"cost_usd"`
	// CostUnknown reports that Cost is not the run's whole cost: a call
	// reported no tokens (a command-line provider, say) or used a model
	// without a price, and Cost counts only the other calls. CostText says
	// it for people.
	CostUnknown bool `json:"cost_unknown"`
	// Costs breaks Cost down by round and reviewer.
	Costs []Cost `json:"costs,omitempty"`
	// File is the document the run worked on (the first, in a run over
	// several).
	File string `json:"file"`
	// Files are the documents the run worked on, in order.
	Files []string `json:"files"`
	// DryRun reports a run that wrote no document (Run.DryRun): what
	// Applied lists would have been applied.
	DryRun bool `json:"dry_run,omitempty"`
	// Notes are the rounds of a loop without findings, as OutcomeOf was
	// given them; nil for an Outcome of Review's rounds.
	Notes []RoundNote `json:"notes,omitempty"`
	// Changed, when Reason is loop.DocumentChanged, is the text of
	// Finish's error: which document changed and that the run is closed
	// with what it applied. A Driver's Stop carries no error, so this is
	// how a program holding the Outcome alone says what changed.
	Changed string `json:"changed,omitempty"`
}

// Entry is one finding of an Outcome: which round, which item, where it
// stands (finding.Status: applied, rejected or open), what was decided,
// by whom and why.
type Entry struct {
	Round  int            `json:"round"`
	Item   loop.Item      `json:"item"`
	Status finding.Status `json:"status"`
	Action Action         `json:"action,omitempty"`
	// By is "policy", "gate" or the driver's decider; empty for an
	// undecided finding.
	By string `json:"by,omitempty"`
	// Reason is the decision's reason, if it gave one.
	Reason string `json:"reason,omitempty"`
}

// ApprovedAdvice reports whether e was approved by the gate but stays
// open because it has no edit to apply: advice only, or a fix that could
// not be placed (see askGate). A person has to make the change by hand or
// reject it.
func (e Entry) ApprovedAdvice() bool {
	return e.Action == Defer && e.By == "gate" && strings.HasPrefix(e.Reason, approvedNoEdit)
}

// ApprovedAdvice counts the unresolved findings the gate approved that
// have no edit to apply (Entry.ApprovedAdvice).
func (o *Outcome) ApprovedAdvice() int {
	n := 0
	for _, e := range o.Unresolved {
		if e.ApprovedAdvice() {
			n++
		}
	}
	return n
}

// UnresolvedHigh counts the unresolved findings of high severity.
func (o *Outcome) UnresolvedHigh() int {
	n := 0
	for _, e := range o.Unresolved {
		if e.Item.Finding.Severity == finding.High {
			n++
		}
	}
	return n
}

// Cost is what one reviewer's calls of one round cost.
type Cost struct {
	Round    int         `json:"round"`
	Reviewer string      `json:"reviewer"`
	Model    string      `json:"model,omitempty"`
	Usage    agent.Usage `json:"usage"`
	// USD is the cost in US dollars; Priced is false when the price
	// table has no price for Model (USD is then 0, not a guess).
	USD    float64 `json:"usd"`
	Priced bool    `json:"priced"`
}

// SkippedCall is a skipped reviewer call as an Outcome lists it: its
// round and its Skip.
type SkippedCall struct {
	Round int `json:"round"`
	loop.Skip
}

// Outcome summarises rounds, the run's rounds so far, stopped for reason,
// pricing usage with prices (nil: tokens only). A finding counts as
// applied when its decision's side effect is on disk and not undone (in a
// dry run: when it would have been applied).
func (r *Run[S]) Outcome(rounds []*Round, reason loop.StopReason, prices agent.Prices) *Outcome {
	o := &Outcome{Reason: reason, File: r.Docs[0].File, Applied: []Entry{}, Rejected: []Entry{}, Unresolved: []Entry{}, Skipped: []SkippedCall{}, DryRun: r.DryRun}
	for _, d := range r.Docs {
		o.Files = append(o.Files, d.File)
	}
	status := r.statusOf()
	for _, rd := range rounds {
		o.Rounds = rd.N
		for _, doc := range rd.Docs {
			for _, rv := range doc.Findings.Reviews {
				o.add(rd.N, rv.Reviewer, rv.Model, rv.Usage, prices)
			}
			for _, s := range doc.Findings.Skips {
				o.add(rd.N, s.Reviewer, s.Model, s.Usage, prices)
				o.Skipped = append(o.Skipped, SkippedCall{Round: rd.N, Skip: s})
			}
		}
		last := rd == rounds[len(rounds)-1]
		for _, it := range rd.Items() {
			d, _ := rd.Decisions.Get(it.Key)
			e := Entry{Round: rd.N, Item: it, Status: status(rd, it), Action: d.Action, By: d.By, Reason: d.Reason}
			switch {
			case e.Status == finding.Applied:
				o.Applied = append(o.Applied, e)
			case e.Status == finding.Rejected:
				o.Rejected = append(o.Rejected, e)
			case last:
				o.Unresolved = append(o.Unresolved, e)
			}
		}
	}
	return o
}

// statusOf returns where an item of a round stands: applied (its edit is
// on disk, or would be in a dry run), rejected, or open.
func (r *Run[S]) statusOf() func(*Round, loop.Item) finding.Status {
	landed := r.Landed()
	return func(rd *Round, it loop.Item) finding.Status {
		d, ok := rd.Decisions.Get(it.Key)
		switch {
		case ok && d.Action == Reject:
			return finding.Rejected
		case ok && d.Action == Apply && (r.DryRun || landed[fmt.Sprintf("r%d/%s", rd.N, phaseOf(d))]):
			return finding.Applied
		}
		return finding.Open
	}
}

// phaseOf names the side effect that applies decision d.
func phaseOf(d Decision) string {
	if d.By == "policy" {
		return "policy"
	}
	return "gate"
}

// Finish ends the run unless it waits at or was stopped by the gate (a
// resume goes on then) and returns the error for o: nil when the run
// converged or stopped for a reason in RunConfig.Succeeded; the change
// when Stopped closed the run because a document was changed by someone
// else (it matches ErrDocumentChanged, and its text is kept in
// o.Changed); otherwise one wrapping
// loop.ErrNotConverged that says why (and, for an Outcome of Review's rounds,
// the findings left open). It renders nothing. The error is recorded on
// the run's span (RecordError).
func (r *Run[S]) Finish(o *Outcome) (err error) {
	r.traceEnd(o.Reason)
	defer func() { r.RecordError(err) }()
	if o.Reason != loop.AwaitingDecisions && o.Reason != loop.GateStopped {
		if err := r.End(o.Reason); err != nil {
			return err
		}
	}
	if o.Reason == loop.DocumentChanged && r.changed != nil {
		err := fmt.Errorf("%w; the run is closed with what it applied: run again to review the file as it is now", r.changed)
		o.Changed = err.Error()
		return err
	}
	switch {
	case o.Reason == loop.Converged || slices.Contains(r.cfg.Succeeded, o.Reason):
		return nil
	case o.Reason == loop.NoReviewerAnswered:
		return o.Unanswered()
	}
	if o.Notes != nil {
		return fmt.Errorf("%w: %s after %d round(s)", loop.ErrNotConverged, o.Reason, o.Rounds)
	}
	return fmt.Errorf("%w: %s after %d round(s), %d finding(s) open (%d high)", loop.ErrNotConverged, o.Reason, o.Rounds, len(o.Unresolved), o.UnresolvedHigh())
}

// AddUsage counts one call's usage and cost (by prices; nil counts tokens
// only) into the outcome, under round and who (a reviewer, or a driver's
// own agent such as "resolver"), so Usage, Cost and Costs include the
// calls a driver makes besides the reviewers'. Outcome adds the
// reviewers' calls itself.
func (o *Outcome) AddUsage(round int, who, model string, u agent.Usage, prices agent.Prices) {
	o.add(round, who, model, u, prices)
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
	if u.Total() == 0 || !priced {
		o.CostUnknown = true
	}
	for i := range o.Costs {
		c := &o.Costs[i]
		if c.Round == round && c.Reviewer == reviewer && c.Model == model {
			c.Usage, c.USD = c.Usage.Add(u), c.USD+usd
			return
		}
	}
	o.Costs = append(o.Costs, Cost{Round: round, Reviewer: reviewer, Model: model, Usage: u, USD: usd, Priced: priced})
}

// CostText says what the run cost, for people: "$0.0123", or when the
// cost is unknown (CostUnknown) "unknown" with why, and what the priced
// calls cost if they cost anything.
func (o *Outcome) CostText() string {
	if !o.CostUnknown {
		return fmt.Sprintf("$%.4f", o.Cost)
	}
	var why, unpriced []string
	for _, c := range o.Costs {
		switch {
		case c.Usage.Total() == 0:
			if !slices.Contains(why, "the provider reported no tokens") {
				why = append(why, "the provider reported no tokens")
			}
		case !c.Priced:
			m := cmp.Or(c.Model, "an unnamed model")
			if !slices.Contains(unpriced, m) {
				unpriced = append(unpriced, m)
			}
		}
	}
	if len(unpriced) > 0 {
		why = append(why, "no price for "+strings.Join(unpriced, ", "))
	}
	if o.Cost > 0 {
		why = append([]string{fmt.Sprintf("$%.4f for the priced calls", o.Cost)}, why...)
	}
	return "unknown (" + strings.Join(why, "; ") + ")"
}

// Text says what c cost, for people: "0.0123" (US dollars), "no price"
// for a model without one, "unknown (no tokens)" when the calls reported
// no tokens.
func (c Cost) Text() string {
	switch {
	case c.Usage.Calls > 0 && c.Usage.Total() == 0:
		return "unknown (no tokens)"
	case !c.Priced:
		return "no price"
	}
	return fmt.Sprintf("%.4f", c.USD)
}

// skipReasons lists why each call of round n was skipped, on one line.
func skipReasons(skips []SkippedCall, n int) string {
	var parts []string
	for _, s := range skips {
		if s.Round == n {
			parts = append(parts, fmt.Sprintf("%s (shot %d): %s", s.Reviewer, s.Shot, loop.SkipText(s.Skip)))
		}
	}
	return strings.Join(parts, "; ")
}

// Stopped turns how a driver's rounds ended (a stop reason, or an error)
// into the run's stop reason: an error matching ErrDocumentChanged (a
// document changed by someone else, so nothing more is written) closes
// the run with loop.DocumentChanged, and Finish returns that error; any other
// error is returned as it is (the run can be resumed).
func (r *Run[S]) Stopped(stop loop.StopReason, err error) (loop.StopReason, error) {
	switch {
	case errors.Is(err, ErrDocumentChanged):
		r.changed = err
		return loop.DocumentChanged, nil
	case err != nil:
		return "", err
	}
	return stop, nil
}
