package rounds_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// A driver on the kernel's Run: OpenRun opens the run folder (lock,
// resume checks, start step), Review reads and reviews each document as
// journaled steps, Decide applies the policy's findings and asks the gate
// about the rest, Outcome and Finish close the run, and UndoRun reverts
// it byte for byte.
func ExampleOpenRun() {
	folder, _ := os.MkdirTemp("", "loop-run")
	defer os.RemoveAll(folder)
	doc := filepath.Join(folder, "post.md")
	os.WriteFile(doc, []byte("It is worth noting that Go is fast.\n"), 0o644)
	slop := agent.ReviewerFunc{ReviewerName: "anti-ai-slop", Fn: func(ctx context.Context, t agent.Target) (agent.Review, error) {
		rep := finding.Report{Reviewer: "anti-ai-slop", SchemaVersion: finding.SchemaVersion, Summary: "ok", Findings: []finding.Finding{}}
		if strings.Contains(string(t.Text), "worth noting") {
			rep.Findings = append(rep.Findings, finding.Finding{ID: "F001", Category: "ai-slop", LineRange: finding.LineRange{Start: 1, End: 1},
				Issue: "stock phrase", Fix: "Go", Confidence: 90, Severity: finding.Low, Quotes: []string{"It is worth noting that Go"}})
		}
		return agent.Review{Report: rep}, nil
	}}
	c := council.Council{Members: council.Members(slop)}
	cfg := rounds.RunConfig{Dir: filepath.Join(folder, ".run"), Driver: "example"}
	type settings struct {
		MaxRounds int `json:"max_rounds"`
	}
	ctx := context.Background()
	r, err := rounds.OpenRun(ctx, cfg, []string{doc}, false, true, func() settings { return settings{MaxRounds: 3} }, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	var done []*rounds.Round
	stop := loop.RoundCapReached
	for n := 1; n <= r.Settings.MaxRounds; n++ {
		rd, err := r.Review(ctx, n, func(ctx context.Context, i int, text []byte) (loop.Findings, error) {
			cr, err := loop.ReviewRound(ctx, r.J, r.Key(n, i, "review"), c, agent.Target{Path: r.Docs[i].Name, Text: text, Round: n})
			if err != nil {
				return loop.Findings{}, err
			}
			return loop.ItemsOf(text, cr, loop.Aggregation{Round: n, File: r.Docs[i].Name}), nil
		})
		if err != nil {
			fmt.Println(err)
			return
		}
		done = append(done, rd)
		if _, err := r.Decide(ctx, rd, rounds.Policy{}, rounds.AutoGate{}); err != nil {
			fmt.Println(err)
			return
		}
		if len(rd.Items()) == 0 {
			stop = loop.Converged
			break
		}
	}
	o := r.Outcome(done, stop, nil)
	fmt.Println(o.Reason, o.Rounds, "rounds,", len(o.Applied), "applied:", r.Finish(o))
	r.Close()
	text, _ := os.ReadFile(doc)
	fmt.Print(string(text))
	reverted, err := rounds.UndoRun[settings](ctx, cfg, 0, nil)
	text, _ = os.ReadFile(doc)
	fmt.Print("undone round(s) ", reverted, " ", err, ": ", string(text))
	// Output:
	// converged 2 rounds, 1 applied: <nil>
	// Go is fast.
	// undone round(s) [1] <nil>: It is worth noting that Go is fast.
}
