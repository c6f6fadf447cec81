package loop_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
)

// A council round made into items: each answering call is kept as a
// Review, each failed one as a Skip, and a finding a decision rejected in
// an earlier round (the rejection memory) is dropped with a note rather
// than offered again.
func ExampleItemsOf() {
	text := []byte("It is worth noting that Go is fast.\n")
	slop := agent.ReviewerFunc{ReviewerName: "anti-ai-slop", Fn: func(context.Context, agent.Target) (agent.Review, error) {
		return agent.Review{Model: "small", Usage: agent.Usage{Calls: 1, InputTokens: 900, OutputTokens: 60}, Report: finding.Report{
			Reviewer: "anti-ai-slop", SchemaVersion: finding.SchemaVersion, Summary: "One stock phrase.",
			Findings: []finding.Finding{{ID: "F001", Category: "ai-slop", LineRange: finding.LineRange{Start: 1, End: 1}, Issue: "stock phrase",
				Fix: "Go", Confidence: 90, Severity: finding.Low, Quotes: []string{"It is worth noting that Go"}}}}}, nil
	}}
	down := agent.ReviewerFunc{ReviewerName: "fact-checker", Fn: func(context.Context, agent.Target) (agent.Review, error) {
		return agent.Review{}, errors.New("provider: 503 Service Unavailable")
	}}
	c := council.Council{Members: council.Members(slop, down)}
	answered := func(r loop.Review) string {
		return fmt.Sprint(r.Reviewer, " (", r.Model, ", ", r.Usage.InputTokens, " tokens in): ", len(r.Report.Findings), " finding(s)")
	}
	show := func(f loop.Findings) {
		for _, r := range f.Reviews {
			fmt.Println("answered:", answered(r))
		}
		for _, s := range f.Skips {
			fmt.Println("skipped:", s.Reviewer, s.Reason)
		}
		for _, it := range f.Items {
			fmt.Println("offered:", it.Key)
		}
		for _, it := range f.Dropped {
			fmt.Println("dropped:", it.Key, it.Note != "")
		}
	}
	round, _ := c.Run(context.Background(), agent.Target{Path: "post.md", Text: text, Round: 1})
	first := loop.ItemsOf(text, round, loop.Aggregation{Round: 1, File: "post.md"})
	show(first)

	memory := []loop.Rejection{{Round: 1, Item: first.Items[0], Reason: "the phrase is the author's voice"}}
	round, _ = c.Run(context.Background(), agent.Target{Path: "post.md", Text: text, Round: 2})
	show(loop.ItemsOf(text, round, loop.Aggregation{Round: 2, File: "post.md", Rejected: memory}))
	// Output:
	// answered: anti-ai-slop (small, 900 tokens in): 1 finding(s)
	// skipped: fact-checker provider: 503 Service Unavailable
	// offered: r1/anti-ai-slop/F001
	// answered: anti-ai-slop (small, 900 tokens in): 1 finding(s)
	// skipped: fact-checker provider: 503 Service Unavailable
	// dropped: r2/anti-ai-slop/F001 true
}
