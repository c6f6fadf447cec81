package loop

// StopReason says why a loop stopped.
type StopReason string

// The reasons a loop stops.
const (
	// Converged: every high finding of the last round was applied or
	// rejected.
	Converged StopReason = "converged"
	// MaxRounds: the round cap was hit before the loop's stop rules said
	// it converged.
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
		return "the round cap was reached before the run converged"
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
