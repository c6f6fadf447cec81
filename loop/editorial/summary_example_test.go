package editorial_test

import (
	"fmt"
	"os"
	"strconv"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/editorial"
)

// A run waiting for decisions, as a command shows it: the account, with
// the run folder as the person named it, and how to decide and go on.
func ExampleSummary_WriteText() {
	open := editorial.Entry{Round: 1, Status: finding.Open, Item: loop.Item{Reviewer: "fact-checker", Lines: finding.LineRange{Start: 4, End: 4},
		Finding: finding.Finding{Severity: finding.High, Confidence: 80, Issue: "unsourced figure"}}}
	s := &editorial.Summary{
		Outcome: &editorial.Outcome{Reason: loop.AwaitingDecisions, Rounds: 1, Unresolved: []editorial.Entry{open}},
		Dir:     "my run",
		Resume:  "editorial-swarm -resume -out 'my run' article.md",
		Quote:   strconv.Quote,
	}
	s.WriteText(os.Stdout)
	fmt.Println(s.Err())
	// Output:
	// Stopped after 1 round(s): waiting for decisions at the gate (see pending.md in the last round).
	//
	// STATUS          ROUND  LINE  FINDING
	// open (pending)  R1     4     [high/80] fact-checker: unsourced figure
	//
	// 0 applied, 0 rejected, 1 open (1 high).
	// Tokens: none (no model was called).
	// Artifacts: my run (summary.md, round-N/findings.md, applied.diff, ...)
	// Report: my run/report.html
	//
	// To decide the open findings, copy "my run/round-1/pending.json" to "my run/decisions.json", set each "action" to apply, reject or defer, and run:
	//   editorial-swarm -resume -out 'my run' article.md
	// not converged: awaiting-decisions after 1 round(s), 1 finding(s) open (1 high)
}
