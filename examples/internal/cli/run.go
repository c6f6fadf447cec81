package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/kaigi-dev/kaigi/providers/config"
)

// ExitError is every command's exit code for an error.
const ExitError = 1

// reported is an error the flag set has already reported, with the usage.
type reported struct{ err error }

func (r reported) Error() string { return r.err.Error() }
func (r reported) Unwrap() error { return r.err }

// Parse parses args into fs. Its error, -h (flag.ErrHelp) aside, is one
// fs has already reported with the usage text: Run does not print it again.
func Parse(fs *flag.FlagSet, args []string) error {
	err := fs.Parse(args)
	if err != nil && !errors.Is(err, flag.ErrHelp) {
		return reported{err}
	}
	return err
}

// Run is a command's body: parse declares, parses and checks its flags;
// -h returns help; a flag Parse refused returns ExitError; any other error
// of parse, or an error of run, is printed on stderr as "NAME: error", in
// the words of the command's flags (config.Explain).
// Otherwise it returns run's code; an error never exits 0 (ExitError
// then).
func Run(name string, stderr io.Writer, help int, parse func() error, run func() (int, error)) int {
	err := parse()
	var r reported
	switch {
	case errors.Is(err, flag.ErrHelp):
		return help
	case errors.As(err, &r):
		return ExitError
	case err != nil:
		fmt.Fprintf(stderr, "%s: %s\n", name, config.Explain(err))
		return ExitError
	}
	code, err := run()
	if err != nil {
		fmt.Fprintf(stderr, "%s: %s\n", name, config.Explain(err))
		if code == 0 {
			code = ExitError
		}
	}
	return code
}
