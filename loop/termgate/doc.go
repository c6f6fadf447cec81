// Package termgate asks a person on a line-based terminal, and chooses
// who answers a run's questions.
//
// Gate is a loop.Asker and a rounds.Approver that writes numbered prompts
// to an io.Writer and reads one answer a line from an io.Reader: no
// full-screen form, no terminal library, so it also serves pipes, screen
// readers and tests. Choose turns a command's gate flag ("auto", "file",
// "terminal", or empty for a terminal when there is one and the files
// otherwise) into the asker and approver to hand a driver:
//
//	g, mode, err := termgate.Choose(termgate.Mode(flagGate), termgate.Config{
//		Dir:         runDir,
//		Interactive: term.IsTerminal(int(os.Stdin.Fd())) && term.IsTerminal(int(os.Stderr.Fd())),
//		In:          os.Stdin,
//		Out:         os.Stderr,
//	})
//
// The package never opens a terminal itself and does not detect one: the
// caller says whether its input and output are a terminal.
package termgate
