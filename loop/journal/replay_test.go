package journal

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
)

// TestReplayOnly: in replay-only mode journaled steps and side effects
// replay, and nothing else runs or is written.
func TestReplayOnly(t *testing.T) {
	ctx := context.Background()
	dir, d := workspace(t, map[string]string{"a.md": "one two\n"})
	path := filepath.Join(t.TempDir(), "j.jsonl")
	j := open(t, path, Options{Kinds: []string{"x.end"}})
	if _, err := Step(ctx, j, "s1", func(context.Context) (int, error) { return 7, nil }); err != nil {
		t.Fatal(err)
	}
	c := replace(t, d, "a.md", "two", "2")
	if err := j.Commit(ctx, "r1/write", d, []FileChange{c}); err != nil {
		t.Fatal(err)
	}
	if _, err := j.Undo(ctx, d, func(string) bool { return true }); err != nil {
		t.Fatal(err)
	}
	j.Close()
	n := len(read(t, filepath.Dir(path), "j.jsonl"))

	j = open(t, path, Options{Kinds: []string{"x.end"}})
	j.SetReplayOnly(true)
	ran := false
	v, err := Step(ctx, j, "s1", func(context.Context) (int, error) { ran = true; return 0, nil })
	if err != nil || v != 7 || ran {
		t.Fatalf("journaled step: %v %v ran=%v", v, err, ran)
	}
	if _, err := Step(ctx, j, "s2", func(context.Context) (int, error) { ran = true; return 1, nil }); !errors.Is(err, ErrNotJournaled) || ran {
		t.Fatalf("missing step: %v ran=%v", err, ran)
	}
	if err := j.Commit(ctx, "r1/write", d, []FileChange{c}); err != nil {
		t.Fatalf("journaled (undone) side effect: %v", err)
	}
	if got := read(t, dir, "a.md"); got != "one two\n" {
		t.Fatalf("replay wrote the file: %q", got)
	}
	if err := j.Commit(ctx, "r2/write", d, []FileChange{c}); !errors.Is(err, ErrNotJournaled) {
		t.Fatalf("missing side effect: %v", err)
	}
	if _, err := j.Append("x.end", "", struct{}{}); !errors.Is(err, ErrNotJournaled) {
		t.Fatalf("append: %v", err)
	}
	j.SetReplayOnly(false)
	if _, err := j.Append("x.end", "", struct{}{}); err != nil {
		t.Fatalf("append after replay: %v", err)
	}
	j.Close()
	if m := len(read(t, filepath.Dir(path), "j.jsonl")); m <= n {
		t.Fatalf("journal did not grow after replay mode ended: %d -> %d", n, m)
	}
}

// TestReplayOnlyIsAnExecution: each turn of SetReplayOnly begins a new
// execution, so a run replays twice on one Journal without
// ErrDuplicateKey, and ReplayOnly reports the mode.
func TestReplayOnlyIsAnExecution(t *testing.T) {
	ctx := context.Background()
	j := open(t, filepath.Join(t.TempDir(), "j.jsonl"), Options{})
	if _, err := Step(ctx, j, "s", func(context.Context) (int, error) { return 1, nil }); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		j.SetReplayOnly(true)
		if !j.ReplayOnly() {
			t.Fatal("ReplayOnly is off after SetReplayOnly(true)")
		}
		if _, err := Step(ctx, j, "s", func(context.Context) (int, error) { return 0, nil }); err != nil {
			t.Fatalf("replay: %v", err)
		}
		j.SetReplayOnly(false)
	}
	if j.ReplayOnly() {
		t.Error("ReplayOnly is on after SetReplayOnly(false)")
	}
}
