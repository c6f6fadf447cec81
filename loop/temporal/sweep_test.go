package temporal

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

func TestSweepRemovesUnusedFolders(t *testing.T) {
	work := t.TempDir()
	a := &Activities{WorkDir: work}
	now := time.Now()
	mk := func(dir string, age time.Duration) {
		os.MkdirAll(filepath.Join(dir, ".editorial"), 0o755)
		os.WriteFile(filepath.Join(dir, "post.md"), []byte("本文"), 0o644)
		os.WriteFile(dir+".laid.json", []byte("{}"), 0o644)
		os.Chtimes(dir+".laid.json", now.Add(-age), now.Add(-age))
	}
	old, fresh, held, copyOld := filepath.Join(work, "old"), filepath.Join(work, "fresh"), filepath.Join(work, "held"), filepath.Join(work, ".calls", "old-0")
	mk(old, 48*time.Hour)
	mk(fresh, time.Minute)
	mk(held, 48*time.Hour)
	mk(copyOld, 48*time.Hour)
	unlock, ok, err := tryLock(held + ".lock")
	if err != nil || !ok {
		t.Fatal(err)
	}
	defer unlock()
	got := a.sweep(now, SweepAge)
	slices.Sort(got)
	if want := []string{copyOld, old}; !slices.Equal(got, want) {
		t.Fatalf("removed %v, want %v", got, want)
	}
	for _, dir := range []string{fresh, held} {
		if _, err := os.Stat(filepath.Join(dir, "post.md")); err != nil {
			t.Errorf("%s was removed: %v", dir, err)
		}
	}
	if a.sweepDue(now) != true || a.sweepDue(now.Add(time.Minute)) != false || a.sweepDue(now.Add(2*time.Hour)) != true {
		t.Error("a sweep is due once an hour")
	}
}

// TestEndedRunLeavesNoLocks: a run that ended leaves no lock file (nor
// folder) of its own in the worker's WorkDir, and makes none to clean up.
func TestEndedRunLeavesNoLocks(t *testing.T) {
	work := t.TempDir()
	a := &Activities{WorkDir: work}
	run := filepath.Join(work, "ended")
	os.MkdirAll(run, 0o755)
	unlock, err := lockRun(t.Context(), run+".lock")
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []int{0, 3} { // two call copies were used
		cp := filepath.Join(work, ".calls", "ended-"+string(rune('0'+k)))
		os.MkdirAll(cp, 0o755)
		u, ok, err := tryLock(cp + ".lock")
		if err != nil || !ok {
			t.Fatal(err)
		}
		u()
	}
	a.cleanUp("ended")
	unlock()
	var left []string
	filepath.WalkDir(work, func(p string, d os.DirEntry, err error) error {
		if err == nil && p != work && p != filepath.Join(work, ".calls") {
			left = append(left, p)
		}
		return err
	})
	if len(left) > 0 {
		t.Fatalf("the ended run left %v", left)
	}
}

// TestLockOfRemovedFile: a lock taken on a lock file that its holder
// removed is taken again on the file at the path, so two lockers never
// hold the path at once.
func TestLockOfRemovedFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run.lock")
	first, ok, err := tryLock(path)
	if err != nil || !ok {
		t.Fatal(err)
	}
	removeLock(path)
	second, ok, err := tryLock(path) // a new file at the path
	if err != nil || !ok {
		t.Fatalf("the lock of a new file at the path: ok %v, %v", ok, err)
	}
	if _, ok, _ := tryLock(path); ok {
		t.Fatal("the path was locked twice")
	}
	first()
	second()
}
