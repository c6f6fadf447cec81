package loop

import "github.com/kaigi-dev/kaigi/council"

// EventKind says what happened in a run. Each driver names its own kinds
// (package rounds' for the review rounds of editorial and goldfish); a
// display that knows none of them shows Event.Text.
type EventKind string

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
