package discussion_test

import (
	"os"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/discussion"
)

// The progress lines of a round in which one seat posted and another was
// absent, then the circuit breaker.
func ExampleEvent_WriteText() {
	for _, e := range []discussion.Event{
		{Event: loop.Event{Kind: discussion.RoundStarted, Round: 2}},
		{Event: loop.Event{Kind: discussion.TurnTaken, Round: 2}, Participant: "security", Posts: 3, Dropped: 1},
		{Event: loop.Event{Kind: discussion.TurnTaken, Round: 2}, Participant: "style", Absent: "timed out\x1b[2J"},
		{Event: loop.Event{Kind: discussion.Tripped, Round: 2}},
	} {
		e.WriteText(os.Stdout)
	}
	// Output:
	// round 2 ...
	//   security: 3 post(s), 1 dropped
	//   style: absent (timed out\x1b[2J)
	// circuit breaker: no progress for two rounds, the debate stops after round 2
}
