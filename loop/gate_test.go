package loop_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
)

// TestFileGate stops at the gate, writes pending.json, and resumes with the
// decisions a program wrote into the decisions file.
func TestFileGate(t *testing.T) {
	path := writeDoc(t, chainDoc)
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	decisions := filepath.Join(dir, "decisions.json")
	l := &loop.Loop{Council: chainCouncil(), Dir: dir, Gate: loop.FileGate{Path: decisions}}
	out, err := l.Run(context.Background(), path, false)
	if !errors.Is(err, loop.ErrNotConverged) || out.Reason != loop.AwaitingDecisions {
		t.Fatalf("first run: %v, %+v; want awaiting decisions", err, out)
	}
	if got := readFile(t, path); !strings.Contains(got, "alpha") {
		t.Error("nothing should be applied while the round waits at the gate")
	}
	pendingPath := filepath.Join(dir, "round-1", "pending.json")
	var pending []map[string]string
	if err := json.Unmarshal([]byte(readFile(t, pendingPath)), &pending); err != nil {
		t.Fatal(err)
	}
	if len(pending) != 1 || !strings.Contains(pending[0]["label"], "[high/80] third: unsourced figure") {
		t.Fatalf("pending = %v, want the one high finding", pending)
	}
	mustContain(t, "pending.md", readFile(t, filepath.Join(dir, "round-1", "pending.md")), "- [ ] third/F001 [high/80]")

	if _, err := l.Run(context.Background(), path, false); !errors.Is(err, loop.ErrUnfinishedRun) {
		t.Errorf("a new run while one waits: %v, want ErrUnfinishedRun", err)
	}
	pending[0]["action"], pending[0]["reason"] = "reject", "the figure is from our own survey"
	b, _ := json.Marshal(pending)
	os.WriteFile(decisions, b, 0o644)

	out, err = l.Run(context.Background(), path, true)
	if err != nil || out.Reason != loop.Converged {
		t.Fatalf("resumed run: %v, %+v; want converged", err, out)
	}
	if len(out.Rejected) != 1 || out.Rejected[0].Reason != "the figure is from our own survey" {
		t.Errorf("rejected = %+v", out.Rejected)
	}
	if _, err := os.Stat(pendingPath); !os.IsNotExist(err) {
		t.Error("pending.json is left after the decisions were made")
	}
	if _, err := l.Run(context.Background(), path, true); !errors.Is(err, loop.ErrNothingToResume) {
		t.Errorf("resume of a finished run: %v, want ErrNothingToResume", err)
	}
}

func TestFileGateRejectsBadDecisions(t *testing.T) {
	p := filepath.Join(t.TempDir(), "d.json")
	os.WriteFile(p, []byte(`[{"key": "a/F1", "action": "maybe"}]`), 0o644)
	_, err := loop.FileGate{Path: p}.Approve(context.Background(), loop.Batch{Items: []loop.Item{{Key: "a/F1"}}})
	if !errors.Is(err, loop.ErrBadDecisions) || !strings.Contains(err.Error(), "a/F1") {
		t.Errorf("err = %v, want ErrBadDecisions naming the entry", err)
	}
	os.WriteFile(p, []byte(`{not json`), 0o644)
	if _, err := (loop.FileGate{Path: p}).Approve(context.Background(), loop.Batch{}); !errors.Is(err, loop.ErrBadDecisions) {
		t.Errorf("malformed file: %v", err)
	}
}
