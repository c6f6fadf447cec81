package editorial_test

import (
	"context"
	"encoding/json"
	"errors"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// TestFileGate stops at the gate, writes pending.json, and resumes with the
// decisions a program wrote into the decisions file.
func TestFileGate(t *testing.T) {
	path := writeDoc(t, chainDoc)
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	decisions := filepath.Join(dir, "decisions.json")
	l := &editorial.Loop{Council: chainCouncil(), Dir: dir, Gate: rounds.FileGate{Path: decisions}}
	out, err := l.Run(context.Background(), path)
	if !errors.Is(err, loop.ErrNotConverged) || out.Reason != loop.AwaitingDecisions {
		t.Fatalf("first run: %v, %+v; want awaiting decisions", err, out)
	}
	if got, want := readFile(t, path), "# 題名\r\nbeta の行。\r\ngamma の行。\r\n数字は 42% です。\r\n"; got != want {
		t.Errorf("while the round waits at the gate the document is %q, want the policy's edits applied: %q", got, want)
	}
	pendingPath := filepath.Join(dir, "round-1", "pending.json")
	var pending []map[string]string
	if err := json.Unmarshal([]byte(readFile(t, pendingPath)), &pending); err != nil {
		t.Fatal(err)
	}
	if len(pending) != 1 || !strings.Contains(pending[0]["label"], "[high/80] third: unsourced figure") {
		t.Fatalf("pending = %v, want the one high finding", pending)
	}
	mustContain(t, "pending.md", readFile(t, filepath.Join(dir, "round-1", "pending.md")), "- [ ] r1/third/F001 [high/80]")

	if _, err := l.Run(context.Background(), path); !errors.Is(err, loop.ErrUnfinishedRun) {
		t.Errorf("a new run while one waits: %v, want ErrUnfinishedRun", err)
	}
	pending[0]["action"], pending[0]["reason"] = "reject", "the figure is from our own survey"
	b, _ := json.Marshal(pending)
	os.WriteFile(decisions, b, 0o644)

	out, err = l.Resume(context.Background(), path)
	if err != nil || out.Reason != loop.Converged {
		t.Fatalf("resumed run: %v, %+v; want converged", err, out)
	}
	if len(out.Rejected) != 1 || out.Rejected[0].Reason != "the figure is from our own survey" {
		t.Errorf("rejected = %+v", out.Rejected)
	}
	if _, err := os.Stat(pendingPath); !os.IsNotExist(err) {
		t.Error("pending.json is left after the decisions were made")
	}
	if _, err := l.Resume(context.Background(), path); !errors.Is(err, loop.ErrNothingToResume) {
		t.Errorf("resume of a finished run: %v, want ErrNothingToResume", err)
	}
}

func TestFileGateRejectsBadDecisions(t *testing.T) {
	p := filepath.Join(t.TempDir(), "d.json")
	os.WriteFile(p, []byte(`[{"key": "a/F1", "action": "maybe"}]`), 0o644)
	_, err := rounds.FileGate{Path: p}.Approve(context.Background(), rounds.Batch{Items: []loop.Item{{Key: "a/F1"}}})
	if !errors.Is(err, rounds.ErrBadDecisions) || !strings.Contains(err.Error(), "a/F1") {
		t.Errorf("err = %v, want ErrBadDecisions naming the entry", err)
	}
	os.WriteFile(p, []byte(`{not json`), 0o644)
	if _, err := (rounds.FileGate{Path: p}).Approve(context.Background(), rounds.Batch{}); !errors.Is(err, rounds.ErrBadDecisions) {
		t.Errorf("malformed file: %v", err)
	}
}

// TestGateEditsLandAfterPolicyEdits checks that edits the gate approves
// are moved past the policy's edits, which change the text's length
// earlier in the document, and that a gate-approved edit identical to a
// policy edit is applied once.
func TestGateEditsLandAfterPolicyEdits(t *testing.T) {
	// The gate's edit is on a line of its own: another reviewer's
	// different edit on a line of the policy's would hold it (SameLine).
	doc := "とても長い前置きです。中央の文。\n末尾の文です。\n三行目も、とても長い前置きです。\n"
	path := writeDoc(t, doc)
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	c := council.Council{Members: council.Members(
		phraseReviewer("slop", "ai-slop", rule{phrase: "とても長い前置きです。", fix: "前置き。", severity: finding.Low, conf: 90}),
		phraseReviewer("style", "narrative",
			rule{phrase: "末尾の文です。", fix: "末尾です。", severity: finding.Medium, conf: 80},
			rule{phrase: "とても長い前置きです。", fix: "前置き。", severity: finding.Medium, conf: 60}),
	)}
	var offered []string
	approveAll := rounds.ApproverFunc(func(_ context.Context, b rounds.Batch) ([]rounds.Decision, error) {
		var ds []rounds.Decision
		for _, it := range b.Items {
			offered = append(offered, it.Key)
			ds = append(ds, rounds.Decision{Key: it.Key, Action: rounds.Apply})
		}
		return ds, nil
	})
	l := &editorial.Loop{Council: c, Dir: dir, Gate: approveAll, MaxRounds: 1}
	if _, err := l.Run(context.Background(), path); err != nil {
		t.Fatal(err)
	}
	if want := "前置き。中央の文。\n末尾です。\n三行目も、前置き。\n"; readFile(t, path) != want {
		t.Errorf("document = %q, want %q", readFile(t, path), want)
	}
	if len(offered) != 1 || offered[0] != "r1/style/F002" { // the phrase reviewer numbers its findings in document order
		t.Errorf("gate was offered %v, want only r1/style/F002 (the others ride on the policy's identical edits)", offered)
	}
	if _, err := editorial.Undo(dir, 0); err != nil || readFile(t, path) != doc {
		t.Errorf("undo of both patches: %v; document %q", err, readFile(t, path))
	}
}

// TestFileGateNamesUnknownKeys: a decisions file with a mistyped key is
// refused naming it, and the run resumes once the key is right.
func TestFileGateNamesUnknownKeys(t *testing.T) {
	path := writeDoc(t, chainDoc)
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	decisions := filepath.Join(dir, "decisions.json")
	l := &editorial.Loop{Council: chainCouncil(), Dir: dir, Gate: rounds.FileGate{Path: decisions}}
	if _, err := l.Run(context.Background(), path); !errors.Is(err, loop.ErrNotConverged) {
		t.Fatal(err)
	}
	os.WriteFile(decisions, []byte(`[{"key": "r1/thrid/F001", "action": "reject"}]`), 0o644)
	if _, err := l.Resume(context.Background(), path); !errors.Is(err, rounds.ErrBadDecisions) || !strings.Contains(err.Error(), "entry 1 (r1/thrid/F001) names no finding of round 1") {
		t.Fatalf("resume with a mistyped key: %v, want ErrBadDecisions naming it", err)
	}
	os.WriteFile(decisions, []byte(`[{"key": "r1/third/F001", "action": "reject"}]`), 0o644)
	if out, err := l.Resume(context.Background(), path); err != nil || out.Reason != loop.Converged {
		t.Fatalf("resume with the key right: %v, %+v", err, out)
	}
}
