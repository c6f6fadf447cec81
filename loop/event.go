package loop

import "github.com/kaigi-dev/kaigi/council"

// EventKind says what happened in a run. Each driver names its own kinds
// (this package's for the review rounds of editorial and goldfish); a
// display that knows none of them shows Event.Text.
type EventKind string

// A run's events. Those named after a journal point (Reviewed, Planned,
// Written, UndoPlanned, UndoWritten, UndoRecorded) come once the journal
// holds it, before the driver goes on: a test kills the process there.
const (
	RoundStarted EventKind = "round-started" // a round begins (Run.Review)
	Reviewed     EventKind = "reviewed"      // a reviewer's Review was journaled
	Decided      EventKind = "decided"       // the round's gate decisions are journaled
	Planned      EventKind = "planned"       // a patch is journaled but not yet written
	Written      EventKind = "written"       // a patch is on disk but not yet journaled as done
	RoundEnded   EventKind = "round-ended"   // the round's artifacts are written (the driver emits it)
	CouncilEvent EventKind = "council"       // a council event; Council holds it
	UndoPlanned  EventKind = "undo-planned"  // an undo journaled what it will revert; nothing is reverted yet
	UndoWritten  EventKind = "undo-written"  // one patch's revert is on disk but not yet journaled
	UndoRecorded EventKind = "undo-recorded" // one patch's revert is journaled
)

// Event reports a run's progress. It is the one progress type of the
// drivers: editorial and goldfish report it as it is, and the others embed
// it in their own event, which adds what only they know (a discussion's
// participant, a multi-shot wave's slice). An Observer is called from the
// goroutine that runs the loop, never concurrently.
type Event struct {
	Kind EventKind
	// Round is the round (a multi-shot wave) the event belongs to; 0 for
	// a driver's steps outside rounds.
	Round int
	// Text says what happened in a line, for a display that does not know
	// the driver; empty when Kind and Round say it all.
	Text string
	// Council is the council's event, for CouncilEvent only.
	Council *council.Event
}
