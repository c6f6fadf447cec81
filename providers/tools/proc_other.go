//go:build !unix

package tools

import (
	"os"
	"syscall"
)

func sysProcAttr() *syscall.SysProcAttr { return nil }

// killGroup kills the process alone: there are no process groups here.
func killGroup(p *os.Process) error { return p.Kill() }
