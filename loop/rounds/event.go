package rounds

import "github.com/kaigi-dev/kaigi/loop"

// A run's events. Those named after a journal point (Reviewed, Planned,
// Written, UndoPlanned, UndoWritten, UndoRecorded) come once the journal
// holds it, before the driver goes on: a test kills the process there.
const (
	RoundStarted loop.EventKind = "round-started" // a round begins (Run.Review)
	Reviewed     loop.EventKind = "reviewed"      // a reviewer's Review was journaled
	Decided      loop.EventKind = "decided"       // the round's gate decisions are journaled
	Planned      loop.EventKind = "planned"       // a patch is journaled but not yet written
	Written      loop.EventKind = "written"       // a patch is on disk but not yet journaled as done
	RoundEnded   loop.EventKind = "round-ended"   // the round's artifacts are written (the driver emits it)
	CouncilEvent loop.EventKind = "council"       // a council event; Council holds it
	UndoPlanned  loop.EventKind = "undo-planned"  // an undo journaled what it will revert; nothing is reverted yet
	UndoWritten  loop.EventKind = "undo-written"  // one patch's revert is on disk but not yet journaled
	UndoRecorded loop.EventKind = "undo-recorded" // one patch's revert is journaled
)
