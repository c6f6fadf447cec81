//go:build !unix

package loop

import "os"

// lock does nothing where flock(2) does not exist; two runs on one folder
// are then the caller's to prevent.
func lock(*os.File) error { return nil }
