package temporal

import (
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Sweeping the folders runs leave on a worker.
const (
	// SweepAge is how long a run's folder on a worker may go unused before
	// an advance removes it (its workspace is in the store: a later
	// activity of the run lays it out again).
	SweepAge = 24 * time.Hour
	// sweepEvery is how often an Activities sweeps its WorkDir.
	sweepEvery = time.Hour
)

// sweepDue reports whether a sweep is due at now, and marks it done.
func (a *Activities) sweepDue(now time.Time) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	if now.Sub(a.swept) < sweepEvery {
		return false
	}
	a.swept = now
	return true
}

// sweep removes the folders under WorkDir (runs' folders and call copies)
// that no activity holds and that were last laid out before now-age: what
// a worker keeps of runs another worker ended, or that failed. It returns
// the folders it removed.
func (a *Activities) sweep(now time.Time, age time.Duration) []string {
	var removed []string
	for _, parent := range []string{a.WorkDir, filepath.Join(a.WorkDir, ".calls")} {
		entries, err := os.ReadDir(parent)
		if err != nil {
			continue
		}
		for _, e := range entries {
			name := e.Name()
			if !e.IsDir() || strings.HasPrefix(name, ".") {
				continue
			}
			dir := filepath.Join(parent, name)
			info, err := os.Stat(dir + ".laid.json")
			if err == nil && now.Sub(info.ModTime()) < age {
				continue
			}
			unlock, ok, err := tryLock(dir + ".lock")
			if err != nil || !ok {
				continue // in use
			}
			removeWorkspace(dir)
			removeLock(dir + ".lock")
			unlock()
			removed = append(removed, dir)
		}
	}
	return removed
}
