package devtest

import "syscall"

// sysProcAttr has the kernel kill the server when the test process dies
// (a test binary killed on timeout), so no server outlives its test.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
