package multishot_test

import (
	"os"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop/multishot"
)

// The lines a command prints of a session that is not done: one finding
// left, a note on what was not reviewed, and where its summary is.
func ExampleSummary_WriteText() {
	s := &multishot.Summary{Remaining: 1, Waves: make([]multishot.WaveReport, 2), Findings: make([]multishot.Finding, 3),
		Dedupe: multishot.DedupeStats{Auto: 1}, Usage: agent.Usage{Calls: 4, InputTokens: 300, OutputTokens: 60},
		Notes: []string{"docs/logo.png: binary, not reviewed"}}
	s.WriteText(os.Stdout, "session")
	// Output:
	// ok=false remaining=1 waves=2 findings=3; dedupe: 1 automatic, 0 manual
	// note: docs/logo.png: binary, not reviewed
	// usage: 4 call(s), 360 tokens
	// summary: session/summary.md
}
