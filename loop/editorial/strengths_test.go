package editorial_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// TestFindingsShowStrengths: what a reviewer says works (Report.Strengths)
// is in findings.md beside its summary and memo, a line each, escaped
// like the rest of a model's text.
func TestFindingsShowStrengths(t *testing.T) {
	praise := agent.ReviewerFunc{ReviewerName: "praise", Fn: func(context.Context, agent.Target) (agent.Review, error) {
		return agent.Review{Report: finding.Report{Reviewer: "praise", SchemaVersion: finding.SchemaVersion, Summary: "Good.",
			Findings:  []finding.Finding{},
			Strengths: []string{"The opening states\nthe point.", "The example \x1b[31mruns."}, Memo: "none"}}, nil
	}}
	path := writeDoc(t, chainDoc)
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	l := &editorial.Loop{Council: council.Council{Members: council.Members(praise)}, Dir: dir, MaxRounds: 1, Gate: rounds.AutoGate{}}
	if _, err := l.Run(context.Background(), path); err != nil {
		t.Fatal(err)
	}
	mustContain(t, "findings.md", readFile(t, filepath.Join(dir, "round-1", "findings.md")),
		"Good.\n\nWhat works:\n- The opening states the point.\n- The example \\x1b[31mruns.\n\nMemo: none")
}
