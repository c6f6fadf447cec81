package journal

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// realJournal runs a few steps and side effects and returns the journal's
// bytes, the seed of FuzzOpen.
func realJournal(f *testing.F) []byte {
	ctx := context.Background()
	dir := f.TempDir()
	os.WriteFile(filepath.Join(dir, "a.md"), []byte("one two\r\n三 四"), 0o644)
	path := filepath.Join(f.TempDir(), "j.jsonl")
	j, err := Open(path, Options{Driver: "fuzz", Kinds: []string{"note"}})
	if err != nil {
		f.Fatal(err)
	}
	d, _ := openRoot(dir)
	defer d.Close()
	Step(ctx, j, "r1/review", func(context.Context) ([]string, error) { return []string{"F001", "日本"}, nil })
	j.Append("note", "r1", map[string]any{"skipped": []string{"fact-checker"}})
	data, _ := d.ReadFile("a.md")
	p, _ := newReplace(data, "two", "2")
	j.Commit(ctx, "r1/write", d, []FileChange{{Name: "a.md", Patch: p}})
	j.Undo(ctx, d, nil)
	j.Close()
	b, err := os.ReadFile(path)
	if err != nil {
		f.Fatal(err)
	}
	return b
}

// FuzzOpen feeds mutated real journals to Open, Effects, Step and Undo: no
// panic, and every refusal is one of the journal's typed errors.
func FuzzOpen(f *testing.F) {
	f.Add(realJournal(f))
	f.Add([]byte(`{"seq":1,"kind":"start"}` + "\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "j.jsonl")
		os.WriteFile(path, data, 0o644)
		j, err := Open(path, Options{Driver: "fuzz", Kinds: []string{"note"}})
		if err != nil {
			if !errors.Is(err, ErrCorrupt) && !errors.Is(err, ErrFormat) && !errors.Is(err, ErrUnknownKind) {
				t.Fatalf("untyped error: %v", err)
			}
			return
		}
		defer j.Close()
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "a.md"), []byte("one two\r\n三 四"), 0o644)
		d, err := openRoot(dir)
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		ctx := context.Background()
		Step(ctx, j, "r1/review", func(context.Context) ([]string, error) { return nil, nil })
		j.Effects()
		j.Undo(ctx, d, nil)
	})
}
