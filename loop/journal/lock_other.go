//go:build !unix

package journal

import "os"

// lock does nothing where flock(2) does not exist; two runs on one folder
// are then the caller's to prevent.
func lock(*os.File) error { return nil }

// unsupported reports an fsync error of a system that cannot sync
// folders; on these systems any folder sync error counts as such.
func unsupported(error) bool { return true }
