package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"

	"golang.org/x/term"

	"github.com/kaigi-dev/kaigi/examples/internal/outformat"
	"github.com/kaigi-dev/kaigi/providers/config"
)

// Exit codes every command shares: ExitError (1) for an error, ExitOK
// for a run that ended as asked, ExitStopped for one that stopped short
// (not converged, not saved, findings left, a FAIL verdict).
const (
	ExitOK      = 0
	ExitStopped = 2
)

// App is one execution of an example command: its streams, its flag set
// and the flags every command has. A command declares its own flags on
// Flags, the shared ones with Common, RulesFlag and VerboseFlag, then calls
// Run. An App is for one goroutine and one Run.
type App struct {
	Name           string
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Getenv reads the environment (the provider keys); nil is os.Getenv.
	Getenv func(string) string
	// Anywhere takes flags after the arguments too ("article.md -rounds
	// 2"), as ParseAnywhere does; false stops at the first argument.
	Anywhere bool
	Flags    *flag.FlagSet
	// Tool is the tool the export formats name (a Reporter's report);
	// "" is Name.
	Tool string

	// The shared flags' values, set by Run; nil (or empty) for a flag the
	// command did not register.
	Format    string         // -format (Common)
	MaxSize   *ByteSize      // -max-size (Common)
	Providers *config.Config // the provider flags (Common)
	Rules     *Rules         // -rules (RulesFlag)
	Verbose   bool           // -v (VerboseFlag)

	args []string
}

// New returns the App of the command name, its flag set reporting on
// stderr.
func New(name string, stdin io.Reader, stdout, stderr io.Writer) *App {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return &App{Name: name, Stdin: stdin, Stdout: stdout, Stderr: stderr, Flags: fs}
}

// Common registers -format, -max-size (the largest input, what names it:
// "article") and the provider flags (config.Register).
func (a *App) Common(what string) {
	outformat.Register(a.Flags, &a.Format)
	a.MaxSize = MaxSize(a.Flags, what)
	a.Providers = config.Register(a.Flags)
}

// RulesFlag registers -rules (see RulesFlag); demo is what the command's
// demo turns on without it.
func (a *App) RulesFlag(demo []string) { a.Rules = RulesFlag(a.Flags, demo) }

// VerboseFlag registers -v, which Logger reads.
func (a *App) VerboseFlag() { a.Flags.BoolVar(&a.Verbose, "v", false, "log each step to stderr") }

// Args returns the arguments left after the flags.
func (a *App) Args() []string { return a.args }

// Run parses args (Parse), then calls body, with cli.Run's printing and
// codes (-h exits ExitOK). An error of body over a size limit names
// -max-size (SizeError).
func (a *App) Run(args []string, usage string, check func() error, body func() (int, error)) int {
	return Run(a.Name, a.Stderr, ExitOK, func() error { return a.Parse(args, usage, check) }, func() (int, error) {
		code, err := body()
		return code, SizeError(err)
	})
}

// Parse sets the usage text to usage (see Usage), parses args, calls
// check (nil: none) and checks -format. Its error is Run's: -h is
// flag.ErrHelp, a flag the flag set refused is already reported.
func (a *App) Parse(args []string, usage string, check func() error) error {
	Usage(a.Flags, usage)
	if err := a.parse(args); err != nil {
		return err
	}
	if check != nil {
		if err := check(); err != nil {
			return err
		}
	}
	if a.Providers == nil { // no Common: no -format either
		return nil
	}
	return outformat.Check(a.Format)
}

func (a *App) parse(args []string) error {
	if !a.Anywhere {
		err := Parse(a.Flags, args)
		a.args = a.Flags.Args()
		return err
	}
	rest, err := ParseAnywhere(a.Flags, args)
	if err != nil && !errors.Is(err, flag.ErrHelp) {
		return reported{err}
	}
	a.args = rest
	return err
}

// ParseAnywhere parses args with fs, taking flags before and after the
// other arguments alike ("article.md -rounds 2"), as users write them,
// and returns those arguments; after "--" every argument is one, even one
// that starts with "-".
func ParseAnywhere(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		left := fs.Args()
		if n := len(args) - len(left); n > 0 && args[n-1] == "--" {
			return append(rest, left...), nil
		}
		if len(left) == 0 {
			return rest, nil
		}
		rest, args = append(rest, left[0]), left[1:]
	}
}

// FlagSet reports whether the flag name was given on the command line.
func (a *App) FlagSet(name string) bool {
	set := false
	a.Flags.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// Enabled returns the offline rules to turn on (Rules.Enabled); nil
// without -rules registered.
func (a *App) Enabled(demo bool, demoRules []string) []string {
	if a.Rules == nil {
		return nil
	}
	return a.Rules.Enabled(demo, demoRules)
}

// Resolve resolves the provider flags. The demo stays offline unless a
// provider is named (-provider or KAIGI_PROVIDER), so that a first run
// never spends money on a key that happens to be set. Its error begins
// "provider: ".
func (a *App) Resolve(demo bool) error {
	if err := a.Providers.ResolveDemo(a.Flags, a.getenv(), demo); err != nil {
		return fmt.Errorf("provider: %w", err)
	}
	return nil
}

func (a *App) getenv() func(string) string {
	if a.Getenv == nil {
		return os.Getenv
	}
	return a.Getenv
}

// Logger returns the logger -v asks for: text lines on stderr, else one
// that discards.
func (a *App) Logger() *slog.Logger {
	if a.Verbose {
		return slog.New(slog.NewTextHandler(a.Stderr, nil))
	}
	return slog.New(slog.DiscardHandler)
}

// Interactive reports whether both stdin and stderr are a terminal, where
// a person can answer.
func (a *App) Interactive() bool { return Terminal(a.Stdin) && Terminal(a.Stderr) }

// Terminal reports whether f is an *os.File on a terminal.
func Terminal(f any) bool {
	file, ok := f.(*os.File)
	return ok && term.IsTerminal(int(file.Fd()))
}

// Info is where a command writes what it tells people: stdout with
// -format text, else stderr, as stdout is then for a program.
func (a *App) Info() io.Writer {
	if a.Format == outformat.Text {
		return a.Stdout
	}
	return a.Stderr
}

// Output is a run's result in the forms -format chooses among.
type Output struct {
	Text   func(w io.Writer)                      // -format text
	JSON   any                                    // -format json, written with outformat.WriteJSON
	Export func(w io.Writer, format string) error // the loop/export formats
}

// Print writes o on stdout as -format asks, and returns the writer's
// error.
func (a *App) Print(o Output) error {
	switch a.Format {
	case outformat.Text:
		o.Text(a.Stdout)
		return nil
	case outformat.JSON:
		return outformat.WriteJSON(a.Stdout, o.JSON)
	}
	return o.Export(a.Stdout, a.Format)
}
