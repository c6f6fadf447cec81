package editorial_test

import (
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/editorial"
)

// TestDescribe: the Editorial Swarm says its stops in the words its
// summary.md, report.html and commands have always printed.
func TestDescribe(t *testing.T) {
	for r, want := range map[loop.StopReason]string{
		loop.Converged:                "converged: every high finding was applied or rejected",
		loop.AwaitingDecisions:        "waiting for decisions at the gate (see pending.md in the last round)",
		editorial.RewriteRequested:    "a reviewer asked for a whole rewrite, which is out of scope for polishing",
		editorial.DryRunEnded:         "dry run: the document was not changed; the journal and artifacts were written",
		loop.RoundCapReached:          "the round cap was reached before the run converged",
		loop.Stalled:                  "a round changed nothing, so another would review the same text",
		loop.GateStopped:              "stopped at the gate; resume to go on",
		loop.DocumentChanged:          "the document was changed outside the run, which closed it",
		loop.Undone:                   "undone: the document is as it was before the run",
		loop.NoReviewerAnswered:       "no reviewer answered, so the document was not reviewed (see the skipped reviewers)",
		loop.StopReason("other-stop"): "other-stop",
	} {
		if got := editorial.Describe(r); got != want {
			t.Errorf("Describe(%s) = %q, want %q", r, got, want)
		}
	}
}
