package journal

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/kaigi-dev/kaigi/apply"
)

// workspace returns a root folder holding files, opened as an apply.Dir.
func workspace(t *testing.T, files map[string]string) (string, *apply.Dir) {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	d, err := apply.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return dir, d
}

// replace returns the change of name that replaces old with new.
func replace(t *testing.T, d *apply.Dir, name, old, new string) FileChange {
	t.Helper()
	data, err := d.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(string(data), old)
	if i < 0 {
		t.Fatalf("%q not in %s", old, name)
	}
	p, err := apply.NewPatch(data, []apply.Change{{Keys: []string{"k"}, Edit: apply.Edit{Start: i, End: i + len(old), Old: old, New: new}}})
	if err != nil {
		t.Fatal(err)
	}
	return FileChange{Name: name, Patch: p}
}

func read(t *testing.T, dir, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestCommitAndReplay(t *testing.T) {
	ctx := context.Background()
	dir, d := workspace(t, map[string]string{"a.md": "今日は晴れです。\r\n", "docs/b.md": "the the cat"})
	path := filepath.Join(t.TempDir(), "j.jsonl")
	changes := []FileChange{replace(t, d, "a.md", "晴れ", "雨"), replace(t, d, "docs/b.md", "the the", "the")}
	j := open(t, path, Options{})
	if err := j.Commit(ctx, "r1/write", d, changes); err != nil {
		t.Fatal(err)
	}
	if a, b := read(t, dir, "a.md"), read(t, dir, "docs/b.md"); a != "今日は雨です。\r\n" || b != "the cat" {
		t.Fatalf("after commit: %q %q", a, b)
	}
	j.Close()
	j = open(t, path, Options{})
	if err := j.Commit(ctx, "r1/write", d, changes); err != nil {
		t.Fatalf("replayed commit: %v", err)
	}
	if a := read(t, dir, "a.md"); a != "今日は雨です。\r\n" {
		t.Fatalf("replay changed the file: %q", a)
	}
	other := []FileChange{changes[0]}
	j.Close()
	j = open(t, path, Options{})
	if err := j.Commit(ctx, "r1/write", d, other); !errors.Is(err, ErrNondeterministic) {
		t.Fatalf("replay with other changes: %v", err)
	}
}

func TestCommitRefusesLostUpdate(t *testing.T) {
	ctx := context.Background()
	dir, d := workspace(t, map[string]string{"a.md": "one\n", "b.md": "two\n"})
	changes := []FileChange{replace(t, d, "a.md", "one", "1"), replace(t, d, "b.md", "two", "2")}
	os.WriteFile(filepath.Join(dir, "b.md"), []byte("two, edited by the author\n"), 0o644)
	j := open(t, filepath.Join(t.TempDir(), "j.jsonl"), Options{})
	err := j.Commit(ctx, "w", d, changes)
	if !errors.Is(err, ErrChanged) || !strings.Contains(err.Error(), "b.md") {
		t.Fatalf("got %v, want ErrChanged naming b.md", err)
	}
	if read(t, dir, "a.md") != "one\n" || len(j.Effects()) != 0 {
		t.Fatal("a refused commit wrote a file or journaled a plan")
	}
}

// crashAfterFirstFile plans a two-file side effect and writes only its
// first file, as a process killed mid-way would.
func crashAfterFirstFile(t *testing.T, path string, d *apply.Dir, changes []FileChange) {
	t.Helper()
	j := open(t, path, Options{Observe: func(e Event) {
		if e.File != "" {
			panic("killed")
		}
	}})
	func() {
		defer func() { recover() }()
		j.Commit(context.Background(), "w", d, changes)
	}()
	j.Close()
}

func TestCommitReconcilesAfterCrash(t *testing.T) {
	dir, d := workspace(t, map[string]string{"a.md": "one\n", "b.md": "two\n"})
	path := filepath.Join(t.TempDir(), "j.jsonl")
	changes := []FileChange{replace(t, d, "a.md", "one", "1"), replace(t, d, "b.md", "two", "2")}
	crashAfterFirstFile(t, path, d, changes)
	if read(t, dir, "a.md") != "1\n" || read(t, dir, "b.md") != "two\n" {
		t.Fatal("the simulated crash did not stop between the files")
	}
	j := open(t, path, Options{})
	if err := j.Commit(context.Background(), "w", d, changes); err != nil {
		t.Fatal(err)
	}
	if read(t, dir, "a.md") != "1\n" || read(t, dir, "b.md") != "2\n" {
		t.Fatalf("after reconcile: %q %q", read(t, dir, "a.md"), read(t, dir, "b.md"))
	}
	if e := j.Effects(); len(e) != 1 || !e[0].Done {
		t.Fatalf("effects: %+v", e)
	}
}

func TestCommitReconcileRefusesThirdContent(t *testing.T) {
	dir, d := workspace(t, map[string]string{"a.md": "one\n", "b.md": "two\n"})
	path := filepath.Join(t.TempDir(), "j.jsonl")
	changes := []FileChange{replace(t, d, "a.md", "one", "1"), replace(t, d, "b.md", "two", "2")}
	crashAfterFirstFile(t, path, d, changes)
	os.WriteFile(filepath.Join(dir, "b.md"), []byte("someone else\n"), 0o644)
	j := open(t, path, Options{})
	if err := j.Commit(context.Background(), "w", d, changes); !errors.Is(err, ErrChanged) {
		t.Fatalf("got %v, want ErrChanged", err)
	}
	if read(t, dir, "b.md") != "someone else\n" {
		t.Fatal("someone else's edit was overwritten")
	}
}

func TestUndo(t *testing.T) {
	ctx := context.Background()
	orig := map[string]string{"a.md": "\ufeffone\r\ntwo", "b.md": "三\n"}
	dir, d := workspace(t, orig)
	path := filepath.Join(t.TempDir(), "j.jsonl")
	j := open(t, path, Options{})
	if err := j.Commit(ctx, "r1", d, []FileChange{replace(t, d, "a.md", "one", "1"), replace(t, d, "b.md", "三", "3")}); err != nil {
		t.Fatal(err)
	}
	if err := j.Commit(ctx, "r2", d, []FileChange{replace(t, d, "a.md", "two", "2")}); err != nil {
		t.Fatal(err)
	}
	got, err := j.Undo(ctx, d, func(k string) bool { return k == "r2" })
	if err != nil || len(got) != 1 || read(t, dir, "a.md") != "\ufeff1\r\ntwo" {
		t.Fatalf("undo r2: %v %v %q", got, err, read(t, dir, "a.md"))
	}
	j.Close()
	j = open(t, path, Options{})
	got, err = j.Undo(ctx, d, nil)
	if err != nil || len(got) != 1 || got[0] != "r1" {
		t.Fatalf("undo the rest: %v %v", got, err)
	}
	for name, text := range orig {
		if read(t, dir, name) != text {
			t.Fatalf("%s not restored: %q", name, read(t, dir, name))
		}
	}
	if got, err := j.Undo(ctx, d, nil); err != nil || len(got) != 0 {
		t.Fatalf("undo again: %v %v", got, err)
	}
	if err := j.Commit(ctx, "r1", d, nil); err == nil {
		t.Fatal("commit of an undone effect succeeded")
	}
}

func TestUndoReconcilesAfterCrash(t *testing.T) {
	ctx := context.Background()
	dir, d := workspace(t, map[string]string{"a.md": "one\n", "b.md": "two\n"})
	path := filepath.Join(t.TempDir(), "j.jsonl")
	j := open(t, path, Options{})
	if err := j.Commit(ctx, "w", d, []FileChange{replace(t, d, "a.md", "one", "1"), replace(t, d, "b.md", "two", "2")}); err != nil {
		t.Fatal(err)
	}
	j.Close()
	// An undo killed after its first file.
	j = open(t, path, Options{Observe: func(e Event) {
		if e.File != "" {
			panic("killed")
		}
	}})
	func() {
		defer func() { recover() }()
		j.Undo(ctx, d, nil)
	}()
	j.Close()
	if read(t, dir, "b.md") != "two\n" || read(t, dir, "a.md") != "1\n" {
		t.Fatalf("simulated crash: %q %q", read(t, dir, "a.md"), read(t, dir, "b.md"))
	}
	j = open(t, path, Options{})
	if got, err := j.Undo(ctx, d, nil); err != nil || len(got) != 1 {
		t.Fatalf("undo after crash: %v %v", got, err)
	}
	if read(t, dir, "a.md") != "one\n" || read(t, dir, "b.md") != "two\n" {
		t.Fatal("not restored")
	}
}

func TestUndoRefusesChangedFile(t *testing.T) {
	ctx := context.Background()
	dir, d := workspace(t, map[string]string{"a.md": "one\n"})
	j := open(t, filepath.Join(t.TempDir(), "j.jsonl"), Options{})
	j.Commit(ctx, "w", d, []FileChange{replace(t, d, "a.md", "one", "1")})
	os.WriteFile(filepath.Join(dir, "a.md"), []byte("1 and more\n"), 0o644)
	if _, err := j.Undo(ctx, d, nil); !errors.Is(err, ErrChanged) {
		t.Fatalf("got %v, want ErrChanged", err)
	}
	if read(t, dir, "a.md") != "1 and more\n" {
		t.Fatal("undo overwrote someone else's edit")
	}
	if e := j.Effects(); e[0].Undone || e[0].undoPlanned {
		t.Fatal("a refused undo was journaled")
	}
}

func openRoot(dir string) (*apply.Dir, error) { return apply.OpenDir(dir) }

// newReplace returns the patch of doc that replaces the first old with new.
func newReplace(doc []byte, old, new string) (*apply.Patch, error) {
	i := strings.Index(string(doc), old)
	return apply.NewPatch(doc, []apply.Change{{Keys: []string{"k"}, Edit: apply.Edit{Start: i, End: i + len(old), Old: old, New: new}}})
}

func TestConcurrentCommitsCannotLoseAnEdit(t *testing.T) {
	ctx := context.Background()
	for range 20 {
		dir, d := workspace(t, map[string]string{"a.md": "one two\n"})
		j := open(t, filepath.Join(t.TempDir(), "j.jsonl"), Options{})
		changes := []FileChange{replace(t, d, "a.md", "one", "1"), replace(t, d, "a.md", "two", "2")}
		errs := make([]error, 2)
		var wg sync.WaitGroup
		for i := range changes {
			wg.Go(func() { errs[i] = j.Commit(ctx, fmt.Sprint("w", i), d, changes[i:i+1]) })
		}
		wg.Wait()
		failed := 0
		for _, err := range errs {
			if err != nil {
				if !errors.Is(err, ErrChanged) {
					t.Fatalf("Commit = %v, want nil or ErrChanged", err)
				}
				failed++
			}
		}
		if got := read(t, dir, "a.md"); failed != 1 || (got != "1 two\n" && got != "one 2\n") {
			t.Fatalf("%d of 2 failed, file %q", failed, got)
		}
	}
}

// TestCommitKeepsInvalidUTF8 commits and undoes a patch of a Latin-1 file:
// the journal must keep the replaced bytes exactly.
func TestCommitKeepsInvalidUTF8(t *testing.T) {
	ctx := context.Background()
	const doc = "caf\xe9 au lait\nna\xefve\n"
	dir, d := workspace(t, map[string]string{"latin1.txt": doc})
	path := filepath.Join(t.TempDir(), "j.jsonl")
	j := open(t, path, Options{})
	if err := j.Commit(ctx, "w", d, []FileChange{replace(t, d, "latin1.txt", "caf\xe9 au lait", "tea")}); err != nil {
		t.Fatal(err)
	}
	j.Close()
	j = open(t, path, Options{})
	if _, err := j.Undo(ctx, d, nil); err != nil {
		t.Fatal(err)
	}
	if got := read(t, dir, "latin1.txt"); got != doc {
		t.Fatalf("after undo %q", got)
	}
}

func TestBlankLinesAreSkipped(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j.jsonl")
	j := open(t, path, Options{Kinds: []string{"note"}})
	j.Append("note", "", 1)
	j.Close()
	data, _ := os.ReadFile(path)
	os.WriteFile(path, append(append([]byte("\n"), data...), " \r\n"...), 0o644)
	j = open(t, path, Options{Kinds: []string{"note"}})
	if n := len(j.Records()); n != 2 {
		t.Fatalf("%d records, want 2", n)
	}
}
