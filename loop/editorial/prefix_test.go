package editorial_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"github.com/kaigi-dev/kaigi/loop/journal"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// TestErrorsReadWithOnePrefix: the busy error a driver returns (a run,
// a resume and an undo while another run holds the folder), a round's
// bad decisions file and a journal of another driver read with at most
// one package prefix, not "loop: journal: ...".
func TestErrorsReadWithOnePrefix(t *testing.T) {
	prefix := regexp.MustCompile(`(?:^|: )(?:loop|journal|editorial|apply): `)
	check := func(what string, err, target error) {
		t.Helper()
		if !errors.Is(err, target) {
			t.Fatalf("%s: %v, want %v", what, err, target)
		}
		if len(prefix.FindAllString(err.Error(), -1)) > 1 {
			t.Errorf("%s: the message stacks package prefixes: %v", what, err)
		}
	}
	path := writeDoc(t, chainDoc)
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	decisions := filepath.Join(dir, editorial.DecisionsName)
	l := &editorial.Loop{Council: chainCouncil(), Dir: dir, Gate: rounds.FileGate{Path: decisions}}
	if _, err := l.Run(context.Background(), path); !errors.Is(err, loop.ErrNotConverged) {
		t.Fatal(err)
	}
	j, err := journal.Open(filepath.Join(dir, editorial.JournalName), journal.Options{Driver: editorial.Driver, Unknown: func(journal.Record) error { return nil }})
	if err != nil {
		t.Fatal(err)
	}
	_, err = l.Run(context.Background(), path)
	check("run", err, journal.ErrBusy)
	_, err = l.Resume(context.Background(), path)
	check("resume", err, journal.ErrBusy)
	_, err = editorial.Undo(dir, 0)
	check("undo", err, journal.ErrBusy)
	j.Close()

	writeFile(t, decisions, `{"key": "r1/third/F001"}`)
	_, err = l.Resume(context.Background(), path)
	check("bad decisions", err, rounds.ErrBadDecisions)

	other := &editorial.Loop{Council: chainCouncil(), Dir: filepath.Join(dir, "x")}
	writeFile(t, filepath.Join(other.Dir, editorial.JournalName), `{"seq":1,"time":"2026-12-01T11:18:11Z","kind":"journal","data":{"format":"kaigi-journal","version":2,"driver":"goldfish"}}`+"\n")
	_, err = other.Resume(context.Background(), path)
	check("another driver's journal", err, journal.ErrFormat)
}

// writeFile writes text to path, creating its folder, or fails the test.
func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
