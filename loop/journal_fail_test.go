package loop

import (
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// errDiskFull stands in for ENOSPC.
var errDiskFull = errors.New("no space left on device (simulated)")

// failingFile is a journal file whose writes and syncs fail on demand: a
// full disk lets a write through partly, then fails it.
type failingFile struct {
	*os.File
	mu       sync.Mutex
	room     int  // bytes a write may still put down; < 0 means no limit
	failSync bool // Sync fails (after the write went through)
}

func (f *failingFile) WriteAt(p []byte, off int64) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.room >= 0 && len(p) > f.room {
		n, _ := f.File.WriteAt(p[:f.room], off)
		f.room -= n
		return n, errDiskFull
	}
	if f.room >= 0 {
		f.room -= len(p)
	}
	return f.File.WriteAt(p, off)
}

func (f *failingFile) Sync() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.failSync {
		return errDiskFull
	}
	return f.File.Sync()
}

func (f *failingFile) set(room int, failSync bool) {
	f.mu.Lock()
	f.room, f.failSync = room, failSync
	f.mu.Unlock()
}

// TestAppendFailureLeavesNoFragment: a write cut short (a full disk) or a
// failed fsync leaves the journal as it was before the record, and every
// later Append is refused, so other writers (reviewers' recorders) cannot
// write after the hole. Once space returns, the journal opens cleanly.
func TestAppendFailureLeavesNoFragment(t *testing.T) {
	for _, tc := range []struct {
		name     string
		room     int
		failSync bool
	}{{"disk full mid-record", 17, false}, {"fsync fails", -1, true}} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), JournalName)
			j, _, err := OpenJournal(path)
			if err != nil {
				t.Fatal(err)
			}
			ff := &failingFile{File: j.f.(*os.File), room: -1}
			j.f = ff
			for i := range 2 {
				if _, err := j.Append("step", 1, map[string]int{"i": i}); err != nil {
					t.Fatal(err)
				}
			}
			good, _ := os.ReadFile(path)

			ff.set(tc.room, tc.failSync)
			if _, err := j.Append("step", 1, map[string]string{"text": "a record that does not fit"}); !errors.Is(err, errDiskFull) {
				t.Fatalf("append on a full disk: %v, want the write's error", err)
			}
			if got, _ := os.ReadFile(path); string(got) != string(good) {
				t.Fatalf("a failed append left\n%q\nwant\n%q", got, good)
			}
			ff.set(-1, false) // space returns
			var wg sync.WaitGroup
			var mu sync.Mutex
			var ok int
			for i := range 4 { // the other reviewers' recorders
				wg.Go(func() {
					if _, err := j.Append("review", 1, map[string]int{"r": i}); err == nil {
						mu.Lock()
						ok++
						mu.Unlock()
					} else if !errors.Is(err, errDiskFull) {
						t.Errorf("append after the failure: %v, want it to name the first failure", err)
					}
				})
			}
			wg.Wait()
			if ok != 0 {
				t.Errorf("%d appends succeeded after a failed one", ok)
			}
			if got, _ := os.ReadFile(path); string(got) != string(good) {
				t.Fatalf("appends after the failure wrote\n%q", got)
			}
			j.Close()

			j, recs, err := OpenJournal(path)
			if err != nil || len(recs) != 2 {
				t.Fatalf("reopened: %d records, %v; want the 2 good ones", len(recs), err)
			}
			if rec, err := j.Append("step", 1, map[string]int{"i": 2}); err != nil || rec.Seq != 3 {
				t.Fatalf("append after reopening: seq %d, %v", rec.Seq, err)
			}
			j.Close()
			if recs, err := ReadJournal(path); err != nil || len(recs) != 3 {
				t.Errorf("read: %d records, %v", len(recs), err)
			}
		})
	}
}
