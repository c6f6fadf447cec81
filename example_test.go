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

// A reviewer that flags a stock phrase and proposes a shorter sentence, and
// doubts a claim it cannot check. Real programs use the LLM reviewer
// (agent.NewLLMReviewer) or the offline reviewers (providers/offline).
func slop(ctx context.Context, t agent.Target) (agent.Review, error) {
	rep := finding.Report{Reviewer: "anti-ai-slop", SchemaVersion: finding.SchemaVersion, Summary: "One stock phrase, one doubtful claim.", Findings: []finding.Finding{}}
	if strings.Contains(string(t.Text), "It's worth noting that ") {
		rep.Findings = append(rep.Findings, finding.Finding{
			ID: "F001", Category: "ai-slop", LineRange: finding.LineRange{Start: 2, End: 2},
			Issue: "Stock phrase adds nothing", Fix: "Go", Confidence: 90, Severity: finding.Low,
			Quotes: []string{"It's worth noting that Go"},
		})
	}
	if strings.Contains(string(t.Text), "compiles fast") {
		rep.Findings = append(rep.Findings, finding.Finding{
			ID: "F002", Category: "unsourced-claim", LineRange: finding.LineRange{Start: 2, End: 2},
			Issue: "Speed claim without a source", Fix: "compiles fast (source needed)", Confidence: 40, Severity: finding.High,
			Quotes: []string{"compiles fast"},
		})
	}
	return agent.Review{Report: rep}, nil
}

// Example runs one council round over a document, aggregates the reports,
// and applies what the default policy allows (low severity, no conflict,
// confidence at least 70) as a reversible patch; the rest waits for a
// human.
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
		fmt.Printf("%s [%s, %s] %s\n", row.Key, row.State.Current(), row.Placement, row.Finding.Issue)
	}
	changes, held := table.Safe()
	for _, row := range held {
		fmt.Printf("for a human: %s (%s, confidence %d)\n", row.Key, row.Finding.Severity, row.Finding.Confidence)
	}
	patch, err := apply.NewPatch(doc, changes)
	if err != nil {
		fmt.Println(err)
		return
	}
	edited, _ := patch.Apply(doc)
	fmt.Print(string(edited))
	restored, _ := patch.Inverse().Apply(edited)
	fmt.Println(string(restored) == string(doc))
	// Output:
	// anti-ai-slop/F001 [open, ready] Stock phrase adds nothing
	// anti-ai-slop/F002 [open, ready] Speed claim without a source
	// for a human: anti-ai-slop/F002 (high, confidence 40)
	// # Notes
	// Go compiles fast.
	// true
}
