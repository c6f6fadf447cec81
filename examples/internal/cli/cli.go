package cli

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

// Main runs run with a context that SIGINT and SIGTERM cancel, and exits
// the process with the code it returns.
func Main(run func(ctx context.Context) int) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx)
	stop()
	os.Exit(code)
}

// Usage sets fs's usage to head (the command's synopsis, what it does,
// its exit codes) followed by "Flags:" and the flags' defaults.
func Usage(fs *flag.FlagSet, head string) {
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "%s\n\nFlags:\n", head)
		fs.PrintDefaults()
	}
}

// Gate returns the gate a -gate value names, with its default: "ask" on
// a terminal, "file" otherwise (so a command never blocks without one).
func Gate(value string, interactive bool) string {
	switch {
	case value != "":
		return value
	case interactive:
		return "ask"
	}
	return "file"
}
