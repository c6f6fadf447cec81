//go:build unix

package cli

import (
	"os/exec"
	"syscall"
)

// ownProcessGroup starts the command in a process group of its own and
// makes cancellation send SIGTERM to the whole group; exec.Cmd's
// WaitDelay then bounds the grace period before the final SIGKILL.
func ownProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
	}
}

// killProcessGroup sends SIGKILL to what is left of the command's process
// group, such as a grandchild that ignored SIGTERM or kept running in the
// background after the command exited.
func killProcessGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
