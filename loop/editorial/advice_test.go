package editorial_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// TestApprovedAdviceIsSaid: pending.json marks the entry that has no edit
// to apply, pending.md says so, and once the file gate approves it, the
// outcome and summary.md say it was approved but stays open, instead of
// a silent deferral.
func TestApprovedAdviceIsSaid(t *testing.T) {
	path := writeDoc(t, chainDoc)
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	decisions := filepath.Join(dir, editorial.DecisionsName)
	c := council.Council{Members: council.Members(
		phraseReviewer("style", "style", rule{phrase: "beta", fix: "gamma", severity: finding.Medium, conf: 80}),
		phraseReviewer("fact", "fact", rule{phrase: "42%", severity: finding.High, conf: 80, issue: "unsourced figure"}),
	)}
	l := &editorial.Loop{Council: c, Dir: dir, MaxRounds: 1, Gate: rounds.FileGate{Path: decisions}}
	if _, err := l.Run(context.Background(), path); !errors.Is(err, loop.ErrNotConverged) {
		t.Fatalf("first run: %v", err)
	}
	var pending []map[string]any
	if err := json.Unmarshal([]byte(readFile(t, filepath.Join(dir, "round-1", "pending.json"))), &pending); err != nil {
		t.Fatal(err)
	}
	if len(pending) != 2 {
		t.Fatalf("pending = %v, want 2 entries", pending)
	}
	for _, p := range pending {
		noEdit, _ := p["no_edit"].(string)
		if advice := p["key"] == "r1/fact/F001"; advice != (noEdit != "") {
			t.Errorf("pending entry %v: no_edit %q; want it set only on the advice", p["key"], noEdit)
		}
		p["action"] = "apply"
	}
	mustContain(t, "pending.md", readFile(t, filepath.Join(dir, "round-1", "pending.md")), "unsourced figure, line 4 (no edit to apply: advice only; approving it leaves it open)")
	os.WriteFile(decisions, must(json.Marshal(pending)), 0o644)
	out, err := l.Resume(context.Background(), path)
	if err != nil && !errors.Is(err, loop.ErrNotConverged) {
		t.Fatalf("resume: %v", err)
	}
	if len(out.Applied) != 1 || len(out.Unresolved) != 1 || !out.Unresolved[0].ApprovedAdvice() {
		t.Fatalf("outcome: applied %+v, unresolved %+v; want the advice unresolved and marked approved", out.Applied, out.Unresolved)
	}
	mustContain(t, "summary.md", readFile(t, filepath.Join(dir, "summary.md")),
		"1 approved finding(s) have no edit to apply and stay open",
		"unsourced figure (line 4): approved, but it has no edit to apply (advice only)")
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
