package loop_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

func TestRewriteFiles(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "log.md"), []byte("| 話 | ★ |\r\n|---|---|\r\n| 1 | 3 |\r\n"), 0o644)
	root, err := apply.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	edits := 0
	edit := func(name string, old []byte) ([]byte, error) {
		edits++
		switch name {
		case "log.md":
			return append(old, "| 2 | 4 |\r\n"...), nil
		case "same.md":
			return old, nil
		}
		return []byte("新しい\n"), nil
	}
	os.WriteFile(filepath.Join(dir, "same.md"), []byte("x"), 0o644)
	names := []string{"log.md", "same.md", "new/memory.md"}
	run := func() error {
		j, err := journal.Open(filepath.Join(dir, "j.jsonl"), journal.Options{})
		if err != nil {
			return err
		}
		defer j.Close()
		return loop.RewriteFiles(context.Background(), j, "trackers", root, names, edit)
	}
	if err := run(); err != nil {
		t.Fatal(err)
	}
	if err := run(); err != nil { // a replay writes nothing again and calls no edit
		t.Fatal(err)
	}
	if edits != 3 {
		t.Errorf("edit called %d times, want 3 (once per file, none on replay)", edits)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "log.md")); string(b) != "| 話 | ★ |\r\n|---|---|\r\n| 1 | 3 |\r\n| 2 | 4 |\r\n" {
		t.Errorf("log.md = %q", b)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "new", "memory.md")); string(b) != "新しい\n" {
		t.Errorf("new/memory.md = %q", b)
	}
	// The journaled patch holds the new row only.
	j, _ := journal.Open(filepath.Join(dir, "j.jsonl"), journal.Options{})
	for _, e := range j.Effects() {
		for _, f := range e.Files {
			if f.Name == "log.md" && (len(f.Patch.Changes) != 1 || f.Patch.Changes[0].Edit.Old != "" || f.Patch.Changes[0].Edit.New != "| 2 | 4 |\r\n") {
				t.Errorf("log.md patch = %+v", f.Patch.Changes)
			}
			if f.Name == "same.md" {
				t.Error("an unchanged file was written")
			}
		}
	}
	j.Close()

	// Someone else changed the file between the plan and the commit.
	os.WriteFile(filepath.Join(dir, "other.md"), []byte("a"), 0o644)
	j, _ = journal.Open(filepath.Join(dir, "j2.jsonl"), journal.Options{})
	defer j.Close()
	err = loop.RewriteFiles(context.Background(), j, "k", root, []string{"other.md"}, func(string, []byte) ([]byte, error) {
		os.WriteFile(filepath.Join(dir, "other.md"), []byte("b"), 0o644)
		return []byte("c"), nil
	})
	if !errors.Is(err, journal.ErrChanged) {
		t.Fatalf("a file changed meanwhile: %v, want journal.ErrChanged", err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "other.md")); string(b) != "b" {
		t.Errorf("other.md = %q, the other writer's content must stay", b)
	}
	if err := loop.RewriteFiles(context.Background(), j, "out", root, []string{"../x.md"}, edit); !errors.Is(err, apply.ErrOutsideRoot) {
		t.Errorf("a name outside the root: %v", err)
	}
}
