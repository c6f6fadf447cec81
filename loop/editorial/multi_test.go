package editorial_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// TestSeveralDocuments: one run over two documents in different folders
// reviews each with the council, applies each finding in its own file
// (the same phrase in both is fixed in both, once each), keeps their
// artifacts apart, resumes with the same documents only, and one undo
// restores both.
func TestSeveralDocuments(t *testing.T) {
	top := t.TempDir()
	a := filepath.Join(top, "docs", "a.md")
	b := filepath.Join(top, "docs", "sub", "b.md")
	os.MkdirAll(filepath.Dir(b), 0o755)
	const docA, docB = "# A\r\nalpha の行。\r\n", "# B\nthe alpha line\nand 42% more\n"
	os.WriteFile(a, []byte(docA), 0o644)
	os.WriteFile(b, []byte(docB), 0o644)
	dir := filepath.Join(top, ".editorial")
	l := &editorial.Loop{Council: chainCouncil(), Dir: dir, MaxRounds: 3}
	out, err := l.Run(context.Background(), a, b)
	if !errors.Is(err, loop.ErrNotConverged) || out.Reason != loop.Stalled {
		t.Fatalf("Run: %v, %+v; want stalled on the open high finding", err, out)
	}
	if got := readFile(t, a); got != "# A\r\ngamma の行。\r\n" {
		t.Errorf("a.md = %q", got)
	}
	if got := readFile(t, b); got != "# B\nthe gamma line\nand 42% more\n" {
		t.Errorf("b.md = %q", got)
	}
	if len(out.Files) != 2 || out.Files[1] != b {
		t.Errorf("outcome files = %v", out.Files)
	}
	files := map[string]int{}
	for _, e := range out.Applied {
		files[e.Item.File]++
		if !strings.HasPrefix(e.Item.Key, "r") || !strings.Contains(e.Item.Key, e.Item.File+"/") {
			t.Errorf("applied %s (file %q): the key does not name its file", e.Item.Key, e.Item.File)
		}
	}
	if files["a.md"] != 2 || files["sub/b.md"] != 2 {
		t.Errorf("applied by file = %v, want 2 in each (alpha -> beta -> gamma)", files)
	}
	mustContain(t, "round-1/sub/b.md/findings.md", readFile(t, filepath.Join(dir, "round-1", "sub", "b.md", "findings.md")),
		"r1/sub/b.md/third/F001", "unsourced figure")
	mustContain(t, "round-1/a.md/applied.diff", readFile(t, filepath.Join(dir, "round-1", "a.md", "applied.diff")), "+beta の行。")
	if _, err := l.Resume(context.Background(), a); !errors.Is(err, loop.ErrNothingToResume) {
		t.Errorf("resume of a finished run: %v", err)
	}
	if got, err := editorial.JournaledFiles(dir); err != nil || len(got) != 2 || got[0] != a {
		t.Errorf("JournaledFiles = %v, %v", got, err)
	}
	rounds, err := editorial.Undo(dir, 0)
	if err != nil || len(rounds) != 2 {
		t.Fatalf("undo: %v, %v", rounds, err)
	}
	if readFile(t, a) != docA || readFile(t, b) != docB {
		t.Errorf("after undo: %q, %q", readFile(t, a), readFile(t, b))
	}
}

// TestSeveralDocumentsOneChanged: a document someone else edits while a
// run over several works stops the run before anything is written over
// the edit, in any of the documents.
func TestSeveralDocumentsOneChanged(t *testing.T) {
	top := t.TempDir()
	a, b := filepath.Join(top, "a.md"), filepath.Join(top, "b.md")
	os.WriteFile(a, []byte("alpha\n"), 0o644)
	os.WriteFile(b, []byte("alpha\n"), 0o644)
	c := chainCouncil()
	c.Members[0].Reviewer = duringReview(c.Members[0].Reviewer, func() {
		// Atomically, as an editor saves: b's own review may be reading it.
		os.WriteFile(b+".new", []byte("alpha, edited\n"), 0o644)
		os.Rename(b+".new", b)
	})
	l := &editorial.Loop{Council: c, Dir: filepath.Join(top, ".editorial"), MaxRounds: 1}
	_, err := l.Run(context.Background(), a, b)
	if !errors.Is(err, rounds.ErrDocumentChanged) {
		t.Fatalf("Run: %v, want ErrDocumentChanged", err)
	}
	if readFile(t, a) != "alpha\n" || readFile(t, b) != "alpha, edited\n" {
		t.Errorf("documents: %q, %q; want a untouched and b's edit kept", readFile(t, a), readFile(t, b))
	}
}

// TestFindingsNamingOtherFiles: a finding whose file is outside the root
// (absolute, through "..", through a symbolic link that leads out), or
// another file, is dropped with the reason and never applied to the
// reviewed article, even when its quote is in it, and nothing outside is
// written; one naming the article ("./article.md" too) is applied.
func TestFindingsNamingOtherFiles(t *testing.T) {
	path := writeDoc(t, "alpha one\nalpha two\nalpha three\nalpha four\nalpha five\n")
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	outside := filepath.Join(t.TempDir(), "secret.md")
	os.WriteFile(outside, []byte("alpha five\n"), 0o644)
	if err := os.Symlink(outside, filepath.Join(filepath.Dir(path), "link.md")); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	files := []string{"/etc/passwd", "../outside.md", "other.md", "./article.md", "link.md"}
	words := []string{"one", "two", "three", "four", "five"}
	rev := agent.ReviewerFunc{ReviewerName: "r", Fn: func(context.Context, agent.Target) (agent.Review, error) {
		rep := finding.Report{Reviewer: "r", SchemaVersion: finding.SchemaVersion, Summary: "s", Findings: []finding.Finding{}}
		for i, f := range files {
			rep.Findings = append(rep.Findings, finding.Finding{ID: fmt.Sprintf("F%03d", i+1), File: f, Category: "style",
				LineRange: finding.LineRange{Start: i + 1, End: i + 1}, Issue: "x", Confidence: 90, Severity: finding.Low,
				Quotes: []string{"alpha " + words[i]}, Fix: "beta " + words[i]})
		}
		return agent.Review{Report: rep}, nil
	}}
	l := &editorial.Loop{Council: council.Council{Members: council.Members(rev)}, Dir: dir, MaxRounds: 1}
	if _, err := l.Run(context.Background(), path); err != nil && !errors.Is(err, loop.ErrNotConverged) {
		t.Fatal(err)
	}
	if got := readFile(t, path); got != "alpha one\nalpha two\nalpha three\nbeta four\nalpha five\n" {
		t.Errorf("article = %q, want only the finding naming the article applied", got)
	}
	if got := readFile(t, outside); got != "alpha five\n" {
		t.Errorf("the file behind the link was written: %q", got)
	}
	mustContain(t, "findings.md", readFile(t, filepath.Join(dir, "round-1", "findings.md")),
		`names the file "/etc/passwd", path leads outside the root folder`,
		`names the file "../outside.md", path leads outside the root folder`,
		`names the file "other.md", file is not one of the target files`,
		`names the file "link.md"`)
}

// TestSeveralDocumentsInAnyOrder: a resume may name the run's documents
// in another order; a run folder moved away from three documents is
// refused with a message naming all three.
func TestSeveralDocumentsInAnyOrder(t *testing.T) {
	top := t.TempDir()
	var paths []string
	for _, n := range []string{"a.md", "b.md", "c.md"} {
		p := filepath.Join(top, n)
		os.WriteFile(p, []byte(chainDoc), 0o644)
		paths = append(paths, p)
	}
	dir := filepath.Join(top, ".editorial")
	l := &editorial.Loop{Council: chainCouncil(), Dir: dir, MaxRounds: 1, Gate: rounds.FileGate{Path: filepath.Join(dir, editorial.DecisionsName)}}
	if out, err := l.Run(context.Background(), paths...); !errors.Is(err, loop.ErrNotConverged) || out.Reason != loop.AwaitingDecisions {
		t.Fatalf("Run: %v, %+v; want it waiting at the gate", err, out)
	}
	out, err := l.Resume(context.Background(), paths[2], paths[0], paths[1])
	if errors.Is(err, loop.ErrOtherFile) || out == nil || out.Reason != loop.AwaitingDecisions {
		t.Fatalf("resume with the documents in another order: %v, %+v", err, out)
	}
	if out.Files[0] != paths[0] || out.Files[2] != paths[2] {
		t.Errorf("the resumed run's files %v, want them in the run's order", out.Files)
	}
	if _, err := l.Resume(context.Background(), paths[2], paths[0]); !errors.Is(err, loop.ErrOtherFile) {
		t.Errorf("resume with one document missing: %v, want ErrOtherFile", err)
	}
	moved := filepath.Join(top, "sub", ".editorial")
	os.Mkdir(filepath.Dir(moved), 0o755)
	if err := os.Rename(dir, moved); err != nil {
		t.Fatal(err)
	}
	_, err = editorial.Undo(moved, 0)
	if !errors.Is(err, loop.ErrFolderMoved) {
		t.Fatalf("undo in the moved folder: %v, want ErrFolderMoved", err)
	}
	for _, n := range []string{"a.md", "b.md", "c.md"} {
		if !strings.Contains(err.Error(), n) {
			t.Errorf("the moved folder's message does not name %s: %v", n, err)
		}
	}
}
