package editorial_test

import (
	"context"
	"errors"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"os"
	"path/filepath"
	"testing"
)

func TestUndoRestoresCRLFJapanese(t *testing.T) {
	orig := "\ufeff# 題名\r\nalpha の行。\r\nbeta の行。\r\n数字は 42% です。" // BOM, CRLF, no final newline
	path := writeDoc(t, orig)
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	l := &editorial.Loop{Council: chainCouncil(), Dir: dir}
	if _, err := l.Run(context.Background(), path); !errors.Is(err, editorial.ErrNotConverged) {
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
	if _, err := editorial.Undo(dir, 0); !errors.Is(err, editorial.ErrNothingToUndo) {
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
	if _, err := editorial.Undo(dir, 0); !errors.Is(err, editorial.ErrDocumentChanged) {
		t.Fatalf("undo of a changed document: %v, want ErrDocumentChanged", err)
	}
	if readFile(t, path) != edited {
		t.Error("a refused undo changed the document")
	}
}
