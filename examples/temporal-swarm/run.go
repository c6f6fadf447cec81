package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"github.com/kaigi-dev/kaigi/examples/internal/cli"
	"io"
	"log/slog"

	"go.temporal.io/sdk/client"
	tlog "go.temporal.io/sdk/log"
)

// Exit codes.
const (
	exitConverged  = 0
	exitError      = 1
	exitUnresolved = 2
)

// Defaults of the common flags.
const (
	defaultTemporal = "127.0.0.1:7233" // the development server's address
	defaultQueue    = "kaigi"
	namespace       = "default"
)

const usage = `Usage: temporal-swarm COMMAND [flags] [FILE]

Runs kaigi's loops as Temporal workflows.

Commands:
  worker  -temporal HOST:PORT [-queue kaigi] -store DIR -work DIR   run a worker until SIGINT or SIGTERM
  run     -temporal HOST:PORT [-queue kaigi] -store DIR [-id ID] [-loop editorial|goldfish] [-gate auto|file|ask] FILE
          start a run on FILE, show its progress, answer its gate, write its result into -out
  answer  -temporal HOST:PORT -id ID DECISIONS.json                 send the answer the run waits for
  status  -temporal HOST:PORT -id ID [-store DIR -out DIR]          show a run's progress (and write its result)
  demo    -temporal HOST:PORT                                        run the bundled sample with a worker in this process

Run "temporal-swarm COMMAND -h" for a command's flags.
Exit codes: 0 converged (or waiting for an answer with -gate file), 1 error, 2 stopped before converging (the demo exits 0).`

// run runs the command args name and returns the process's exit code.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprintln(stderr, usage)
		if len(args) == 0 {
			return exitError
		}
		return exitConverged
	}
	cmds := map[string]func(context.Context, []string, io.Reader, io.Writer, io.Writer) (int, error){
		"worker": cmdWorker,
		"run":    cmdRun,
		"answer": cmdAnswer,
		"status": cmdStatus,
		"demo":   cmdDemo,
	}
	cmd, ok := cmds[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "temporal-swarm: unknown command %q\n\n%s\n", args[0], usage)
		return exitError
	}
	code, err := cmd(ctx, args[1:], stdin, stdout, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return exitConverged
	}
	if err != nil {
		fmt.Fprintf(stderr, "temporal-swarm %s: %v\n", args[0], err)
	}
	return code
}

// common are the flags every command has.
type common struct {
	temporal string
	verbose  bool
}

// newFlags returns the flag set of command name, with the common flags
// registered into c.
func newFlags(name, synopsis string, stderr io.Writer, c *common) *flag.FlagSet {
	fs := flag.NewFlagSet("temporal-swarm "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.temporal, "temporal", defaultTemporal, "the Temporal frontend's `HOST:PORT`")
	fs.BoolVar(&c.verbose, "v", false, "log the Temporal SDK's and the activities' records to stderr")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: temporal-swarm %s %s\n\nFlags:\n", name, synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// logger returns the commands' logger: warnings and errors on stderr,
// everything with -v.
func (c common) logger(stderr io.Writer) *slog.Logger {
	level := slog.LevelWarn
	if c.verbose {
		level = slog.LevelInfo
	}
	return slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))
}

// dial connects to the Temporal frontend.
func (c common) dial(ctx context.Context, stderr io.Writer) (client.Client, error) {
	cl, err := client.DialContext(ctx, client.Options{
		HostPort:  c.temporal,
		Namespace: namespace,
		Logger:    tlog.NewStructuredLogger(c.logger(stderr)),
	})
	if err != nil {
		return nil, fmt.Errorf("connecting to Temporal at %s: %w (%s)", c.temporal, err, startServerHint)
	}
	return cl, nil
}

// program is how the user ran this command, for the hints it prints.
func program() string { return cli.Program("go run .") }
