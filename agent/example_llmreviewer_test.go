package agent_test

import (
	"context"
	"fmt"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/scripted"
)

func ExampleNewLLMReviewer() {
	// A scripted provider stands in for a model: its first answer is not
	// valid Council JSON v1 (confidence is a string), so the reviewer asks
	// once more and gets a corrected report.
	p := scripted.New(
		scripted.Text(`{"reviewer": "anti-ai-slop", "schema_version": "1", "summary": "One stock phrase.", "findings": [
		  {"id": "F001", "category": "ai-slop", "line_range": "2", "issue": "Stock phrase adds nothing",
		   "fix": "", "confidence": "high", "severity": "low", "quotes": ["It is worth noting that"]}]}`),
		scripted.Text("```json\n"+`{"reviewer": "anti-ai-slop", "schema_version": "1", "summary": "One stock phrase.", "findings": [
		  {"id": "F001", "category": "ai-slop", "line_range": "2", "issue": "Stock phrase adds nothing",
		   "fix": "", "confidence": 90, "severity": "low", "quotes": ["It is worth noting that "]}]}`+"\n```"),
	)
	persona := agent.Persona{Name: "anti-ai-slop", Category: "ai-slop", Lens: "Phrases a model writes and a person would not"}
	r := agent.NewLLMReviewer(p, persona)

	rev, err := r.Review(context.Background(), agent.Target{
		Path: "post.md",
		Text: []byte("# Go\nIt is worth noting that Go compiles fast.\n"),
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range rev.Report.Findings {
		fmt.Printf("%s line %s [%s/%d] %s: %q\n", rev.Report.Reviewer, f.LineRange, f.Severity, f.Confidence, f.Issue, f.Quote())
	}
	fmt.Println("calls:", rev.Usage.Calls)
	// Output:
	// anti-ai-slop line 2 [low/90] Stock phrase adds nothing: "It is worth noting that "
	// calls: 2
}
