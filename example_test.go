package kaigi_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
)

// A reviewer that flags a stock phrase and proposes a shorter sentence.
// Real programs use the LLM reviewer (agent.NewLLMReviewer) or the offline
// reviewers (providers/offline).
func slop(ctx context.Context, t agent.Target) (agent.Review, error) {
	rep := finding.Report{Reviewer: "anti-ai-slop", SchemaVersion: finding.SchemaVersion, Summary: "One stock phrase.", Findings: []finding.Finding{}}
	if strings.Contains(string(t.Text), "It's worth noting that ") {
		rep.Findings = append(rep.Findings, finding.Finding{
			ID: "F001", Category: "ai-slop", LineRange: finding.LineRange{Start: 2, End: 2},
			Issue: "Stock phrase adds nothing", Fix: "Go", Confidence: 90, Severity: finding.Low,
			Quotes: []string{"It's worth noting that Go"},
		})
	}
	return agent.Review{Report: rep}, nil
}

// Example runs one council round over a document, aggregates the reports,
// and applies the non-conflicting edits as a reversible patch.
func Example() {
	doc := []byte("# Notes\nIt's worth noting that Go compiles fast.\n")
	c := council.Council{Members: council.Members(
		agent.ReviewerFunc{ReviewerName: "anti-ai-slop", Fn: slop},
	)}
	round, err := c.Run(context.Background(), agent.Target{Path: "notes.md", Text: doc})
	if err != nil {
		fmt.Println(err)
		return
	}
	table := council.Aggregate(doc, round, council.Options{})
	for _, row := range table.Rows {
		fmt.Printf("%s [%s] %s\n", row.Key, row.Status, row.Finding.Issue)
	}
	patch, err := apply.NewPatch(doc, table.Changes)
	if err != nil {
		fmt.Println(err)
		return
	}
	edited, _ := patch.Apply(doc)
	fmt.Print(string(edited))
	restored, _ := patch.Inverse().Apply(edited)
	fmt.Println(string(restored) == string(doc))
	// Output:
	// anti-ai-slop/F001 [ready] Stock phrase adds nothing
	// # Notes
	// Go compiles fast.
	// true
}
