package discussion

// EventKind says what happened in a discussion.
type EventKind string

// The events of a discussion, in the order they happen. A resumed
// discussion reports the replayed ones again, at once.
const (
	RoundStarted EventKind = "round-started" // a round's turns begin
	TurnTaken    EventKind = "turn-taken"    // a participant's turn is journaled; its posts go on the board next
	Tripped      EventKind = "circuit-open"  // the circuit breaker ended the debate
	Concluded    EventKind = "concluded"     // the lead's answer is journaled
	FellBack     EventKind = "fell-back"     // the debate fell back to a plain fan-out
)

// Event reports a discussion's progress to Discussion.Observer.
type Event struct {
	Kind  EventKind
	Round int
	// Participant names the participant of a TurnTaken.
	Participant string
	// Posts counts the posts a TurnTaken put on the board; Dropped those
	// still invalid after the repair.
	Posts, Dropped int
	// Absent is why the participant is absent, for a TurnTaken.
	Absent string
	// Reason is the fallback's, for FellBack.
	Reason string
}

// emit hands e to the observer, if any.
func (r *runner) emit(e Event) {
	if r.d.Observer != nil {
		r.d.Observer(e)
	}
}
