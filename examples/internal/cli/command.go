package cli

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/examples/internal/outformat"
	"github.com/kaigi-dev/kaigi/loop"
)

// Command is a command's body on a loop.Driver, as its main fills it in
// once its flags are parsed: an undo, or a run (on a copy of the bundled
// sample for the demo). Execute runs it.
type Command struct {
	// Undo, when set, is what the command does instead of a run (its
	// -undo): it reverts the last run in UndoDir and returns the rounds
	// reverted, which Undone prints with UndoWhat.
	Undo              func(ctx context.Context) (rounds []int, err error)
	UndoDir, UndoWhat string
	// Sample, when set, is the bundled sample of the demo: Execute copies
	// it into a fresh temporary folder named DemoPrefix and random
	// characters (DemoCopy), hands that folder to Start and removes it
	// again when Start fails, as nothing ran in it.
	Sample     fs.FS
	DemoPrefix string
	// SampleFiles are the files of Sample the demo copies (slash paths);
	// empty copies all of it.
	SampleFiles []string
	// Start returns the run to make, given the demo's folder ("" without
	// Sample). Required unless Undo is set.
	Start func(ctx context.Context, demo string) (DriverRun, error)
}

// DriverRun is one run of a loop.Driver as a command makes it: Driver
// over its folder Dir with Args (marshalled to JSON), resumed when Resume
// is set and started anew when it was never started
// (loop.StartOrResume), and how the Stop is shown and what it exits
// with. Only Driver is required; each function is called at most once,
// from App.Drive's goroutine.
type DriverRun struct {
	Driver loop.Driver
	Dir    string
	Args   any
	Resume bool
	// ResumeOnly refuses a resume of a run never started with the
	// driver's error (loop.ErrNotStarted) instead of starting it anew.
	ResumeOnly bool
	// Result, when set, decodes the Stop's Result into the driver's
	// Outcome (Decode), given Dir and Args as the driver got them: its
	// WriteText is the default Text, its Report (when it is a Reporter)
	// the default Export, its Err the default Code. A Result that does
	// not decode ends the run with ExitError and that error, nothing
	// printed.
	Result func(dir string, args json.RawMessage, s loop.Stop) (Outcome, error)
	// Quiet ends a run whose Outcome fell short with ExitStopped without
	// printing its Err, and prints no WaitingLine after an Outcome that
	// waits, as its text says what is left and how to go on; a run no
	// reviewer answered still prints why.
	Quiet bool
	// Demo ends a demo whose Outcome fell short (or waits) with ExitOK,
	// the demo having shown what the loop does; a run no reviewer
	// answered still fails with ExitStopped and why.
	Demo bool
	// Report, when set, tells people about the Stop whatever -format is,
	// on Info (stdout with -format text, else stderr), before the output.
	Report func(w io.Writer, s loop.Stop)
	// AlwaysText prints the Outcome's text (Result) whatever -format is,
	// on Info after Report, instead of as the output's text.
	AlwaysText bool
	// Text prints the Stop for -format text; nil prints its Text line.
	Text func(w io.Writer, s loop.Stop)
	// JSON returns what -format json prints; nil prints the Stop's
	// Result, or the Stop when it has none.
	JSON func(s loop.Stop) (any, error)
	// Export prints the Stop in one of loop/export's formats; nil refuses
	// them.
	Export func(w io.Writer, format string, s loop.Stop) error
	// Waiting prints on stdout, after the Stop, where the answer of a run
	// that waits goes; nil prints WaitingLine (but see Quiet). A waiting
	// Stop without a Result is not printed otherwise: it has nothing to
	// show yet.
	Waiting func(w io.Writer, s loop.Stop)
	// Code returns the exit code of the Stop, and an error to print
	// beside it; nil is ExitStopped and the Outcome's Err for a run that
	// fell short (Result; see Quiet and Demo), ExitStopped for a run that
	// waits, else ExitOK.
	Code func(s loop.Stop) (int, error)
	// Failed returns the exit code and error of a run that failed with
	// err; nil is ExitError and err.
	Failed func(err error) (int, error)
	// Failure, when set, returns the error of a Stop the command counts
	// as a failed run (nil for any other): nothing of that Stop is
	// printed and it ends as Failed says. An Outcome that is a Failer
	// counts so too.
	Failure func(s loop.Stop) error
	// Next, when set, returns the run that follows this one in the same
	// command (nil: none), given its Stop; it is called after that Stop is
	// shown, when the run exits ExitOK with no error, with the zero Stop
	// when Failed forgave the run's error. A run with Next shows its
	// output only for -format text: with any other, the chain prints one
	// document, its last run's. The command exits with the first run that
	// does not exit ExitOK, else with the last.
	Next func(s loop.Stop) (*DriverRun, error)
}

// Execute runs c: the undo when c.Undo is set, else the demo's copy and
// c.Start's run (Drive). It is App.Run's body.
func (a *App) Execute(ctx context.Context, c Command) (int, error) {
	if c.Undo != nil {
		rounds, err := c.Undo(ctx)
		if err != nil {
			return ExitError, err
		}
		Undone(a.Stdout, c.UndoDir, c.UndoWhat, rounds)
		return ExitOK, nil
	}
	demo := ""
	if c.Sample != nil {
		dir, err := DemoCopy(c.DemoPrefix, c.Sample, c.SampleFiles...)
		if err != nil {
			return ExitError, err
		}
		demo = dir
	}
	r, err := c.Start(ctx, demo)
	var code ExitCode
	if errors.As(err, &code) {
		return int(code), nil
	}
	if err != nil {
		if demo != "" {
			os.RemoveAll(demo) // the demo failed before it began: nothing to look at
		}
		return ExitError, err
	}
	return a.Drive(ctx, r)
}

// Drive makes the run r and shows its Stop: r.Report, then as -format
// asks (Print) r.Text, r.JSON or r.Export, then, for a run that waits,
// r.Waiting. It returns r.Code's exit code, or, for a run that failed
// (or a Stop r.Failure counts as one), r.Failed's; then, for a run that
// exits ExitOK, it makes the run r.Next returns, if any, the same way.
func (a *App) Drive(ctx context.Context, r DriverRun) (int, error) {
	for {
		next, code, err := a.drive(ctx, r)
		if next == nil || code != ExitOK || err != nil {
			return code, err
		}
		r = *next
	}
}

// drive makes the run r and shows its Stop, returning its exit code and
// the run that follows it.
func (a *App) drive(ctx context.Context, r DriverRun) (*DriverRun, int, error) {
	raw, err := json.Marshal(r.Args)
	if err != nil {
		return nil, ExitError, fmt.Errorf("the driver's arguments: %w", err)
	}
	var stop loop.Stop
	if r.ResumeOnly {
		stop, err = r.Driver.Run(ctx, r.Dir, raw, r.Resume)
	} else {
		stop, err = loop.StartOrResume(ctx, r.Driver, r.Dir, raw, r.Resume)
	}
	if err == nil && r.Failure != nil {
		err = r.Failure(stop)
	}
	var out Outcome
	if err == nil && r.Result != nil && len(stop.Result) > 0 {
		if out, err = r.Result(r.Dir, raw, stop); err != nil {
			return nil, ExitError, err
		}
		if f, ok := out.(Failer); ok {
			err = f.Failure()
		}
	}
	if err != nil {
		code := ExitError
		if r.Failed != nil {
			code, err = r.Failed(err)
		}
		return r.then(loop.Stop{}, code, err)
	}
	if !stop.Waiting() || len(stop.Result) > 0 {
		if r.Report != nil {
			r.Report(a.Info(), stop)
		}
		if r.AlwaysText && out != nil {
			if err := out.WriteText(a.Info()); err != nil {
				return nil, ExitError, err
			}
		}
		if r.Next == nil || a.Format == outformat.Text {
			if err := a.Print(r.output(cmp.Or(a.Tool, a.Name), stop, out)); err != nil {
				return nil, ExitError, err
			}
		}
	}
	switch {
	case !stop.Waiting():
	case r.Waiting != nil:
		r.Waiting(a.Stdout, stop)
	case !r.Quiet || out == nil: // a Quiet Outcome's text says how to go on
		WaitingLine(a.Stdout, r.Dir, stop)
	}
	switch {
	case r.Code != nil:
		code, err := r.Code(stop)
		return r.then(stop, code, err)
	case out != nil && out.Err() != nil:
		code, err := r.shortfall(stop, out.Err())
		return r.then(stop, code, err)
	case stop.Waiting():
		return nil, ExitStopped, nil
	}
	return r.then(stop, ExitOK, nil)
}

// shortfall is the exit code and error of a run whose Outcome fell
// short with err: ExitStopped and err, or as Demo and Quiet say.
func (r DriverRun) shortfall(stop loop.Stop, err error) (int, error) {
	unanswered := stop.Reason == string(loop.NoReviewerAnswered)
	switch {
	case unanswered:
		return ExitStopped, err
	case r.Demo:
		return ExitOK, nil
	case r.Quiet:
		return ExitStopped, nil
	}
	return ExitStopped, err
}

// then returns code and err, with the run r.Next returns after stop when
// they are ExitOK and nil.
func (r DriverRun) then(stop loop.Stop, code int, err error) (*DriverRun, int, error) {
	if r.Next == nil || code != ExitOK || err != nil {
		return nil, code, err
	}
	next, err := r.Next(stop)
	if err != nil {
		return nil, ExitError, err
	}
	return next, ExitOK, nil
}

// output is the Output of stop, its result decoded as out (nil: none),
// as r shows it for the tool name.
func (r DriverRun) output(name string, stop loop.Stop, out Outcome) Output {
	o := Output{
		Text: func(w io.Writer) {
			switch {
			case r.Text != nil:
				r.Text(w, stop)
			case out != nil && r.AlwaysText: // on Info already
			case out != nil:
				out.WriteText(w)
			case stop.Text != "":
				fmt.Fprintln(w, stop.Text)
			}
		},
		JSON: stop,
		Export: func(w io.Writer, format string) error {
			if r.Export != nil {
				return r.Export(w, format, stop)
			}
			rep, ok := out.(Reporter)
			if !ok {
				return fmt.Errorf("-format %s: this command has nothing to export", format)
			}
			report, err := rep.Report(outformat.Tool(name))
			if err != nil {
				return err
			}
			return outformat.ExportReport(w, format, report)
		},
	}
	switch {
	case r.JSON != nil:
		o.JSON = jsonOf(func() (any, error) { return r.JSON(stop) })
	case len(stop.Result) > 0:
		o.JSON = stop.Result
	}
	return o
}

// jsonOf is a value that marshals as what f returns, or fails with f's
// error.
type jsonOf func() (any, error)

func (f jsonOf) MarshalJSON() ([]byte, error) {
	v, err := f()
	if err != nil {
		return nil, err
	}
	return json.Marshal(v)
}

// WaitingLine prints on w where the answer of the run in dir that stop
// waits on goes: "Waiting for an answer: see QUESTION, write the answer
// to ANSWER and run the same command again."
func WaitingLine(w io.Writer, dir string, stop loop.Stop) {
	fmt.Fprintf(w, "Waiting for an answer: see %s, write the answer to %s and run the same command again.\n",
		Local(dir, stop.Question), Local(dir, stop.Answer))
}

// Local returns the Stop's slash path p (relative to the driver's folder
// dir) as a local path.
func Local(dir, p string) string { return filepath.Join(dir, filepath.FromSlash(p)) }

// Result decodes a Stop's Result (the driver's own account) into a T; a
// Stop without one is an error.
func Result[T any](s loop.Stop) (T, error) {
	var v T
	if len(s.Result) == 0 {
		return v, fmt.Errorf("the run's stop (%s) carries no result", s.Reason)
	}
	if err := json.Unmarshal(s.Result, &v); err != nil {
		return v, fmt.Errorf("the run's result: %w", err)
	}
	return v, nil
}

// Folder returns the driver's folder for paths as a command's flags give
// them (documents, run folders) and each path relative to it,
// slash-separated (loop.DriverPaths' form): "." when every path is
// inside the working folder, so that the paths the run prints are those
// the user gave, else the folder holding them all.
func Folder(paths ...string) (string, []string, error) {
	rel := make([]string, len(paths))
	local := true
	for i, p := range paths {
		rel[i] = filepath.Clean(p)
		local = local && filepath.IsLocal(rel[i])
	}
	if local {
		for i := range rel {
			rel[i] = filepath.ToSlash(rel[i])
		}
		return ".", rel, nil
	}
	abs := make([]string, len(paths))
	for i, p := range paths {
		var err error
		if abs[i], err = filepath.Abs(p); err != nil {
			return "", nil, err
		}
	}
	dir := loop.CommonDir(abs)
	for i, p := range abs {
		r, err := filepath.Rel(dir, p)
		if err != nil || !filepath.IsLocal(r) {
			return "", nil, fmt.Errorf("%s and %s have no folder in common", paths[0], paths[i])
		}
		rel[i] = filepath.ToSlash(r)
	}
	return dir, rel, nil
}

// ExitCode is an error of Command.Start that ends the command with that
// code and prints nothing more: the command has said why itself.
type ExitCode int

func (c ExitCode) Error() string { return fmt.Sprintf("exit code %d", int(c)) }

// Show returns a DriverRun.Text (or Report) that prints a Stop's Result,
// decoded into a T (Result), with f; a Stop without one prints nothing,
// and one that does not decode prints why.
func Show[T any](f func(w io.Writer, r T)) func(io.Writer, loop.Stop) {
	return func(w io.Writer, s loop.Stop) {
		if len(s.Result) == 0 {
			return
		}
		r, err := Result[T](s)
		if err != nil {
			fmt.Fprintln(w, err)
			return
		}
		f(w, r)
	}
}
