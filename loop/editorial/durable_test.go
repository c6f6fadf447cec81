package editorial_test

import (
	"context"
	"errors"
	"fmt"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"github.com/kaigi-dev/kaigi/loop/journal"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// duringReview wraps a reviewer so that fn runs once, inside the first
// call, before the reviewer reviews: something another program does while
// a model thinks.
func duringReview(inner agent.Reviewer, fn func()) agent.Reviewer {
	var once sync.Once // the documents of a run are reviewed concurrently
	return agent.ReviewerFunc{ReviewerName: inner.Name(), Fn: func(ctx context.Context, t agent.Target) (agent.Review, error) {
		once.Do(fn)
		return inner.Review(ctx, t)
	}}
}

// TestSecondRunOnALiveJournal: a run started on the folder of a run that is
// alive is told the journal is busy, not that an unfinished run waits.
func TestSecondRunOnALiveJournal(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the journal lock is flock(2), which Windows does not have")
	}
	path := writeDoc(t, chainDoc)
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	var second error
	c := chainCouncil()
	c.Members[0].Reviewer = duringReview(c.Members[0].Reviewer, func() {
		_, second = (&editorial.Loop{Council: chainCouncil(), Dir: dir}).Run(context.Background(), path)
	})
	if _, err := (&editorial.Loop{Council: c, Dir: dir}).Run(context.Background(), path); !errors.Is(err, loop.ErrNotConverged) {
		t.Fatalf("first run: %v", err)
	}
	if !errors.Is(second, journal.ErrBusy) || errors.Is(second, loop.ErrUnfinishedRun) {
		t.Fatalf("second run while the first was alive: %v, want ErrJournalBusy", second)
	}
	if !strings.Contains(second.Error(), "in use by another run") {
		t.Errorf("the error does not say the journal is in use: %v", second)
	}
	if _, err := editorial.Undo(dir, 0); err != nil {
		t.Errorf("undo after both runs: %v", err)
	}
	if readFile(t, path) != chainDoc {
		t.Error("the second run changed the document")
	}
}

// TestReadOnlyDocument: a document without write permission is refused
// before anything is reviewed or written, unless the run is a dry run.
func TestReadOnlyDocument(t *testing.T) {
	path := writeDoc(t, chainDoc)
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	called := false
	c := chainCouncil()
	c.Members[0].Reviewer = duringReview(c.Members[0].Reviewer, func() { called = true })
	_, err := (&editorial.Loop{Council: c, Dir: dir}).Run(context.Background(), path)
	if !errors.Is(err, loop.ErrNotWritable) || !strings.Contains(err.Error(), "read-only") || !strings.Contains(err.Error(), "0444") {
		t.Fatalf("Run on a read-only document: %v, want ErrNotWritable naming the mode", err)
	}
	if called {
		t.Error("the reviewers were called for a document the run may not write")
	}
	if readFile(t, path) != chainDoc {
		t.Error("a read-only document was edited")
	}
	if _, err := os.Stat(filepath.Join(dir, editorial.JournalName)); err == nil {
		t.Error("a refused run left a journal")
	}
	out, err := (&editorial.Loop{Council: chainCouncil(), Dir: dir, DryRun: true}).Run(context.Background(), path)
	if err != nil || out.Reason != editorial.DryRunEnded {
		t.Fatalf("a dry run of a read-only document: %v", err)
	}

	// Undo refuses too: it would write the file.
	os.Chmod(path, 0o644)
	if _, err := (&editorial.Loop{Council: chainCouncil(), Dir: dir}).Run(context.Background(), path); !errors.Is(err, loop.ErrNotConverged) {
		t.Fatal(err)
	}
	edited := readFile(t, path)
	os.Chmod(path, 0o444)
	if _, err := editorial.Undo(dir, 0); !errors.Is(err, loop.ErrNotWritable) {
		t.Errorf("undo of a read-only document: %v, want ErrNotWritable", err)
	}
	if readFile(t, path) != edited {
		t.Error("undo edited a read-only document")
	}
}

// TestEditWhileReviewersWork: an author saves the document while the
// reviewers work. The run must not write its edits over that change: it
// stops with document-changed, writes nothing and says what to do.
func TestEditWhileReviewersWork(t *testing.T) {
	path := writeDoc(t, chainDoc)
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	edited := chainDoc + "the author's new line\n"
	c := chainCouncil()
	c.Members[0].Reviewer = duringReview(c.Members[0].Reviewer, func() {
		if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
			t.Error(err)
		}
	})
	out, err := (&editorial.Loop{Council: c, Dir: dir}).Run(context.Background(), path)
	if !errors.Is(err, rounds.ErrDocumentChanged) {
		t.Fatalf("Run: %v, want ErrDocumentChanged", err)
	}
	if got := readFile(t, path); got != edited {
		t.Fatalf("the author's change was lost: the document is\n%q\nwant\n%q", got, edited)
	}
	if out == nil || out.Reason != loop.DocumentChanged || len(out.Applied) != 0 {
		t.Errorf("outcome %+v, want document-changed with nothing applied", out)
	}
	mustContain(t, "the error", err.Error(), "article.md", "nothing was written", "run again")
	if _, err := editorial.Undo(dir, 0); !errors.Is(err, rounds.ErrNothingToUndo) {
		t.Errorf("undo after a run that wrote nothing: %v, want ErrNothingToUndo", err)
	}
	if got := readFile(t, path); got != edited {
		t.Error("undo touched the author's document")
	}
}

// TestEditWhileTheGateDecides: the same for the gate's patch, written
// after a human (who may take hours) has decided.
func TestEditWhileTheGateDecides(t *testing.T) {
	path := writeDoc(t, "foo line\nbaz line\n42% line\n")
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	var edited string
	gate := rounds.ApproverFunc(func(_ context.Context, b rounds.Batch) ([]rounds.Decision, error) {
		edited = readFile(t, path) + "the author's new line\n"
		os.WriteFile(path, []byte(edited), 0o644)
		var ds []rounds.Decision
		for _, it := range b.Items {
			ds = append(ds, rounds.Decision{Key: it.Key, Action: rounds.Apply})
		}
		return ds, nil
	})
	_, err := (&editorial.Loop{Council: twoMediums(), Dir: dir, Gate: gate}).Run(context.Background(), path)
	if !errors.Is(err, rounds.ErrDocumentChanged) {
		t.Fatalf("Run: %v, want ErrDocumentChanged", err)
	}
	if got := readFile(t, path); got != edited {
		t.Errorf("the author's change was lost: %q, want %q", got, edited)
	}
	// The report shows no change the run did not write.
	if html := readFile(t, filepath.Join(dir, rounds.ReportName)); !strings.Contains(html, "Nothing was changed.") {
		t.Error("report.html shows changes the run never wrote")
	}
}

// TestTwoRunsOnOneDocument: two runs with different folders on one
// document. The second finishes while the first one's reviewers work; the
// first must not overwrite the second's edits.
func TestTwoRunsOnOneDocument(t *testing.T) {
	path := writeDoc(t, chainDoc)
	other := membersOf(phraseReviewer("other", "style", rule{phrase: "題名", fix: "表題", severity: finding.Low, conf: 90}))
	var second string
	c := chainCouncil()
	c.Members[0].Reviewer = duringReview(c.Members[0].Reviewer, func() {
		l := &editorial.Loop{Council: other, Dir: filepath.Join(t.TempDir(), "b")}
		if _, err := l.Run(context.Background(), path); err != nil {
			t.Errorf("the second run: %v", err)
		}
		second = readFile(t, path)
	})
	_, err := (&editorial.Loop{Council: c, Dir: filepath.Join(t.TempDir(), "a")}).Run(context.Background(), path)
	if !errors.Is(err, rounds.ErrDocumentChanged) {
		t.Fatalf("the first run: %v, want ErrDocumentChanged", err)
	}
	if got := readFile(t, path); got != second || !strings.Contains(got, "表題") {
		t.Errorf("the second run's edit was lost: %q, want %q", got, second)
	}
}

// membersOf is a council of the given reviewers, one at a time.
func membersOf(rs ...agent.Reviewer) council.Council {
	return council.Council{Limit: 1, Members: council.Members(rs...)}
}

// copyTree copies the regular files under src to dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestUndoInACopiedFolder: the journal names its document by an absolute
// path, so an undo in a copy of the project folder (or with the run
// folder moved) would revert the original. It must refuse instead.
func TestUndoInACopiedFolder(t *testing.T) {
	for _, move := range []string{"copy the project", "move the run folder"} {
		t.Run(move, func(t *testing.T) {
			path := writeDoc(t, chainDoc)
			proj := filepath.Dir(path)
			dir := filepath.Join(proj, ".editorial")
			if _, err := (&editorial.Loop{Council: chainCouncil(), Dir: dir}).Run(context.Background(), path); !errors.Is(err, loop.ErrNotConverged) {
				t.Fatal(err)
			}
			edited := readFile(t, path)
			var other string
			if move == "copy the project" {
				cp := filepath.Join(t.TempDir(), "copy")
				copyTree(t, proj, cp)
				other = filepath.Join(cp, ".editorial")
			} else {
				other = filepath.Join(proj, "sub", ".editorial")
				os.Mkdir(filepath.Dir(other), 0o755)
				if err := os.Rename(dir, other); err != nil {
					t.Fatal(err)
				}
			}
			_, err := editorial.Undo(other, 0)
			if !errors.Is(err, loop.ErrFolderMoved) || !strings.Contains(err.Error(), "article.md") {
				t.Fatalf("undo in the moved folder: %v, want ErrFolderMoved naming the document", err)
			}
			if readFile(t, path) != edited {
				t.Fatal("an undo in a copied or moved folder reverted the original document")
			}
			if move == "copy the project" {
				if _, err := editorial.Undo(dir, 0); err != nil || readFile(t, path) != chainDoc {
					t.Errorf("undo in the original folder: %v", err)
				}
			}
		})
	}
}

// TestStaleTempFilesRemoved: a kill in the middle of an atomic write
// leaves its temporary file (.NAME.XXXXXXXXXX.tmp) behind. A resumed or new
// run removes those of its own files, and nothing else.
func TestStaleTempFilesRemoved(t *testing.T) {
	for _, resume := range []bool{true, false} {
		t.Run(fmt.Sprintf("resume=%v", resume), func(t *testing.T) {
			path := writeDoc(t, chainDoc)
			proj := filepath.Dir(path)
			dir := filepath.Join(proj, ".editorial")
			l := &editorial.Loop{Council: chainCouncil(), Dir: dir, Gate: rounds.FileGate{Path: filepath.Join(dir, editorial.DecisionsName)}}
			if !resume {
				l.Gate = nil
			}
			l.Run(context.Background(), path)
			stale := []string{
				filepath.Join(proj, ".article.md.ABCDEFGH23.tmp"),
				filepath.Join(dir, ".summary.md.QRSTUVWX67.tmp"),
				filepath.Join(dir, "round-1", ".findings.md.ABCDEFGHIJ.tmp"),
			}
			kept := []string{
				filepath.Join(proj, ".other.md.ABCDEFGH23.tmp"),   // another document's
				filepath.Join(proj, ".article.md.abcdefgh23.tmp"), // not a name apply.Dir makes
				filepath.Join(proj, "notes.tmp"),
				filepath.Join(dir, "round-1", "mine.tmp"),
			}
			for _, p := range append(slices.Clone(stale), kept...) {
				if err := os.WriteFile(p, []byte("half a write"), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := start(l, resume)(context.Background(), path); err != nil && !errors.Is(err, loop.ErrNotConverged) {
				t.Fatal(err)
			}
			where := func(p string) string { // a new run moves the old rounds to the history
				if rel, _ := filepath.Rel(dir, p); !resume && strings.HasPrefix(rel, "round-") {
					return filepath.Join(dir, "history", "run-1", rel)
				}
				return p
			}
			for _, p := range stale {
				if _, err := os.Stat(where(p)); err == nil {
					t.Errorf("the stale %s is still there", where(p))
				}
			}
			for _, p := range kept {
				if _, err := os.Stat(where(p)); err != nil {
					t.Errorf("%s was removed: %v", p, err)
				}
			}
		})
	}
}
