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

// tryLock takes an exclusive lock on the file path if it is free.
func tryLock(path string) (func(), bool, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, false, fmt.Errorf("temporal: %w", err)
	}
	err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	switch {
	case err == nil:
		return func() { f.Close() }, true, nil
	case errors.Is(err, syscall.EWOULDBLOCK):
		f.Close()
		return nil, false, nil
	}
	f.Close()
	return nil, false, fmt.Errorf("temporal: lock %s: %w", path, err)
}

// lockRun takes an exclusive lock on the file path, waiting for it while
// ctx lasts: one activity of a run at a time on a machine, whichever
// worker process runs it (the lock ends with the process).
func lockRun(ctx context.Context, path string) (func(), error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("temporal: %w", err)
	}
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return func() { f.Close() }, nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) {
			f.Close()
			return nil, fmt.Errorf("temporal: lock %s: %w", path, err)
		}
		select {
		case <-ctx.Done():
			f.Close()
			return nil, fmt.Errorf("temporal: waiting for the run's lock: %w", ctx.Err())
		case <-time.After(5 * time.Millisecond):
		}
	}
}
