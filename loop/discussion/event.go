package discussion

import "github.com/kaigi-dev/kaigi/loop"

// The events of a discussion, in the order they happen. A resumed
// discussion reports the replayed ones again, at once.
const (
	RoundStarted loop.EventKind = "round-started" // a round's turns begin
	TurnTaken    loop.EventKind = "turn-taken"    // a participant's turn is journaled; its posts go on the board next
	Tripped      loop.EventKind = "circuit-open"  // the circuit breaker ended the debate
	Concluded    loop.EventKind = "concluded"     // the lead's answer is journaled
	FellBack     loop.EventKind = "fell-back"     // the debate fell back to a plain fan-out; Text is why
)

// Event reports a discussion's progress to Discussion.Observer: the
// kernel's loop.Event, with what a turn did.
type Event struct {
	loop.Event
	// Participant names the participant of a TurnTaken.
	Participant string
	// Posts counts the posts a TurnTaken put on the board; Dropped those
	// still invalid after the repair.
	Posts, Dropped int
	// Absent is why the participant is absent, for a TurnTaken.
	Absent string
}

// emit hands e to the observer, if any.
func (r *runner) emit(e Event) {
	if r.d.Observer != nil {
		r.d.Observer(e)
	}
}
