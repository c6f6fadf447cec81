package editorial_test

import (
	"context"
	"errors"
	"fmt"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"os"
	"path/filepath"
	"strings"
	"testing"
	utf16pkg "unicode/utf16"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
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
		{"utf-16le", write("le.md", utf16("\ufeff# 題名\r\nHello, world.\r\n", false)), "is UTF-16LE (UTF-16, little-endian); convert it to UTF-8"},
		{"utf-16be", write("be.md", utf16("\ufeff# Title\nHello.\n", true)), "is UTF-16BE (UTF-16, big-endian); convert it to UTF-8"},
		{"utf-16le no bom", write("le-nobom.md", utf16("# Title\nHello, world.\n", false)), "is UTF-16LE (UTF-16, little-endian, without a byte order mark)"},
		{"utf-16be no bom", write("be-nobom.md", utf16("# Title\nHello, world.\n", true)), "is UTF-16BE (UTF-16, big-endian, without a byte order mark)"},
		{"utf-32le", write("32.md", []byte("\xff\xfe\x00\x00#\x00\x00\x00")), "is UTF-32LE"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), ".editorial")
			l := &editorial.Loop{Council: chainCouncil(), Dir: dir}
			_, err := l.Run(context.Background(), tc.path)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Run(%s) = %v, want an error saying %q", tc.name, err, tc.want)
			}
			if _, err := os.Stat(filepath.Join(dir, editorial.JournalName)); err == nil {
				t.Error("a refused run left a journal")
			}
		})
	}
}

func TestDocumentChangedBetweenRounds(t *testing.T) {
	path := writeDoc(t, chainDoc)
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	var edited string
	l := &editorial.Loop{Council: chainCouncil(), Dir: dir, Observer: func(e editorial.Event) {
		if e.Kind == editorial.RoundEnded && e.Round == 1 {
			edited = readFile(t, path) + "someone else's line\n"
			os.WriteFile(path, []byte(edited), 0o644)
		}
	}}
	_, err := l.Run(context.Background(), path)
	if !errors.Is(err, rounds.ErrDocumentChanged) {
		t.Fatalf("Run: %v, want ErrDocumentChanged", err)
	}
	if !strings.Contains(err.Error(), "article.md") || !strings.Contains(err.Error(), "round 2") {
		t.Errorf("the error does not name the file and round: %v", err)
	}
	if readFile(t, path) != edited {
		t.Error("the run changed a document someone else had edited")
	}
	// The run is closed, so a new one can start on the file as it is.
	if _, err := l.Run(context.Background(), path); errors.Is(err, loop.ErrUnfinishedRun) {
		t.Errorf("a new run after the change: %v", err)
	}
}

func TestBadConfig(t *testing.T) {
	path := writeDoc(t, chainDoc)
	for _, l := range []*editorial.Loop{
		{Council: chainCouncil()}, // no Dir
		{Council: chainCouncil(), Dir: t.TempDir(), MaxRounds: -1},
		{Dir: t.TempDir()}, // no reviewers
	} {
		if _, err := l.Run(context.Background(), path); err == nil {
			t.Errorf("Run with %+v succeeded", l)
		}
	}
	if got := readFile(t, path); got != chainDoc {
		t.Error("a refused run changed the document")
	}
}

// utf16 encodes s as UTF-16, big- or little-endian.
func utf16(s string, big bool) []byte {
	var out []byte
	for _, u := range utf16pkg.Encode([]rune(s)) {
		if big {
			out = append(out, byte(u>>8), byte(u))
		} else {
			out = append(out, byte(u), byte(u>>8))
		}
	}
	return out
}

// TestMaxSize: a document above the limit is refused before anything is
// written, unless MaxSize raises the limit.
func TestMaxSize(t *testing.T) {
	big := strings.Repeat("A line of an oversized document.\n", loop.DefaultMaxSize/33+1)
	path := writeDoc(t, big)
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	l := &editorial.Loop{Council: chainCouncil(), Dir: dir, MaxRounds: 1}
	_, err := l.Run(context.Background(), path)
	if !errors.Is(err, loop.ErrTooLarge) || !strings.Contains(err.Error(), fmt.Sprintf("article.md is 4.0 MiB (%d bytes), more than the limit of 4.0 MiB (4194304 bytes)", len(big))) {
		t.Fatalf("Run = %v, want ErrTooLarge naming the file and both sizes", err)
	}
	if _, err := os.Stat(dir); err == nil {
		t.Error("a refused run left its folder")
	}
	l.MaxSize = int64(len(big))
	if _, err := l.Run(context.Background(), path); err != nil && !errors.Is(err, loop.ErrNotConverged) {
		t.Errorf("with MaxSize raised: %v", err)
	}
	l.MaxSize = -1
	if _, err := l.Run(context.Background(), path); err == nil || !strings.Contains(err.Error(), "MaxSize") {
		t.Errorf("negative MaxSize: %v", err)
	}
}
