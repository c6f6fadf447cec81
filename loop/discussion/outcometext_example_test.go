package discussion_test

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/discussion"
	"github.com/kaigi-dev/kaigi/loop/discussion/board"
)

// The account a command prints of a discussion the circuit breaker
// stopped after its first round, with one seat absent: the board by
// round, why it stopped, the verdict, where the files are and the
// command's Resume.
func ExampleOutcome_WriteText() {
	b := board.New(board.Meta{ID: "d1", Topic: "Ready?", Participants: []string{"a", "b"}, Lead: "lead"})
	for _, p := range []board.Post{
		{ID: "a/p1", Author: "a", Round: 1, Kind: board.Claim, Body: "The opener is\na stock phrase."},
		{ID: "b/p1", Author: "b", Round: 1, Kind: board.Concession, Body: "Agreed.", Refs: []string{"a/p1"}},
	} {
		if err := b.Add(p); err != nil {
			fmt.Println(err)
			return
		}
	}
	o := &discussion.Outcome{ID: "d1", Dir: "disc", Board: b, Rounds: 1, Stopped: loop.CircuitOpen,
		Verdict: json.RawMessage(`{"verdict":"PASS"}`), Absent: []discussion.Absence{{Name: "c", Round: 1, Reason: "timed out"}},
		Resume: "review -resume"}
	o.WriteText(os.Stdout)
	// Output:
	// Round 1
	//   a/p1         claim     : The opener is a stock phrase.
	//   b/p1         concession -> a/p1: Agreed.
	//
	// The debate stopped early: circuit-open
	// Absent: c from round 1: timed out
	//
	// Verdict:
	// {"verdict":"PASS"}
	//
	// Board: disc/whiteboard.md
	// Verdict: disc/verdict.json
	// Summary: disc/summary.md
	// Resume an interrupted run: review -resume
}
