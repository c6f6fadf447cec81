package editorial_test

import (
	"context"
	"errors"
	"fmt"
	"github.com/kaigi-dev/kaigi/loop"
	"os"
	"path/filepath"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop/editorial"
)

// A run of the Editorial Swarm with one reviewer that flags a stock
// phrase: the policy applies the safe fix, no high finding is left open,
// so the run converges after its round; Undo brings the article back
// byte for byte.
func ExampleLoop_Run() {
	folder, _ := os.MkdirTemp("", "editorial-example")
	defer os.RemoveAll(folder)
	article := filepath.Join(folder, "post.md")
	os.WriteFile(article, []byte("# Go\n\nIt is worth noting that Go is fast.\n"), 0o644)
	slop := agent.ReviewerFunc{ReviewerName: "anti-ai-slop", Fn: func(_ context.Context, t agent.Target) (agent.Review, error) {
		rep := finding.Report{Reviewer: "anti-ai-slop", SchemaVersion: finding.SchemaVersion, Summary: "ok", Findings: []finding.Finding{}}
		if strings.Contains(string(t.Text), "It is worth noting that ") {
			rep.Findings = append(rep.Findings, finding.Finding{ID: "F001", Category: "ai-slop", LineRange: finding.LineRange{Start: 3, End: 3},
				Issue: "stock phrase", Fix: "Go", Quotes: []string{"It is worth noting that Go"}, Severity: finding.Low, Confidence: 90})
		}
		return agent.Review{Report: rep}, nil
	}}
	l := &editorial.Loop{Council: council.Council{Members: council.Members(slop)}, Dir: filepath.Join(folder, ".editorial")}
	out, err := l.Run(context.Background(), article)
	if err != nil && !errors.Is(err, loop.ErrNotConverged) {
		fmt.Println(err)
		return
	}
	text, _ := os.ReadFile(article)
	fmt.Printf("%s after %d rounds, %d applied: %q\n", out.Reason, out.Rounds, len(out.Applied), strings.TrimSpace(string(text)))
	rounds, err := editorial.Undo(l.Dir, 0)
	text, _ = os.ReadFile(article)
	fmt.Println("undone", rounds, err, strings.Contains(string(text), "worth noting"))
	// Output:
	// converged after 1 rounds, 1 applied: "# Go\n\nGo is fast."
	// undone [1] <nil> true
}
