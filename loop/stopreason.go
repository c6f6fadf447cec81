package loop

import "errors"

// StopReason says why a loop stopped.
type StopReason string

// The reasons a loop stops.
const (
	// Converged: the loop's stop rules found the work done (no finding
	// left open that must be closed, k clean rounds, a version that held
	// k times); the driver's Describe says by which rule.
	Converged StopReason = "converged"
	// RoundCapReached: the round cap was hit before the loop's stop rules said
	// it converged.
	RoundCapReached StopReason = "max-rounds"
	// Stalled: a round changed nothing (no edit applied, nothing newly
	// rejected), so another round would review the same text with the same
	// instructions.
	Stalled StopReason = "stalled"
	// AwaitingDecisions: the gate left something undecided (a file gate
	// with no decision for it yet, a question not answered); resume once
	// the decisions exist.
	AwaitingDecisions StopReason = "awaiting-decisions"
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
	// schema twice), so the round judged nothing; rounds.Outcome.Skipped says
	// why. It is never a convergence.
	NoReviewerAnswered StopReason = "no-reviewer-answered"
)

// Describe says the stop reason in the kernel's words, for people: true
// of any loop, so a driver says its own (what converged means, where the
// gate's pending decisions are) through rounds.RunConfig.Describe or
// rounds.Outcome.StopWords. A reason the kernel does not define is said as it is.
func (r StopReason) Describe() string {
	switch r {
	case Converged:
		return "converged: the loop's stop rule found the work done"
	case RoundCapReached:
		return "the round cap was reached before the run converged"
	case Stalled:
		return "a round changed nothing, so another would review the same text"
	case AwaitingDecisions:
		return "waiting for decisions at the gate; resume once they are made"
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

// ErrNotConverged is matched by the error a driver returns when its run
// stopped before converging: at the round cap or stalled with findings
// open, waiting at or stopped by the gate, asked for a rewrite, or when no
// reviewer answered (rounds.Run.Finish, a discussion's Run).
var ErrNotConverged = errors.New("not converged")
