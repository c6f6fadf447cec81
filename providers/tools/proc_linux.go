//go:build linux

package tools

import "syscall"

// sysProcAttr puts the tool in a group of its own and has the kernel kill
// it when its parent dies.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
