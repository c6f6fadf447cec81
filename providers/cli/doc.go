// Package cli is a kaigi agent.Provider that runs a local command, such as
// an agent CLI in print mode, once per call: the prompt goes to its stdin
// (rendered as plain text by Render) and its stdout is the reply.
//
// Arguments are a list handed to the program as they are, never through a
// shell; ModelPlaceholder in an argument is replaced by the model. Each
// call runs in a process group of its own: on timeout or cancellation the
// whole group gets SIGTERM, then SIGKILL after a grace period, and any
// process the command leaves behind is killed when it ends. A non-zero
// exit is an *ExitError with the status and the end of stderr; stdout
// beyond WithMaxOutput (default agent.DefaultMaxResponseBytes, the bound of
// every provider) stops the command with ErrOutputTooLarge. A timeout
// matches agent.ErrTimedOut, a command that cannot start
// agent.ErrUnavailable. Process groups are Unix-only; elsewhere only the
// command itself is killed.
//
// The smallest use:
//
//	p, err := cli.New([]string{"claude", "-p", "--model", cli.ModelPlaceholder}, cli.WithModel("sonnet"))
//	resp, err := p.Complete(ctx, agent.Request{Messages: []agent.Message{agent.UserText("Review this: ...")}})
package cli
