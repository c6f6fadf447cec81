package loop_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// openFolder opens f for a new run or a resume.
func openFolder(ctx context.Context, f loop.Folder, resume bool) (*journal.Journal, error) {
	mode := loop.OpenNew
	if resume {
		mode = loop.OpenResume
	}
	j, _, err := f.Open(ctx, mode)
	return j, err
}

// TestOpenFolder walks a folder run's lifecycle: a new run, a refused new
// run over the unfinished one, its resume, its end, a refused resume, and a
// new run that moves the finished one with its artifact to history.
func TestOpenFolder(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "run")
	f := loop.Folder{Dir: dir, Journal: journal.Options{Driver: "t", Kinds: []string{"t.end"}}, End: "t.end",
		Artifact: func(n string) bool { return n == "report.md" }}
	start := func(j *journal.Journal) {
		if _, err := journal.Step(ctx, j, loop.StartKey, func(context.Context) (int, error) { return 1, nil }); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := openFolder(ctx, f, true); !errors.Is(err, loop.ErrNothingToResume) {
		t.Fatalf("resume of an empty folder: %v", err)
	}
	j, err := openFolder(ctx, f, false) // a journal with no start: no run
	if err != nil {
		t.Fatal(err)
	}
	start(j)
	if _, err := openFolder(ctx, f, false); !errors.Is(err, journal.ErrBusy) {
		t.Errorf("a second run while the first is alive: %v", err)
	}
	j.Close()
	if _, err := openFolder(ctx, f, false); !errors.Is(err, loop.ErrUnfinishedRun) {
		t.Errorf("a new run over an unfinished one: %v", err)
	}
	if j, err = openFolder(ctx, f, true); err != nil {
		t.Fatal(err)
	}
	start(j) // replayed
	if _, err := j.Append("t.end", "", nil); err != nil {
		t.Fatal(err)
	}
	j.Close()
	os.WriteFile(filepath.Join(dir, "report.md"), []byte("done"), 0o644)
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644)
	if _, err := openFolder(ctx, f, true); !errors.Is(err, loop.ErrNothingToResume) {
		t.Errorf("resume of a finished run: %v", err)
	}
	if j, err = openFolder(ctx, f, false); err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	if j.Done(loop.StartKey) {
		t.Error("the new run's journal holds the old run")
	}
	for _, name := range []string{"history/run-1/report.md", "history/run-1/" + loop.JournalName, "notes.txt"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Error(err)
		}
	}
	if _, err := openFolder(ctx, loop.Folder{Dir: dir, End: "x"}, false); err == nil {
		t.Error("an end kind the journal does not know was accepted")
	}
}

// TestOpenFolderReleasesOnFailedRotation: a new run whose rotation of the
// finished one fails (history is a file) releases the journal's lock, so
// the next try, once the cause is gone, opens the folder.
func TestOpenFolderReleasesOnFailedRotation(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "run")
	f := loop.Folder{Dir: dir, Journal: journal.Options{Driver: "t", Kinds: []string{"t.end"}}, End: "t.end"}
	j, err := openFolder(ctx, f, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := journal.Step(ctx, j, loop.StartKey, func(context.Context) (int, error) { return 1, nil }); err != nil {
		t.Fatal(err)
	}
	if _, err := j.Append("t.end", "", struct{}{}); err != nil {
		t.Fatal(err)
	}
	j.Close()
	hist := filepath.Join(dir, "history")
	os.WriteFile(hist, []byte("not a folder"), 0o644)
	if _, err := openFolder(ctx, f, false); err == nil {
		t.Fatal("rotation into a file named history succeeded")
	}
	os.Remove(hist)
	j, err = openFolder(ctx, f, false)
	if err != nil {
		t.Fatalf("after the failed rotation: %v", err)
	}
	j.Close()
}

// TestOpenFolderSweepsStaleTemp: the temporary files a write cut short by
// a crash left in the run folder are removed when the folder is opened
// (for a resume and for a new run); other files are kept.
func TestOpenFolderSweepsStaleTemp(t *testing.T) {
	ctx := context.Background()
	for _, resume := range []bool{true, false} {
		dir := filepath.Join(t.TempDir(), "run")
		f := loop.Folder{Dir: dir, Journal: journal.Options{Driver: "t", Kinds: []string{"t.end"}}, End: "t.end"}
		j, err := openFolder(ctx, f, false)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := journal.Step(ctx, j, loop.StartKey, func(context.Context) (int, error) { return 1, nil }); err != nil {
			t.Fatal(err)
		}
		if !resume {
			j.Append("t.end", "", nil)
		}
		j.Close()
		stale := filepath.Join(dir, ".whiteboard.md.ABCDEFGHIJ.tmp")
		keep := filepath.Join(dir, "notes.tmp")
		os.WriteFile(stale, []byte("half a board"), 0o644)
		os.WriteFile(keep, []byte("mine"), 0o644)
		if j, err = openFolder(ctx, f, resume); err != nil {
			t.Fatal(err)
		}
		j.Close()
		if _, err := os.Stat(stale); !os.IsNotExist(err) {
			t.Errorf("resume %v: the stale temporary file is still there (%v)", resume, err)
		}
		if _, err := os.Stat(keep); err != nil {
			t.Errorf("resume %v: %v", resume, err)
		}
	}
}

// TestOpenFolderResumeOfNothingWritesNothing: a resume where no run was
// ever started creates neither the folder nor a journal.
func TestOpenFolderResumeOfNothingWritesNothing(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a", "run")
	f := loop.Folder{Dir: dir, Journal: journal.Options{Driver: "t", Kinds: []string{"t.end"}}, End: "t.end"}
	if _, err := openFolder(context.Background(), f, true); !errors.Is(err, loop.ErrNothingToResume) {
		t.Fatalf("resume: %v", err)
	}
	if _, err := os.Stat(filepath.Dir(dir)); !os.IsNotExist(err) {
		t.Errorf("the resume created %s (%v)", filepath.Dir(dir), err)
	}
	os.MkdirAll(dir, 0o755)
	if _, err := openFolder(context.Background(), f, true); !errors.Is(err, loop.ErrNothingToResume) {
		t.Fatalf("resume: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, loop.JournalName)); !os.IsNotExist(err) {
		t.Errorf("the resume created the journal (%v)", err)
	}
}

// TestOpenModes: what each OpenMode does with a folder holding no run, an
// unfinished run and a finished one, and the modes refused.
func TestOpenModes(t *testing.T) {
	ctx := context.Background()
	type want struct {
		state loop.RunState
		err   error
	}
	cases := []struct {
		mode                       loop.OpenMode
		none, unfinished, finished want
	}{
		{loop.OpenNew, want{loop.RunNone, nil}, want{0, loop.ErrUnfinishedRun}, want{loop.RunNone, nil}},
		{loop.OpenResume, want{0, loop.ErrNotStarted}, want{loop.RunUnfinished, nil}, want{0, loop.ErrRunFinished}},
		{loop.OpenStartOrResume, want{loop.RunNone, nil}, want{loop.RunUnfinished, nil}, want{loop.RunNone, nil}},
		{loop.OpenStart | loop.OpenResume | loop.OpenKeep, want{loop.RunNone, nil}, want{loop.RunUnfinished, nil}, want{loop.RunFinished, nil}},
		{loop.OpenResume | loop.OpenKeep, want{0, loop.ErrNotStarted}, want{loop.RunUnfinished, nil}, want{loop.RunFinished, nil}},
		{loop.OpenKeep, want{0, loop.ErrNotStarted}, want{0, loop.ErrUnfinishedRun}, want{loop.RunFinished, nil}},
	}
	for _, c := range cases {
		for i, w := range []want{c.none, c.unfinished, c.finished} {
			dir := filepath.Join(t.TempDir(), "run")
			f := loop.Folder{Dir: dir, Journal: journal.Options{Driver: "t", Kinds: []string{"t.end"}}, End: "t.end"}
			if i > 0 {
				j, _, err := f.Open(ctx, loop.OpenNew)
				if err != nil {
					t.Fatal(err)
				}
				journal.Step(ctx, j, loop.StartKey, func(context.Context) (int, error) { return 1, nil })
				if i == 2 {
					j.Append("t.end", "", nil)
				}
				j.Close()
			}
			j, st, err := f.Open(ctx, c.mode)
			if !errors.Is(err, w.err) || (err == nil) != (w.err == nil) || st != w.state {
				t.Errorf("mode %b, case %d: state %d, %v; want %d, %v", c.mode, i, st, err, w.state, w.err)
			}
			if err == nil {
				if got := j.Done(loop.StartKey); got != (st != loop.RunNone) {
					t.Errorf("mode %b, case %d: state %d, but the journal holds a start: %t", c.mode, i, st, got)
				}
				j.Close()
			}
		}
	}
	f := loop.Folder{Dir: t.TempDir(), Journal: journal.Options{Driver: "t", Kinds: []string{"t.end"}}, End: "t.end"}
	for _, bad := range []loop.OpenMode{loop.OpenRotate, loop.OpenStart | loop.OpenRotate | loop.OpenKeep} {
		if _, _, err := f.Open(ctx, bad); err == nil {
			t.Errorf("mode %b was accepted", bad)
		}
	}
}

// TestJournalObserverThroughRunConfig: RunConfig.JournalObserver sees
// every journal point of the run, its start first.
func TestJournalObserverThroughRunConfig(t *testing.T) {
	dir := t.TempDir()
	doc := filepath.Join(dir, "post.md")
	os.WriteFile(doc, []byte("本文。\r\n"), 0o644)
	var keys []string
	cfg := rounds.RunConfig{Dir: filepath.Join(dir, ".run"), Driver: "t", JournalObserver: func(e journal.Event) {
		if e.Record != nil {
			keys = append(keys, e.Record.Kind+" "+e.Record.Key)
		}
	}}
	r, err := rounds.OpenRun(context.Background(), cfg, []string{doc}, false, true, func() struct{} { return struct{}{} }, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.End(loop.Converged); err != nil {
		t.Fatal(err)
	}
	r.Close()
	if len(keys) < 2 || keys[len(keys)-2] != "step start" || keys[len(keys)-1] != "t.end " {
		t.Errorf("the observer saw %q", keys)
	}
}
