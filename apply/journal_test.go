package apply

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// patchFor builds a patch replacing old with new in doc.
func patchFor(t *testing.T, doc, old, new, key string) *Patch {
	t.Helper()
	i := strings.Index(doc, old)
	if i < 0 {
		t.Fatalf("%q not in %q", old, doc)
	}
	p, err := NewPatch([]byte(doc), []Change{{Edit: Edit{Start: i, End: i + len(old), Old: old, New: new}, Keys: []string{key}}})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func readRoot(t *testing.T, top, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(top, "root", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestJournalApplyUndo(t *testing.T) {
	ctx := context.Background()
	const a0, b0 = "\ufeff吾輩は猫である。\r\n", "no newline"
	d, top := newDir(t, map[string]string{"a.md": a0, "sub/b.md": b0})
	jpath := filepath.Join(top, "journal.jsonl")
	j, err := OpenJournal(jpath)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()

	p1 := patchFor(t, a0, "猫", "犬", "r/F1")
	if err := j.Apply(ctx, d, "a.md", p1); err != nil {
		t.Fatal(err)
	}
	a1 := readRoot(t, top, "a.md")
	p2 := patchFor(t, a1, "である", "だ", "r/F2") // a second round on the same file
	if err := j.Apply(ctx, d, "a.md", p2); err != nil {
		t.Fatal(err)
	}
	if err := j.Apply(ctx, d, "sub/b.md", patchFor(t, b0, "no", "a", "r/F3")); err != nil {
		t.Fatal(err)
	}
	if got := readRoot(t, top, "a.md"); got != "\ufeff吾輩は犬だ。\r\n" {
		t.Fatalf("a.md = %q", got)
	}

	// A patch for another base is refused and journals nothing.
	if err := j.Apply(ctx, d, "a.md", p1); !errors.Is(err, ErrBaseMismatch) || !strings.Contains(err.Error(), "a.md") {
		t.Errorf("Apply on the wrong base = %v, want ErrBaseMismatch naming a.md", err)
	}
	entries, err := ReadJournal(jpath)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 3 || !entries[0].Committed || entries[2].File != "sub/b.md" {
		t.Fatalf("entries %+v", entries)
	}

	for range 2 { // the second Undo finds everything undone
		if err := Undo(ctx, d, jpath); err != nil {
			t.Fatal(err)
		}
		if got := readRoot(t, top, "a.md"); got != a0 {
			t.Errorf("a.md after Undo = %q, want %q", got, a0)
		}
		if got := readRoot(t, top, "sub/b.md"); got != b0 {
			t.Errorf("b.md after Undo = %q, want %q", got, b0)
		}
	}
}

// TestUndoAfterCrash simulates a crash after the begin record: once after the
// file was written (no commit record) and once before it was.
func TestUndoAfterCrash(t *testing.T) {
	ctx := context.Background()
	const doc = "line one\nline two\n"
	for _, written := range []bool{true, false} {
		d, top := newDir(t, map[string]string{"a.md": doc, "b.md": doc})
		jpath := filepath.Join(top, "journal.jsonl")
		j, err := OpenJournal(jpath)
		if err != nil {
			t.Fatal(err)
		}
		// b.md completed normally, then the program died while on a.md.
		if err := j.Apply(ctx, d, "b.md", patchFor(t, doc, "one", "1", "k1")); err != nil {
			t.Fatal(err)
		}
		p := patchFor(t, doc, "two", "2", "k2")
		out, _ := p.Apply([]byte(doc))
		rec := record{Op: "begin", File: "a.md", Patch: p}
		if err := j.append(rec); err != nil {
			t.Fatal(err)
		}
		if written {
			if err := d.WriteFile("a.md", out); err != nil {
				t.Fatal(err)
			}
		}
		j.Close()
		// A torn half record at the end, as a crash mid-append leaves it.
		f, _ := os.OpenFile(jpath, os.O_APPEND|os.O_WRONLY, 0)
		f.WriteString(`{"op":"begin","file":"c.m`)
		f.Close()

		entries, err := ReadJournal(jpath)
		if err != nil {
			t.Fatal(err)
		}
		if len(entries) != 2 || !entries[0].Committed || entries[1].Committed {
			t.Fatalf("written=%v: entries %+v, want b committed and a not", written, entries)
		}
		if err := Undo(ctx, d, jpath); err != nil {
			t.Fatalf("written=%v: Undo: %v", written, err)
		}
		for _, name := range []string{"a.md", "b.md"} {
			if got := readRoot(t, top, name); got != doc {
				t.Errorf("written=%v: %s = %q, want the original", written, name, got)
			}
		}
		// The program starts again: reopening drops the torn line, so new
		// records stay readable.
		j, err = OpenJournal(jpath)
		if err != nil {
			t.Fatal(err)
		}
		if err := j.Apply(ctx, d, "b.md", patchFor(t, doc, "one", "uno", "k3")); err != nil {
			t.Fatal(err)
		}
		j.Close()
		if entries, err := ReadJournal(jpath); err != nil || len(entries) != 3 || !entries[2].Committed {
			t.Fatalf("written=%v: after reopening: %+v, %v", written, entries, err)
		}
	}
}

func TestUndoRefusesChangedFile(t *testing.T) {
	ctx := context.Background()
	const doc = "alpha beta\n"
	d, top := newDir(t, map[string]string{"a.md": doc, "b.md": doc})
	jpath := filepath.Join(top, "journal.jsonl")
	j, err := OpenJournal(jpath)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	for _, name := range []string{"a.md", "b.md"} {
		if err := j.Apply(ctx, d, name, patchFor(t, doc, "beta", "gamma", name)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(top, "root", "a.md"), []byte("edited by hand\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	err = Undo(ctx, d, jpath)
	if !errors.Is(err, ErrChanged) || !strings.Contains(err.Error(), "a.md") {
		t.Fatalf("Undo = %v, want ErrChanged naming a.md", err)
	}
	if got := readRoot(t, top, "a.md"); got != "edited by hand\n" {
		t.Errorf("the changed file was touched: %q", got)
	}
	if got := readRoot(t, top, "b.md"); got != doc {
		t.Errorf("b.md was not undone: %q", got)
	}
}

func TestReadJournalRejectsCorruptLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j.jsonl")
	if err := os.WriteFile(path, []byte("garbage\n{\"op\":\"commit\"}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadJournal(path); err == nil || !strings.Contains(err.Error(), "line 1") {
		t.Errorf("ReadJournal = %v, want an error naming line 1", err)
	}
	if err := os.WriteFile(path, []byte(`{"op":"commit","file":"x","result":"00"}`+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadJournal(path); err == nil || !strings.Contains(err.Error(), "without its begin") {
		t.Errorf("ReadJournal = %v, want a commit without begin error", err)
	}
}

func TestJournalApplyHonoursContext(t *testing.T) {
	d, top := newDir(t, map[string]string{"a.md": "x\n"})
	j, err := OpenJournal(filepath.Join(top, "j.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := j.Apply(ctx, d, "a.md", patchFor(t, "x\n", "x", "y", "k")); !errors.Is(err, context.Canceled) {
		t.Errorf("Apply with a cancelled context = %v", err)
	}
	if got := readRoot(t, top, "a.md"); got != "x\n" {
		t.Errorf("file changed: %q", got)
	}
}

// TestJournalApplyFailedWrite: when the write fails after the begin record,
// the file is as it was and Undo has nothing to do.
func TestJournalApplyFailedWrite(t *testing.T) {
	ctx := context.Background()
	const doc = "keep me\n"
	d, top := newDir(t, map[string]string{"a.md": doc})
	jpath := filepath.Join(top, "journal.jsonl")
	j, err := OpenJournal(jpath)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	d.fail = func(step string) error {
		if step == "rename" {
			return errors.New("no space left")
		}
		return nil
	}
	if err := j.Apply(ctx, d, "a.md", patchFor(t, doc, "keep", "lose", "k")); err == nil {
		t.Fatal("Apply succeeded despite the failed write")
	}
	if got := readRoot(t, top, "a.md"); got != doc {
		t.Fatalf("a failed Apply changed the file to %q", got)
	}
	d.fail = nil
	if err := Undo(ctx, d, jpath); err != nil {
		t.Fatal(err)
	}
	if got := readRoot(t, top, "a.md"); got != doc {
		t.Fatalf("Undo changed the file to %q", got)
	}
}

// TestJournalLatin1 applies a whole-line replacement to a document that is
// not valid UTF-8 and undoes it from the journal: the journal must keep
// the replaced bytes exactly.
func TestJournalLatin1(t *testing.T) {
	ctx := context.Background()
	const doc = "caf\xe9 au lait\nna\xefve\n"
	d, top := newDir(t, map[string]string{"latin1.txt": doc})
	jpath := filepath.Join(top, "journal.jsonl")
	j, err := OpenJournal(jpath)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()

	anchors, skips := Resolve([]byte(doc), []Proposal{prop("r/F1", "1", "", "tea\n")}, Options{Reviewed: true, ReplaceLines: true})
	if len(skips) > 0 || len(anchors) != 1 {
		t.Fatalf("Resolve = %v, %v", anchors, skips)
	}
	p, err := NewPatch([]byte(doc), []Change{{Edit: anchors[0].Edit, Keys: []string{"r/F1"}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := j.Apply(ctx, d, "latin1.txt", p); err != nil {
		t.Fatal(err)
	}
	if got := readRoot(t, top, "latin1.txt"); got != "tea\nna\xefve\n" {
		t.Fatalf("after Apply = %q", got)
	}
	if err := Undo(ctx, d, jpath); err != nil {
		t.Fatal(err)
	}
	if got := readRoot(t, top, "latin1.txt"); got != doc {
		t.Errorf("after Undo = %q, want %q", got, doc)
	}
}

// TestJournalConcurrentApply runs two Applies of patches with the same base
// to one file at once. Both read the base before either writes unless the
// journal serialises them; then the second must fail with ErrBaseMismatch
// instead of silently overwriting the first one's edit.
func TestJournalConcurrentApply(t *testing.T) {
	ctx := context.Background()
	const doc = "one two\n"
	d, top := newDir(t, map[string]string{"a.md": doc})
	j, err := OpenJournal(filepath.Join(top, "journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()

	// Each WriteFile waits, at its first step, for the other Apply to
	// get there too (up to a short timeout): without the journal's lock
	// both have read and checked the base by then.
	arrived := make(chan struct{}, 2)
	d.fail = func(step string) error {
		if step == "write" {
			arrived <- struct{}{}
			deadline := time.After(200 * time.Millisecond)
			for len(arrived) < 2 {
				select {
				case <-deadline:
					return nil
				case <-time.After(time.Millisecond):
				}
			}
		}
		return nil
	}
	patches := []*Patch{patchFor(t, doc, "one", "1", "r/F1"), patchFor(t, doc, "two", "2", "r/F2")}
	errs := make([]error, len(patches))
	var wg sync.WaitGroup
	for i, p := range patches {
		wg.Go(func() { errs[i] = j.Apply(ctx, d, "a.md", p) })
	}
	wg.Wait()

	failed := 0
	for _, err := range errs {
		if err != nil {
			if !errors.Is(err, ErrBaseMismatch) {
				t.Errorf("Apply = %v, want nil or ErrBaseMismatch", err)
			}
			failed++
		}
	}
	if failed != 1 {
		t.Errorf("%d of 2 concurrent Applies failed, want exactly 1 (file now %q)", failed, readRoot(t, top, "a.md"))
	}
	if got := readRoot(t, top, "a.md"); got != "1 two\n" && got != "one 2\n" {
		t.Errorf("a.md = %q, want one of the two edits", got)
	}
}

// TestReadJournalSkipsBlankLines checks that a blank line, say from an
// editor, neither ends the journal nor makes it unreadable.
func TestReadJournalSkipsBlankLines(t *testing.T) {
	ctx := context.Background()
	const doc = "one two\n"
	d, top := newDir(t, map[string]string{"a.md": doc, "b.md": doc})
	jpath := filepath.Join(top, "journal.jsonl")
	j, err := OpenJournal(jpath)
	if err != nil {
		t.Fatal(err)
	}
	if err := j.Apply(ctx, d, "a.md", patchFor(t, doc, "one", "1", "r/F1")); err != nil {
		t.Fatal(err)
	}
	if _, err := j.f.WriteString("\n  \r\n"); err != nil {
		t.Fatal(err)
	}
	if err := j.Apply(ctx, d, "b.md", patchFor(t, doc, "two", "2", "r/F2")); err != nil {
		t.Fatal(err)
	}
	j.Close()
	entries, err := ReadJournal(jpath)
	if err != nil {
		t.Fatalf("ReadJournal = %v", err)
	}
	if len(entries) != 2 || !entries[0].Committed || !entries[1].Committed || entries[1].File != "b.md" {
		t.Fatalf("entries %+v, want two committed", entries)
	}
	if err := Undo(ctx, d, jpath); err != nil {
		t.Fatal(err)
	}
	if a, b := readRoot(t, top, "a.md"), readRoot(t, top, "b.md"); a != doc || b != doc {
		t.Errorf("after Undo a.md = %q, b.md = %q, want %q", a, b, doc)
	}
}

// TestJournalUndoWaitsForApply runs Journal.Undo while an Apply through the
// same journal is writing: Undo must wait for the commit and then undo it,
// not find the base still in place and leave the edit behind.
func TestJournalUndoWaitsForApply(t *testing.T) {
	ctx := context.Background()
	const doc = "one two\n"
	d, top := newDir(t, map[string]string{"a.md": doc})
	j, err := OpenJournal(filepath.Join(top, "journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()

	writing := make(chan struct{})
	var once sync.Once
	d.fail = func(step string) error {
		if step == "write" {
			once.Do(func() { close(writing); time.Sleep(100 * time.Millisecond) })
		}
		return nil
	}
	p := patchFor(t, doc, "one", "1", "r/F1")
	applied := make(chan error, 1)
	go func() { applied <- j.Apply(ctx, d, "a.md", p) }()
	<-writing
	if err := j.Undo(ctx, d); err != nil {
		t.Errorf("Undo = %v", err)
	}
	if err := <-applied; err != nil {
		t.Fatalf("Apply = %v", err)
	}
	if got := readRoot(t, top, "a.md"); got != doc {
		t.Errorf("a.md = %q after Apply and a concurrent Undo, want the base %q", got, doc)
	}
}
