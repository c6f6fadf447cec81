package loop_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/kaigi-dev/kaigi/apply/document"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
)

// A rewrite of one section lands in the document's own conventions: the
// new text, written with LF, takes the CRLF line ends of the section it
// replaces, and the next section is left as it was.
func ExampleReplaceTarget() {
	text := []byte("# Notes\r\n\r\n## Retry\r\n\r\nRetry once.\r\n\r\n## Next\r\n")
	out, err := loop.ReplaceTarget(text, document.Target{Heading: "Retry"}, []byte("## Retry\n\nRetry twice,\nthen stop.\n"))
	fmt.Printf("%q %v\n", out, err)
	// Output: "# Notes\r\n\r\n## Retry\r\n\r\nRetry twice,\r\nthen stop.\r\n\r\n## Next\r\n" <nil>
}

// A loop of its own stops with Stalled once three rounds in a row changed
// nothing; rounds that changed something break the streak.
func ExampleStreak() {
	stop := loop.FirstOf(loop.NoAnswer(), loop.Streak(3, loop.Stalled, func(s loop.RoundSummary) bool { return !s.Changed }), loop.RoundCap(10))
	var rounds []loop.RoundSummary
	for i, changed := range []bool{false, false, true, false, false, false, true} {
		rounds = append(rounds, loop.RoundSummary{Round: i + 1, Answered: 1, Changed: changed})
		if why, ok := stop(rounds); ok {
			fmt.Println("round", i+1, why)
			return
		}
	}
	// Output: round 6 stalled
}

// Goldfish's rule: a run converges once two rounds in a row were clean,
// every reviewer answering and nothing of medium severity or above open;
// low findings do not keep it going.
func ExampleCleanRounds() {
	stop := loop.FirstOf(loop.NoAnswer(), loop.CleanRounds(2, finding.Medium), loop.RoundCap(5))
	open := []map[finding.Severity]int{{finding.High: 1}, {finding.Low: 2}, {finding.Medium: 1}, {finding.Low: 1}, nil}
	var rounds []loop.RoundSummary
	for i, o := range open {
		rounds = append(rounds, loop.RoundSummary{Round: i + 1, Answered: 2, Open: o, Changed: true})
		if why, ok := stop(rounds); ok {
			fmt.Println("round", i+1, why)
			return
		}
	}
	// Output: round 5 converged
}

// A resume of a folder where no run was ever started starts one: the
// driver's resume returns ErrNotStarted, and StartOrResume calls it again
// to start. Any other resume error is returned as it is.
func ExampleStartOrResume() {
	d := loop.DriverFunc(func(_ context.Context, _ string, _ json.RawMessage, resume bool) (loop.Stop, error) {
		if resume {
			fmt.Println("resume: nothing started")
			return loop.Stop{}, fmt.Errorf("example: %w", loop.ErrNotStarted)
		}
		fmt.Println("start")
		return loop.Stop{Reason: "done"}, nil
	})
	stop, err := loop.StartOrResume(context.Background(), d, os.TempDir(), nil, true)
	fmt.Println(stop.Reason, err)
	// Output:
	// resume: nothing started
	// start
	// done <nil>
}
