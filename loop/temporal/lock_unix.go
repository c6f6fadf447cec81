//go:build unix

package temporal

import (
	"context"
	"errors"
	"fmt"
	"os"
	"syscall"
	"time"
)

// tryLock takes an exclusive lock on the file path if it is free. A lock
// file may be removed by its holder (removeLock): a lock taken on a file
// no longer at path is let go and taken again on the file there.
func tryLock(path string) (func(), bool, error) {
	for {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, false, fmt.Errorf("temporal: %w", err)
		}
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case err == nil:
			if !stillAt(f, path) {
				f.Close()
				continue
			}
			return func() { f.Close() }, true, nil
		case errors.Is(err, syscall.EWOULDBLOCK):
			f.Close()
			return nil, false, nil
		}
		f.Close()
		return nil, false, fmt.Errorf("temporal: lock %s: %w", path, err)
	}
}

// lockRun takes an exclusive lock on the file path, waiting for it while
// ctx lasts: one activity of a run at a time on a machine, whichever
// worker process runs it (the lock ends with the process).
func lockRun(ctx context.Context, path string) (func(), error) {
	for {
		unlock, ok, err := tryLock(path)
		if err != nil || ok {
			return unlock, err
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("temporal: waiting for the run's lock: %w", ctx.Err())
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// stillAt reports whether the open file f is the file at path.
func stillAt(f *os.File, path string) bool {
	a, err := f.Stat()
	if err != nil {
		return false
	}
	b, err := os.Stat(path)
	return err == nil && os.SameFile(a, b)
}

// removeLock removes the lock file path; the caller holds its lock, and
// lets it go afterwards.
func removeLock(path string) { os.Remove(path) }
