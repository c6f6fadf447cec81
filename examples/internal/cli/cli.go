package cli

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/kaigi-dev/kaigi/examples/internal/otelsetup"
)

// Main runs run with a context that SIGINT and SIGTERM cancel, and exits
// the process with the code it returns. When the OpenTelemetry
// environment asks for traces (see otelsetup), the context carries the
// command's span, named after the executable, and the spans are flushed
// before the process exits, whatever the code and after a signal too
// (a second signal stops a flush that hangs).
func Main(run func(ctx context.Context) int) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	ctx, end := otelsetup.Start(ctx, commandName(os.Args[0]), slog.New(slog.NewTextHandler(os.Stderr, nil)))
	code := run(ctx)
	stop()
	end(code)
	os.Exit(code)
}

// commandName is the command's name as the executable arg0 names it.
func commandName(arg0 string) string {
	return strings.TrimSuffix(filepath.Base(arg0), ".exe")
}

// Usage sets fs's usage to head (the command's synopsis, what it does,
// its exit codes) followed by "Flags:" and the flags' defaults.
func Usage(fs *flag.FlagSet, head string) {
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "%s\n\nFlags:\n", head)
		fs.PrintDefaults()
	}
}
