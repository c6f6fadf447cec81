package goldfish_test

import (
	"github.com/kaigi-dev/kaigi/agent"
	"os"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/goldfish"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// The account a command prints of a finished run: here one that stopped at
// its round cap with one finding left open, after one model call whose
// provider reported no tokens.
func ExampleOutcome_WriteText() {
	o := &goldfish.Outcome{
		Outcome:    &rounds.Outcome{Reason: loop.RoundCapReached, Rounds: 3, Unresolved: []rounds.Entry{{Round: 3}}},
		Agreements: []goldfish.Agreement{{Reviewer: "style", Jaccard: 0.5}},
		ReportFile: ".goldfish/goldfish_review_report.md",
		Stop:       "the round cap of 3 round(s) was reached",
	}
	o.AddUsage(1, "style", "m", agent.Usage{Calls: 1}, nil)
	o.WriteText(os.Stdout)
	// Output:
	// Stopped after 3 round(s): the round cap of 3 round(s) was reached
	// Applied 0, rejected or contested 0, unresolved 1.
	// Self-agreement of style: 0.50
	// 1 model call(s), cost unknown (the provider reported no tokens).
	// Report: .goldfish/goldfish_review_report.md
}
