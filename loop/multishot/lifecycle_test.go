package multishot

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
	"github.com/kaigi-dev/kaigi/loop/killtest"
)

// TestLifecycle: a session folder goes through the one lifecycle
// (loop.Folder): a second run while one holds the folder is
// journal.ErrBusy; the temporary files a kill left in the session folder,
// its logs and beside the files of the change (where fixes are written)
// are swept when the folder is opened, those beside other files of the
// repository kept; a Run over the unfinished session (of another target
// too) and a follow-up of it are loop.ErrUnfinishedRun; a resume in a copy
// of the repository (the session folder inside it) is loop.ErrFolderMoved;
// a resume where no session was started is loop.ErrNotStarted.
func TestLifecycle(t *testing.T) {
	ctx := context.Background()
	r := newRepo(t)
	r.write("app/main.go", "package main\n\nfunc main() {}\n")
	r.write("docs/guide.md", "# Guide\n\nOld text.\n")
	r.write("notes.md", "notes\n")
	r.commit("base")
	r.write("app/main.go", "package main\n\nimport \"os\"\n\nfunc main() {\n\tf, _ := os.Open(\"x\")\n\tf.Close()\n}\n")
	r.write("docs/guide.md", "\ufeff# ガイド\r\n\r\nとても とても 大事な 変更。\r\nNew text")
	newLoop := func(repo string) *Loop {
		l := killLoop(t.TempDir(), nil)
		l.Dir = filepath.Join(repo, ".multishot", "session")
		l.Asker = loop.FileAsker{Dir: l.Dir}
		return l
	}
	target := Target{Repo: r.dir, Kind: Uncommitted}
	if _, err := newLoop(r.dir).Resume(ctx); !errors.Is(err, loop.ErrNotStarted) {
		t.Errorf("a resume where no session was started: %v", err)
	}
	l := newLoop(r.dir)
	var busy error
	l.JournalObserver = func(journal.Event) {
		if busy == nil {
			if _, busy = newLoop(r.dir).Run(ctx, target, "task"); busy == nil {
				busy = errors.New("a second run succeeded")
			}
		}
	}
	if _, err := l.Run(ctx, target, "task"); !errors.Is(err, loop.ErrWaiting) {
		t.Fatalf("Run: %v; want it waiting at the triage", err)
	}
	if !errors.Is(busy, journal.ErrBusy) {
		t.Errorf("a second run while the first holds the folder: %v", busy)
	}
	for _, tg := range []Target{target, {Repo: r.dir, Kind: Commit, Ref: "HEAD"}} {
		if _, err := newLoop(r.dir).Run(ctx, tg, "task"); !errors.Is(err, loop.ErrUnfinishedRun) {
			t.Errorf("a run of %s over the unfinished session: %v", tg.Kind, err)
		}
	}
	if _, err := newLoop(r.dir).Continue(ctx); !errors.Is(err, loop.ErrUnfinishedRun) {
		t.Errorf("a follow-up of the unfinished session: %v", err)
	}
	dir := newLoop(r.dir).Dir
	swept := []string{killtest.PlantTemp(t, dir, "summary.md"), killtest.PlantTemp(t, filepath.Join(dir, "logs"), "w1_code-1.json"),
		killtest.PlantTemp(t, filepath.Join(r.dir, "docs"), "guide.md"), killtest.PlantTemp(t, filepath.Join(r.dir, "app"), "main.go")}
	kept := []string{killtest.PlantTemp(t, r.dir, "notes.md")}
	if _, err := newLoop(r.dir).Resume(ctx); !errors.Is(err, loop.ErrWaiting) {
		t.Errorf("Resume: %v; want it waiting at the triage again", err)
	}
	killtest.CheckSwept(t, swept, kept)
	copied := filepath.Join(t.TempDir(), "copy")
	if err := copyDir(r.dir, copied); err != nil {
		t.Fatal(err)
	}
	if _, err := newLoop(copied).Resume(ctx); !errors.Is(err, loop.ErrFolderMoved) {
		t.Errorf("a resume in a copy of the repository: %v", err)
	}
}
