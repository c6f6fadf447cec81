package rounds_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// A run over two documents names them relative to their common folder;
// its Outcome lists each finding as an Entry, each skipped reviewer call
// with its round, and what every reviewer's calls of a round cost. Undo
// refuses a document edited since the run (ErrDocumentChanged) and, once
// the run is reverted, has nothing left to undo (ErrNothingToUndo).
func ExampleRun_Outcome() {
	folder, _ := os.MkdirTemp("", "outcome-example")
	defer os.RemoveAll(folder)
	docs := []string{filepath.Join(folder, "docs", "post.md"), filepath.Join(folder, "docs", "guide", "setup.md")}
	os.MkdirAll(filepath.Dir(docs[1]), 0o755)
	os.WriteFile(docs[0], []byte("It is worth noting that Go is fast.\n"), 0o644)
	os.WriteFile(docs[1], []byte("Run go build.\n"), 0o644)
	slop := agent.ReviewerFunc{ReviewerName: "anti-ai-slop", Fn: func(_ context.Context, t agent.Target) (agent.Review, error) {
		rep := finding.Report{Reviewer: "anti-ai-slop", SchemaVersion: finding.SchemaVersion, Summary: "ok", Findings: []finding.Finding{}}
		if t.Path == "post.md" {
			rep.Findings = append(rep.Findings, finding.Finding{ID: "F001", Category: "ai-slop", LineRange: finding.LineRange{Start: 1, End: 1},
				Issue: "stock phrase", Fix: "Go", Confidence: 90, Severity: finding.Low, Quotes: []string{"It is worth noting that Go"}})
		}
		return agent.Review{Report: rep, Model: "small", Usage: agent.Usage{Calls: 1, InputTokens: 1000, OutputTokens: 100}}, nil
	}}
	down := agent.ReviewerFunc{ReviewerName: "fact-checker", Fn: func(context.Context, agent.Target) (agent.Review, error) {
		return agent.Review{}, errors.New("provider: 503 Service Unavailable")
	}}
	c := council.Council{Members: council.Members(slop, down)}
	cfg := rounds.RunConfig{Dir: filepath.Join(folder, ".run"), Driver: "example"}
	ctx := context.Background()
	r, err := rounds.OpenRun(ctx, cfg, docs, false, true, func() struct{} { return struct{}{} }, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	rd, err := reviewOnce(ctx, r, c, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	if _, err := r.Decide(ctx, rd, rounds.Policy{}, rounds.AutoGate{}); err != nil {
		fmt.Println(err)
		return
	}
	document := func(d rounds.Doc, part *rounds.DocRound) {
		fmt.Printf("%s: %d finding(s), %d skipped call(s)\n", d.Name, len(part.Findings.Items), len(part.Findings.Skips))
	}
	for i, d := range r.Docs {
		document(d, rd.Docs[i])
	}
	o := r.Outcome([]*rounds.Round{rd}, loop.Converged, agent.Prices{"small": {Input: 1, Output: 10}})
	entry := func(e rounds.Entry) { fmt.Println(e.Round, e.Item.Key, e.Status, e.By) }
	cost := func(c rounds.Cost) {
		fmt.Printf("round %d %s: %d calls, $%.4f\n", c.Round, c.Reviewer, c.Usage.Calls, c.USD)
	}
	skipped := func(s rounds.SkippedCall) { fmt.Println(s.Round, s.Reviewer, loop.SkipText(s.Skip)) }
	for _, e := range o.Applied {
		entry(e)
	}
	for _, c := range o.Costs {
		cost(c)
	}
	skipped(o.Skipped[0])
	fmt.Println(r.Finish(o))
	r.Close()

	os.WriteFile(docs[0], []byte("Go is fast, as edited by hand.\n"), 0o644)
	_, err = rounds.UndoRun[struct{}](ctx, cfg, 0, nil)
	fmt.Println(errors.Is(err, rounds.ErrDocumentChanged))
	os.WriteFile(docs[0], []byte("Go is fast.\n"), 0o644)
	reverted, err := rounds.UndoRun[struct{}](ctx, cfg, 0, nil)
	text, _ := os.ReadFile(docs[0])
	fmt.Print(reverted, " ", err, ": ", string(text))
	_, err = rounds.UndoRun[struct{}](ctx, cfg, 0, nil)
	fmt.Println(errors.Is(err, rounds.ErrNothingToUndo))
	// Output:
	// post.md: 1 finding(s), 1 skipped call(s)
	// guide/setup.md: 0 finding(s), 1 skipped call(s)
	// 1 r1/anti-ai-slop/F001 applied policy
	// round 1 anti-ai-slop: 2 calls, $0.0040
	// 1 fact-checker provider: 503 Service Unavailable
	// <nil>
	// true
	// [1] <nil>: It is worth noting that Go is fast.
	// true
}
