package offline

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
)

// TestReviewLinesFiltersBeforeCap: limited to line 83, the rule that
// finds a stock opener on lines 7 and 83 of a long document reports line
// 83, where Review keeps line 7 and holds 83 back.
func TestReviewLinesFiltersBeforeCap(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Notes\n\n")
	for i := range 60 {
		switch i {
		case 2:
			b.WriteString("In today's fast-paced world, teams can leverage the cart to ship faster.\n\n")
			continue
		case 40: // not verbatim: a repeated sentence's hits are reported once
			b.WriteString("In today's fast-paced world, teams can leverage the order module to ship sooner.\n\n")
			continue
		}
		fmt.Fprintf(&b, "The cart module number %d keeps each line item with its price and quantity for the order total.\n\n", i)
	}
	target := agent.Target{Path: "a.md", Text: []byte(b.String())}
	r := AntiAISlop(Config{Enabled: []string{SetStrict}}) // en-stock-phrase is not on by default
	whole, err := r.Review(context.Background(), target)
	if err != nil || len(whole.Report.Findings) == 0 || whole.Report.Findings[0].LineRange.Start != 7 {
		t.Fatalf("Review: %+v %v", whole.Report.Findings, err)
	}
	got, err := r.ReviewLines(context.Background(), target, []finding.LineRange{{Start: 80, End: 85}, {Start: 1, End: 1}})
	if err != nil || len(got.Report.Findings) != 2 {
		t.Fatalf("ReviewLines: %+v %v", got.Report.Findings, err)
	}
	for i, f := range got.Report.Findings {
		if f.LineRange.Start != 83 || f.ID != fmt.Sprintf("F%03d", i+1) || strings.Contains(f.Issue, "more like this") {
			t.Errorf("finding %+v", f)
		}
	}
}
