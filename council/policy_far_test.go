package council

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
)

// TestSelectHoldsFarQuote is issue 22 item 8: a low, confident finding
// whose quote is found only far from its hinted line is anchored, but
// Select holds it for a human instead of applying it unasked.
func TestSelectHoldsFarQuote(t *testing.T) {
	var b strings.Builder
	for i := 1; i <= 60; i++ {
		line := fmt.Sprintf("第%d項：設定は既定のままでよい。", i)
		if i == 50 {
			line = "第50項：変更後は再起動が必要です。"
		}
		b.WriteString(line + "\r\n")
	}
	f := finding.Finding{ID: "F001", Category: "style", Severity: finding.Low, Confidence: 95, Issue: "wording",
		Quotes: []string{"再起動が必要です"}, Fix: "再起動は不要です", LineRange: finding.LineRange{Start: 5, End: 5}}
	round := &Round{Results: []Result{{Reviewer: "style", Shot: 1,
		Review: agent.Review{Report: finding.Report{Reviewer: "style", SchemaVersion: "1", Findings: []finding.Finding{f}}}}}}
	tab := Aggregate([]byte(b.String()), round, Options{})
	changes, held := tab.Safe()
	if len(changes) != 0 || len(held) != 1 || held[0].Anchor == nil || !held[0].Anchor.Far {
		t.Fatalf("Safe applies %+v and holds %+v; want the far edit held", changes, held)
	}
}
