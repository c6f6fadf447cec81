package editorial_test

import (
	"context"
	"errors"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"github.com/kaigi-dev/kaigi/loop/rounds"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
)

func TestUndoRestoresCRLFJapanese(t *testing.T) {
	orig := "\ufeff# 題名\r\nalpha の行。\r\nbeta の行。\r\n数字は 42% です。" // BOM, CRLF, no final newline
	path := writeDoc(t, orig)
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	l := &editorial.Loop{Council: chainCouncil(), Dir: dir}
	if _, err := l.Run(context.Background(), path); !errors.Is(err, loop.ErrNotConverged) {
		t.Fatalf("Run: %v", err)
	}
	if readFile(t, path) == orig {
		t.Fatal("the run changed nothing; the test needs edits to undo")
	}
	got, err := editorial.Undo(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0] != 2 || got[1] != 1 {
		t.Errorf("reverted rounds %v, want [2 1]", got)
	}
	if readFile(t, path) != orig {
		t.Errorf("after undo the document is %q, want the original %q", readFile(t, path), orig)
	}
	if _, err := editorial.Undo(dir, 0); !errors.Is(err, rounds.ErrNothingToUndo) {
		t.Errorf("second undo: %v, want ErrNothingToUndo", err)
	}
}

func TestUndoOneRound(t *testing.T) {
	path := writeDoc(t, chainDoc)
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	l := &editorial.Loop{Council: chainCouncil(), Dir: dir}
	l.Run(context.Background(), path)
	if _, err := editorial.Undo(dir, 1); err == nil {
		t.Error("undoing round 1 while round 2 is applied succeeded")
	}
	if _, err := editorial.Undo(dir, 2); err != nil {
		t.Fatal(err)
	}
	if want := "# 題名\r\nbeta の行。\r\ngamma の行。\r\n数字は 42% です。\r\n"; readFile(t, path) != want {
		t.Errorf("after undoing round 2: %q, want %q", readFile(t, path), want)
	}
}

func TestUndoRefusesChangedDocument(t *testing.T) {
	path := writeDoc(t, chainDoc)
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	l := &editorial.Loop{Council: chainCouncil(), Dir: dir}
	l.Run(context.Background(), path)
	edited := readFile(t, path) + "a line the author added\n"
	os.WriteFile(path, []byte(edited), 0o644)
	if _, err := editorial.Undo(dir, 0); !errors.Is(err, rounds.ErrDocumentChanged) {
		t.Fatalf("undo of a changed document: %v, want ErrDocumentChanged", err)
	}
	if readFile(t, path) != edited {
		t.Error("a refused undo changed the document")
	}
}

// TestUndoAfterACutShortUndo: an undo cut short (here by its context) is
// finished by the next Undo, which then reverts the rounds left, renders
// the summary twice on one journal and ends the run.
func TestUndoAfterACutShortUndo(t *testing.T) {
	path := writeDoc(t, chainDoc)
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	l := &editorial.Loop{Council: chainCouncil(), Dir: dir}
	if _, err := l.Run(context.Background(), path); err != nil && !errors.Is(err, loop.ErrNotConverged) {
		t.Fatal(err)
	}
	cut, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := l.Undo(cut, 2); !errors.Is(err, context.Canceled) {
		t.Fatalf("cut-short undo: %v", err)
	}
	rounds, err := editorial.Undo(dir, 0)
	if err != nil {
		t.Fatalf("undo after a cut-short one: %v (rounds %v)", err, rounds)
	}
	if !slices.Contains(rounds, 1) || !slices.Contains(rounds, 2) {
		t.Errorf("reverted %v, want rounds 2 and 1", rounds)
	}
	if readFile(t, path) != chainDoc {
		t.Error("the document is not back to its original")
	}
	mustContain(t, "summary.md", readFile(t, filepath.Join(dir, "summary.md")), "undone")
}

// TestUndoCallsNoObserver: the undo's replay of the run (to render the
// summary) reports no council event: nothing is called.
func TestUndoCallsNoObserver(t *testing.T) {
	path := writeDoc(t, chainDoc)
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	c := chainCouncil()
	var events atomic.Int32
	c.Observer = func(council.Event) { events.Add(1) }
	l := &editorial.Loop{Council: c, Dir: dir}
	if _, err := l.Run(context.Background(), path); err != nil && !errors.Is(err, loop.ErrNotConverged) {
		t.Fatal(err)
	}
	events.Store(0)
	if _, err := l.Undo(context.Background(), 0); err != nil {
		t.Fatal(err)
	}
	if n := events.Load(); n != 0 {
		t.Errorf("%d council events during the undo", n)
	}
}

// TestUndoEndsARunThatWroteNothing: a run stopped at the gate before it
// wrote anything is ended by an undo (no round to revert, no error), so a
// new run can start; a second undo has nothing to do.
func TestUndoEndsARunThatWroteNothing(t *testing.T) {
	path := writeDoc(t, chainDoc)
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	l := &editorial.Loop{Council: chainCouncil(), Dir: dir, Policy: rounds.Policy{Scope: rounds.ScopeNone},
		Gate: rounds.FileGate{Path: filepath.Join(dir, editorial.DecisionsName)}}
	out, err := l.Run(context.Background(), path)
	if !errors.Is(err, loop.ErrNotConverged) || out.Reason != loop.AwaitingDecisions || len(out.Applied) != 0 {
		t.Fatalf("first run: %v, %+v; want it waiting with nothing applied", err, out)
	}
	got, err := editorial.Undo(dir, 0)
	if err != nil || len(got) != 0 {
		t.Fatalf("undo of a run that wrote nothing: %v, reverted %v; want it ended with nothing reverted", err, got)
	}
	if readFile(t, path) != chainDoc {
		t.Errorf("the undo changed the document: %q", readFile(t, path))
	}
	if _, err := editorial.Undo(dir, 0); !errors.Is(err, rounds.ErrNothingToUndo) {
		t.Errorf("second undo: %v, want ErrNothingToUndo", err)
	}
	if _, err := l.Run(context.Background(), path); errors.Is(err, loop.ErrUnfinishedRun) {
		t.Errorf("a new run after the undo: %v", err)
	}
}

// TestUndoOf: an undo given other documents than the run's is refused,
// naming both; given the run's, through a symbolic link, it reverts them.
func TestUndoOf(t *testing.T) {
	path := writeDoc(t, chainDoc)
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	l := &editorial.Loop{Council: chainCouncil(), Dir: dir, MaxRounds: 1}
	if _, err := l.Run(context.Background(), path); !errors.Is(err, loop.ErrNotConverged) {
		t.Fatalf("run: %v", err)
	}
	if readFile(t, path) == chainDoc {
		t.Fatal("the run applied nothing")
	}
	other := writeDoc(t, chainDoc)
	if _, err := editorial.UndoOf(dir, []string{other}, nil); err == nil || !strings.Contains(err.Error(), "worked on") || !strings.HasSuffix(err.Error(), "not "+other) {
		t.Errorf("undo of another document: %v", err)
	}
	if readFile(t, path) == chainDoc {
		t.Fatal("a refused undo reverted the document")
	}
	link := filepath.Join(t.TempDir(), "link.md")
	if err := os.Symlink(path, link); err != nil {
		t.Skip(err)
	}
	rounds, err := editorial.UndoOf(dir, []string{link}, nil)
	if err != nil || !slices.Equal(rounds, []int{1}) {
		t.Fatalf("undo = %v, %v", rounds, err)
	}
	if readFile(t, path) != chainDoc {
		t.Error("the undo did not restore the document")
	}
}
