//go:build !unix

package loop

import (
	"io"
	"os"
)

// lock does nothing where flock(2) does not exist; two runs on one folder
// are then the caller's to prevent.
func lock(*os.File) error { return nil }

// renameOpen renames the file f from oldPath to newPath. Some systems
// (Windows) cannot rename an open file, so f is closed first; there is no
// lock to lose.
func renameOpen(f io.Closer, oldPath, newPath string) error {
	f.Close()
	return os.Rename(oldPath, newPath)
}

// syncUnsupported reports that a folder cannot be synced: Windows cannot,
// and the other systems here offer no portable way (see syncDir).
func syncUnsupported(error) bool { return true }
