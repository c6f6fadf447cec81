package editorial_test

import (
	"os"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/editorial"
)

// The account a command prints of a run that converged after one
// applied fix and one rejected finding, with one reviewer call skipped;
// the rejected finding's Japanese issue is cut to 90 terminal columns, a
// CJK character taking two.
func ExampleWriteText() {
	item := func(reviewer, issue string, line int) loop.Item {
		return loop.Item{Reviewer: reviewer, Lines: finding.LineRange{Start: line, End: line},
			Finding: finding.Finding{Severity: finding.Low, Confidence: 80, Issue: issue}}
	}
	o := &editorial.Outcome{
		Reason:   loop.Converged,
		Rounds:   2,
		Applied:  []editorial.Entry{{Round: 1, Item: item("style", "a stock phrase", 3), Status: finding.Applied, By: "policy"}},
		Rejected: []editorial.Entry{{Round: 1, Item: item("reader", "この段落は長すぎて読者が途中で迷ってしまうので二つに分けて要点を先に書いてください", 9), Status: finding.Rejected, By: "gate"}},
		Skipped:  []editorial.SkippedCall{{Round: 2, Skip: loop.Skip{Reviewer: "facts", Shot: 1, Reason: "timed out"}}},
	}
	editorial.WriteText(os.Stdout, o, ".editorial")
	// Output:
	// Stopped after 2 round(s): converged: every high finding was applied or rejected.
	//
	// STATUS            ROUND  LINE  FINDING
	// applied (policy)  R1     3     [low/80] style: a stock phrase
	// rejected          R1     9     [low/80] reader: この段落は長すぎて読者が途中で迷ってしまうので二つに分けて要点を先に書い…
	//
	// 1 applied, 1 rejected, 0 open (0 high).
	//
	// Skipped reviewers:
	//   R2 facts (shot 1): timed out
	// Tokens: none (no model was called).
	// Artifacts: .editorial (summary.md, round-N/findings.md, applied.diff, ...)
	// Report: .editorial/report.html
}
