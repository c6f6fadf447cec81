//go:build !unix

package temporal

import (
	"context"
	"errors"
)

// errNoLock: the worker needs file locks (flock(2)) to keep a run's
// activities on one machine apart.
var errNoLock = errors.New("temporal: workers run on Unix systems only (file locks)")

func tryLock(string) (func(), bool, error) { return nil, false, errNoLock }

func lockRun(context.Context, string) (func(), error) { return nil, errNoLock }

func removeLock(string) {}
