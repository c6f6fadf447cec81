package loop_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
)

func TestBadInput(t *testing.T) {
	root := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(root, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tc := range []struct {
		name, path, want string
	}{
		{"missing", filepath.Join(root, "nope.md"), "no such file"},
		{"directory", root, "is a directory"},
		{"binary", write("image.png", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")), "looks binary"},
		{"empty", write("empty.md", nil), "is empty"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), ".editorial")
			l := &loop.Loop{Council: chainCouncil(), Dir: dir}
			_, err := l.Run(context.Background(), tc.path, false)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Run(%s) = %v, want an error saying %q", tc.name, err, tc.want)
			}
			if _, err := os.Stat(filepath.Join(dir, loop.JournalName)); err == nil {
				t.Error("a refused run left a journal")
			}
		})
	}
}

func TestDocumentChangedBetweenRounds(t *testing.T) {
	path := writeDoc(t, chainDoc)
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	var edited string
	l := &loop.Loop{Council: chainCouncil(), Dir: dir, Observer: func(e loop.Event) {
		if e.Kind == loop.RoundEnded && e.Round == 1 {
			edited = readFile(t, path) + "someone else's line\n"
			os.WriteFile(path, []byte(edited), 0o644)
		}
	}}
	_, err := l.Run(context.Background(), path, false)
	if !errors.Is(err, loop.ErrDocumentChanged) {
		t.Fatalf("Run: %v, want ErrDocumentChanged", err)
	}
	if !strings.Contains(err.Error(), "article.md") || !strings.Contains(err.Error(), "round 2") {
		t.Errorf("the error does not name the file and round: %v", err)
	}
	if readFile(t, path) != edited {
		t.Error("the run changed a document someone else had edited")
	}
	// The run is closed, so a new one can start on the file as it is.
	if _, err := l.Run(context.Background(), path, false); errors.Is(err, loop.ErrUnfinishedRun) {
		t.Errorf("a new run after the change: %v", err)
	}
}

func TestBadConfig(t *testing.T) {
	path := writeDoc(t, chainDoc)
	for _, l := range []*loop.Loop{
		{Council: chainCouncil()}, // no Dir
		{Council: chainCouncil(), Dir: t.TempDir(), MaxRounds: -1},
		{Dir: t.TempDir()}, // no reviewers
	} {
		if _, err := l.Run(context.Background(), path, false); err == nil {
			t.Errorf("Run with %+v succeeded", l)
		}
	}
	if got := readFile(t, path); got != chainDoc {
		t.Error("a refused run changed the document")
	}
}
