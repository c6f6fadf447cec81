//go:build unix && !linux

package tools

import "syscall"

// sysProcAttr puts the tool in a group of its own (no parent-death signal
// here).
func sysProcAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }
