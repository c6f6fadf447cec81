//go:build unix

package tools

import (
	"errors"
	"os"
	"syscall"
)

// killGroup kills the process group p leads.
func killGroup(p *os.Process) error {
	err := syscall.Kill(-p.Pid, syscall.SIGKILL)
	if errors.Is(err, syscall.ESRCH) {
		return os.ErrProcessDone
	}
	return err
}
