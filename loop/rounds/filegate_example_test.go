package rounds_test

import (
	"context"
	"encoding/json"
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

// reviewerOf is a reviewer that reports fs on every text.
func reviewerOf(name string, fs ...finding.Finding) agent.ReviewerFunc {
	return agent.ReviewerFunc{ReviewerName: name, Fn: func(context.Context, agent.Target) (agent.Review, error) {
		return agent.Review{Report: finding.Report{Reviewer: name, SchemaVersion: finding.SchemaVersion, Summary: "ok",
			Findings: append([]finding.Finding{}, fs...)}}, nil
	}}
}

// reviewOnce reviews round n of r with c, as a driver's review function.
func reviewOnce[S any](ctx context.Context, r *rounds.Run[S], c council.Council, n int) (*rounds.Round, error) {
	return r.Review(ctx, n, func(ctx context.Context, i int, text []byte) (loop.Findings, error) {
		cr, err := loop.ReviewRound(ctx, r.J, r.Key(n, i, "review"), c, agent.Target{Path: r.Docs[i].Name, Text: text, Round: n})
		if err != nil {
			return loop.Findings{}, err
		}
		return loop.ItemsOf(text, cr, loop.Aggregation{Round: n, File: r.Docs[i].Name}), nil
	})
}

// A gate for CI: the round stops at the gate (AwaitingDecisions) with the
// undecided findings in its pending.json; a program fills in each
// "action" and writes the decisions file, and the resumed run applies
// them. A decisions file the gate cannot use (here: a typo in a key) is
// refused whole, naming the file (ErrBadDecisions), and nothing of it is
// used.
func ExampleFileGate() {
	folder, _ := os.MkdirTemp("", "filegate-example")
	defer os.RemoveAll(folder)
	doc := filepath.Join(folder, "post.md")
	os.WriteFile(doc, []byte("Go was released in 2012.\n"), 0o644)
	c := council.Council{Members: council.Members(reviewerOf("fact-checker", finding.Finding{ID: "F001", Category: "correctness",
		LineRange: finding.LineRange{Start: 1, End: 1}, Issue: "wrong year", Fix: "2009", Confidence: 95, Severity: finding.High, Quotes: []string{"2012"}}))}
	cfg := rounds.RunConfig{Dir: filepath.Join(folder, ".run"), Driver: "example"}
	gate := rounds.FileGate{Path: filepath.Join(cfg.Dir, "decisions.json")}
	ctx := context.Background()
	execute := func(resume bool) (loop.StopReason, error) { // one execution of round 1, as after a restart
		r, err := rounds.OpenRun(ctx, cfg, []string{doc}, resume, true, func() struct{} { return struct{}{} }, nil)
		if err != nil {
			return "", err
		}
		defer r.Close()
		rd, err := reviewOnce(ctx, r, c, 1)
		if err != nil {
			return "", err
		}
		stop, err := r.Decide(ctx, rd, rounds.Policy{}, gate)
		if err == nil {
			err = r.RenderRound(rd, rounds.Policy{})
		}
		return stop, err
	}
	fmt.Println(execute(false))

	var pending []rounds.Pending
	data, _ := os.ReadFile(filepath.Join(cfg.Dir, "round-1", "pending.json"))
	json.Unmarshal(data, &pending)
	fmt.Println(pending[0].Key, pending[0].Lines, pending[0].Quote, "->", pending[0].Fix)

	os.WriteFile(gate.Path, []byte(`[{"key": "r1/fact-checker/F009", "action": "apply"}]`), 0o644)
	_, err := execute(true)
	fmt.Println(errors.Is(err, rounds.ErrBadDecisions))

	pending[0].Action = "apply"
	data, _ = json.Marshal(pending)
	os.WriteFile(gate.Path, data, 0o644)
	fmt.Println(execute(true))
	text, _ := os.ReadFile(doc)
	fmt.Print(string(text))
	// Output:
	// awaiting-decisions <nil>
	// r1/fact-checker/F001 1 2012 -> 2009
	// true
	//  <nil>
	// Go was released in 2009.
}
