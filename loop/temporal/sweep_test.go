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
