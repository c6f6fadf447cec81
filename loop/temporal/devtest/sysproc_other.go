//go:build !linux

package devtest

import "syscall"

// sysProcAttr is nil where the kernel cannot kill a child with its parent.
func sysProcAttr() *syscall.SysProcAttr { return nil }
