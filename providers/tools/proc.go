package tools

import (
	"os/exec"
	"time"
)

// WaitDelay is how long Run waits, after a tool exits or is killed, for
// the processes it started to close its output; past it the output is cut
// and the run is an error.
const WaitDelay = 5 * time.Second

// Contain makes the process of cmd, made with exec.CommandContext and not
// yet started, die with its caller: it runs in a process group of its own
// (Unix), killed as a whole with SIGKILL when the command's context is
// done, and on Linux it is killed when the caller dies (Pdeathsig), so a
// killed run leaves no tool behind that goes on writing (go vet's cache,
// say). The processes a tool starts in turn are in its group; on a kill of
// the caller only the tool itself gets the signal, and they end when they
// next write to it. Elsewhere the process alone is killed.
func Contain(cmd *exec.Cmd) {
	cmd.SysProcAttr = sysProcAttr()
	cmd.Cancel = func() error { return killGroup(cmd.Process) }
	cmd.WaitDelay = WaitDelay
}
