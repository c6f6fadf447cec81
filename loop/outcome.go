package loop

import (
	"errors"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
)

// StopReason says why a loop stopped.
type StopReason string

// The reasons a loop stops.
const (
	// Converged: every high finding of the last round was applied or
	// rejected.
	Converged StopReason = "converged"
	// MaxRounds: the round cap was hit with high findings unresolved.
	MaxRounds StopReason = "max-rounds"
	// Stalled: a round changed nothing (no edit applied, nothing newly
	// rejected), so another round would review the same text with the same
	// instructions.
	Stalled StopReason = "stalled"
	// AwaitingDecisions: the gate left findings pending (a file gate with no
	// decision for them yet); resume once the decisions exist.
	AwaitingDecisions StopReason = "awaiting-decisions"
	// RewriteRequested: a reviewer asked for a whole rewrite (category
	// "rewrite"), which is out of scope for polishing.
	RewriteRequested StopReason = "rewrite-requested"
	// DryRun: one round was reviewed and decided; the document was left
	// alone, while the journal and the artifacts (the diff shows what
	// would change) were written.
	DryRun StopReason = "dry-run"
	// GateStopped: the gate asked to stop (a human quit the checklist);
	// what was decided is kept and the run can be resumed.
	GateStopped StopReason = "gate-stopped"
	// DocumentChanged: someone else changed the document between rounds;
	// the run is closed with what it had applied.
	DocumentChanged StopReason = "document-changed"
	// Undone: Undo reverted the run.
	Undone StopReason = "undone"
	// NoReviewerAnswered: every reviewer call of a round was skipped (a
	// wrong key, a server that cannot be reached, answers that broke the
	// schema twice), so the round judged nothing; Outcome.Skipped says
	// why. It is never a convergence.
	NoReviewerAnswered StopReason = "no-reviewer-answered"
)

// Describe says the stop reason in words, for people.
func (r StopReason) Describe() string {
	switch r {
	case Converged:
		return "converged: every high finding was applied or rejected"
	case MaxRounds:
		return "the round cap was reached with high findings open"
	case Stalled:
		return "a round changed nothing, so another would review the same text"
	case AwaitingDecisions:
		return "waiting for decisions at the gate (see pending.md in the last round)"
	case RewriteRequested:
		return "a reviewer asked for a whole rewrite, which is out of scope for polishing"
	case DryRun:
		return "dry run: the document was not changed; the journal and artifacts were written"
	case GateStopped:
		return "stopped at the gate; resume to go on"
	case DocumentChanged:
		return "the document was changed outside the run, which closed it"
	case Undone:
		return "undone: the document is as it was before the run"
	case NoReviewerAnswered:
		return "no reviewer answered, so the document was not reviewed (see the skipped reviewers)"
	}
	return string(r)
}

// done reports whether a run that stopped for r is finished with the
// document: converged, or a dry run.
func (r StopReason) done() bool { return r == Converged || r == DryRun }

// ErrNotConverged is matched (errors.Is) by the error Run returns when it
// stops before converging: at the round cap or stalled with high findings
// open, waiting at or stopped by the gate, asked for a rewrite, or when no
// reviewer answered.
var ErrNotConverged = errors.New("loop: not converged")

// Outcome is what a run did and why it stopped.
type Outcome struct {
	// Reason is why the run stopped.
	Reason StopReason `json:"reason"`
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
	// Cost is what the run's reviewer calls cost in US dollars, by
	// Loop.Prices; calls of models without a price count 0.
	Cost float64 `json:"cost_usd"`
	// Costs breaks Cost down by round and reviewer.
	Costs []Cost `json:"costs,omitempty"`
	// File is the document the run worked on.
	File string `json:"file"`
}

// Entry is one finding of an Outcome: which round, which item, what was
// decided, by whom and why.
type Entry struct {
	Round  int    `json:"round"`
	Item   Item   `json:"item"`
	Action Action `json:"action,omitempty"`
	// By is "policy" or "gate". // optional
	By string `json:"by,omitempty"`
	// Reason is the decision's reason. // optional
	Reason string `json:"reason,omitempty"`
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
