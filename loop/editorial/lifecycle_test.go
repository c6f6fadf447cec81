package editorial_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"github.com/kaigi-dev/kaigi/loop/journal"
	"github.com/kaigi-dev/kaigi/loop/killtest"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// TestLifecycle: the Editorial Swarm's run folder goes through the one
// lifecycle (loop.Folder): a second run while one holds the folder is
// journal.ErrBusy; the temporary files a kill left in the run folder and
// beside the document are swept when the folder is opened, another
// file's are kept; a resume of other documents is loop.ErrOtherFile and
// one in a folder moved away from its document loop.ErrFolderMoved; a
// resume of a finished run is loop.ErrRunFinished.
func TestLifecycle(t *testing.T) {
	ctx := context.Background()
	top := t.TempDir()
	path, other := filepath.Join(top, "a.md"), filepath.Join(top, "b.md")
	os.WriteFile(path, []byte(chainDoc), 0o644)
	os.WriteFile(other, []byte(chainDoc), 0o644)
	dir := filepath.Join(top, ".editorial")
	newLoop := func(dir string) *editorial.Loop {
		return &editorial.Loop{Council: chainCouncil(), Dir: dir, MaxRounds: 1, Gate: rounds.FileGate{Path: filepath.Join(dir, editorial.DecisionsName)}}
	}
	l := newLoop(dir)
	var busy error
	l.Observer = func(loop.Event) {
		if busy == nil {
			_, busy = newLoop(dir).Run(ctx, path)
			busy = orFail(busy, "a second run")
		}
	}
	if out, err := l.Run(ctx, path); !errors.Is(err, loop.ErrNotConverged) || out.Reason != loop.AwaitingDecisions {
		t.Fatalf("Run: %v, %+v; want it waiting at the gate", err, out)
	}
	if !errors.Is(busy, journal.ErrBusy) {
		t.Errorf("a second run while the first holds the folder: %v", busy)
	}
	swept := []string{killtest.PlantTemp(t, dir, "summary.md"), killtest.PlantTemp(t, filepath.Join(dir, "round-1"), "findings.md"), killtest.PlantTemp(t, top, "a.md")}
	kept := []string{killtest.PlantTemp(t, top, "b.md")}
	if _, err := newLoop(dir).Resume(ctx, other); !errors.Is(err, loop.ErrOtherFile) {
		t.Errorf("a resume of another document: %v", err)
	}
	killtest.CheckSwept(t, swept, kept)
	moved := filepath.Join(top, "sub", ".editorial")
	os.Mkdir(filepath.Dir(moved), 0o755)
	if err := os.Rename(dir, moved); err != nil {
		t.Fatal(err)
	}
	if _, err := newLoop(moved).Resume(ctx, path); !errors.Is(err, loop.ErrFolderMoved) {
		t.Errorf("a resume in a moved folder: %v", err)
	}
	os.Rename(moved, dir)
	os.WriteFile(filepath.Join(dir, editorial.DecisionsName), []byte("{}"), 0o644)
	if _, err := editorial.Undo(dir, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := newLoop(dir).Resume(ctx, path); !errors.Is(err, loop.ErrRunFinished) || errors.Is(err, loop.ErrNotStarted) {
		t.Errorf("a resume of a finished run: %v", err)
	}
}

// orFail returns err, or an error saying that what succeeded.
func orFail(err error, what string) error {
	if err == nil {
		return errors.New(what + " succeeded")
	}
	return err
}
