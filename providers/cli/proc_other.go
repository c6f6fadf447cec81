//go:build !unix

package cli

import "os/exec"

// ownProcessGroup keeps exec.Cmd's default cancellation, which kills the
// command itself (process groups are a Unix notion).
func ownProcessGroup(cmd *exec.Cmd) {}

// killProcessGroup does nothing where there are no process groups.
func killProcessGroup(cmd *exec.Cmd) {}
