//go:build unix

package journal

import (
	"errors"
	"os"
	"syscall"
)

// lock takes an exclusive, non-blocking advisory lock on f, released when
// f is closed or the process ends.
func lock(f *os.File) error {
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
}

// unsupported reports an fsync error of a system or file system that
// cannot sync folders.
func unsupported(err error) bool {
	return errors.Is(err, syscall.EINVAL) || errors.Is(err, syscall.ENOTSUP)
}
