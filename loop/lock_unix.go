//go:build unix

package loop

import (
	"errors"
	"io"
	"os"
	"syscall"
)

// lock takes an exclusive, non-blocking advisory lock on f, released when
// f is closed.
func lock(f *os.File) error {
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
}

// renameOpen renames the open, locked file f from oldPath to newPath. An
// open file can be renamed here, and its lock goes with it, so no other
// run can take the journal over in between.
func renameOpen(_ io.Closer, oldPath, newPath string) error {
	return os.Rename(oldPath, newPath)
}

// syncUnsupported reports a folder sync the file system does not support
// (see syncDir).
func syncUnsupported(err error) bool {
	return errors.Is(err, syscall.EINVAL) || errors.Is(err, syscall.ENOTSUP)
}
