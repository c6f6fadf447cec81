package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"github.com/kaigi-dev/kaigi/examples/internal/cli"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/term"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/examples/internal/outformat"
	"github.com/kaigi-dev/kaigi/examples/internal/termui"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/providers/config"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// Exit codes.
const (
	exitConverged  = 0
	exitError      = 1
	exitUnresolved = 2
)

// options are the command's flags.
type options struct {
	reader, auto, gate, out, sample string
	format                          string
	rounds                          int
	maxSize                         *cli.ByteSize
	undo, resume, dryRun, json      bool
	verbose                         bool
	exclude                         []string // -exclude, checked by checkExclude
	providers                       *config.Config
	flags                           *flag.FlagSet
}

func parse(args []string, stderr io.Writer) (*options, []string, error) {
	fs := flag.NewFlagSet("editorial-swarm", flag.ContinueOnError)
	fs.SetOutput(stderr)
	o := &options{}
	fs.StringVar(&o.reader, "reader", "", "reader profile, e.g. \"Web engineers new to Go\" (required for your own file)")
	fs.IntVar(&o.rounds, "rounds", editorial.DefaultMaxRounds, "maximum number of rounds (at least 1)")
	fs.StringVar(&o.auto, "auto", "low", "auto-apply scope: low (low, non-conflicting, confidence >= 70), widen (low and medium) or none")
	fs.StringVar(&o.gate, "gate", "", "who decides the rest: ask (a checklist on this terminal), file (a decisions file, for CI) or auto (nothing more is applied); default ask on a terminal, file otherwise")
	fs.StringVar(&o.out, "out", ".editorial", "folder for the journal and artifacts")
	o.maxSize = cli.MaxSize(fs, "article")
	fs.Func("exclude", "with a folder: leave out the files and folders whose name matches this pattern (drafts, *.draft.md), or whose path under the folder does (en/old/*.md); repeatable. Folders whose name begins with a dot are always left out", func(v string) error {
		if err := checkExclude(v); err != nil {
			return err
		}
		o.exclude = append(o.exclude, v)
		return nil
	})
	fs.StringVar(&o.sample, "sample", "sample-ja.md", "bundled article the demo reviews: sample-ja.md or sample-en.md")
	fs.BoolVar(&o.undo, "undo", false, "revert everything the last run in -out applied, byte for byte")
	fs.BoolVar(&o.resume, "resume", false, "continue the unfinished run in -out (after a crash, or once decisions.json is filled in)")
	fs.BoolVar(&o.dryRun, "dry-run", false, "review one round and write the artifacts, but leave the article alone")
	fs.BoolVar(&o.json, "json", false, "print a machine-readable summary on stdout (the same as -format json)")
	outformat.Register(fs, &o.format) // with -dry-run, every finding is a proposal
	fs.BoolVar(&o.verbose, "v", false, "log each step to stderr")
	o.providers = config.Register(fs)
	o.flags = fs
	cli.Usage(fs, "Usage: editorial-swarm [flags] [article.md | folder ...]\n\nSeveral articles, or a folder (its *.md files and its subfolders', sorted), are reviewed in one run.\nWith no article, runs a demo on a copy of a bundled sample, offline unless -provider is given.\nWith OPENAI_API_KEY or ANTHROPIC_API_KEY set (or -provider), your own article is reviewed by that model.\nExit codes: 0 converged, 1 error, 2 stopped before converging (the demo exits 0).")
	files, err := parseAnywhere(fs, args)
	if err != nil {
		return nil, nil, err
	}
	if o.rounds < 1 {
		return nil, nil, fmt.Errorf("-rounds must be at least 1, got %d", o.rounds)
	}
	if err := outformat.Check(o.format); err != nil {
		return nil, nil, err
	}
	if o.json {
		if o.format != "text" && o.format != "json" {
			return nil, nil, fmt.Errorf("-json and -format %s ask for two outputs: give one", o.format)
		}
		o.format = "json"
	}
	if o.undo && (o.resume || o.dryRun) {
		return nil, nil, errors.New("-undo cannot be combined with -resume or -dry-run")
	}
	return o, files, nil
}

// parseAnywhere parses args with fs, taking flags before and after the
// file names alike ("article.md -rounds 2"), as users write them; after
// "--" every argument is a file name, even one that starts with "-".
func parseAnywhere(fs *flag.FlagSet, args []string) ([]string, error) {
	var files []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			return append(files, rest...), nil
		}
		if len(rest) == 0 {
			return files, nil
		}
		files, args = append(files, rest[0]), rest[1:]
	}
}

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o, rest, err := parse(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return exitConverged
	}
	if err != nil {
		fmt.Fprintln(stderr, "editorial-swarm:", err)
		return exitError
	}
	code, err := o.run(ctx, rest, stdin, stdout, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "editorial-swarm:", err)
	}
	return code
}

func (o *options) run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) (int, error) {
	if o.undo {
		return o.runUndo(args, stdout)
	}

	demo := len(args) == 0
	var paths []string
	if demo {
		if o.resume {
			return exitError, errors.New("-resume needs the article's path (the demo prints the command to use)")
		}
		p, out, err := o.prepareDemo(stderr)
		if err != nil {
			return exitError, err
		}
		paths, o.out = []string{p}, out
		if o.reader == "" {
			o.reader = "Web エンジニア一般 (general web engineers)"
		}
	} else {
		var err error
		if paths, err = expand(args, o.exclude); err != nil {
			return exitError, err
		}
		if isTerminal(stdin) && isTerminal(stderr) && !o.resume {
			if paths, err = askMissing(paths, stdin, stderr); err != nil {
				return exitError, err
			}
		}
		if o.reader == "" && !o.resume { // a resumed run keeps its reader profile
			return exitError, errors.New("-reader is required: who is the article for? (e.g. -reader \"Web engineers new to Go\")")
		}
	}

	if err := o.useProviders(o.flags, demo); err != nil {
		return exitError, err
	}
	scope, err := loop.ParseScope(o.auto)
	if err != nil {
		return exitError, err
	}
	interactive := isTerminal(stdin) && isTerminal(stderr)
	gate, err := o.chooseGate(interactive, stdin, stderr)
	if err != nil {
		return exitError, err
	}
	c, desc, err := o.council(loop.CommonDir(absAll(paths)))
	if err != nil {
		return exitError, err
	}
	progress := termui.NewProgress(stderr, isTerminal(stderr))
	logger := slog.New(slog.DiscardHandler)
	if o.verbose {
		logger = slog.New(slog.NewTextHandler(stderr, nil))
	}
	if o.resume { // the run goes on with the reader it started with
		if p, err := editorial.JournaledReaderProfile(o.out); err == nil {
			o.reader = p
		}
	}
	fmt.Fprintf(stderr, "Editorial Swarm on %s (%s, reader: %s)\n", strings.Join(paths, ", "), desc, o.reader)
	l := &editorial.Loop{
		Council:       c,
		Policy:        loop.Policy{Scope: scope},
		Gate:          gate,
		MaxRounds:     o.rounds,
		MaxSize:       int64(*o.maxSize),
		Dir:           o.out,
		ReaderProfile: o.reader,
		DryRun:        o.dryRun,
		Observer:      progress.Observe,
		Logger:        logger,
		Prices:        agent.DefaultPrices(),
	}
	run := l.Run
	if o.resume {
		run = l.Resume
	}
	out, err := run(ctx, paths...)
	converged := err == nil
	if errors.Is(err, loop.ErrTooLarge) {
		return exitError, cli.SizeError(err)
	}
	if err != nil && !errors.Is(err, loop.ErrNotConverged) {
		return exitError, err
	}
	if out.Reason == loop.NoReviewerAnswered {
		// Also on stderr, for -json users: the reasons say what to fix.
		fmt.Fprintln(stderr, "editorial-swarm:", err)
	}
	switch o.format {
	case "text":
		report(stdout, out, o.out)
		o.nextStep(stdout, out, paths)
	case "json":
		if err := writeJSON(stdout, out, o.out); err != nil {
			return exitError, err
		}
	default:
		if err := outformat.Export(stdout, o.format, "editorial-swarm", out); err != nil {
			return exitError, err
		}
	}
	if converged || (demo && out.Reason != loop.NoReviewerAnswered) {
		return exitConverged, nil
	}
	return exitUnresolved, nil
}

// runUndo reverts the last run in -out; paths, if given, must be the
// files that run worked on, in any order (a folder stands for its *.md
// files).
func (o *options) runUndo(args []string, stdout io.Writer) (int, error) {
	if len(args) > 0 {
		files, err := editorial.JournaledFiles(o.out)
		if err != nil {
			return exitError, err
		}
		paths, err := expand(args, o.exclude)
		if err != nil {
			return exitError, err
		}
		given := absAll(paths) // in any order
		if !slices.Equal(slices.Sorted(slices.Values(given)), slices.Sorted(slices.Values(files))) {
			return exitError, fmt.Errorf("the last run in %s worked on %s, not %s", o.out, strings.Join(files, ", "), strings.Join(args, ", "))
		}
	}
	files, _ := editorial.JournaledFiles(o.out)
	rounds, err := editorial.Undo(o.out, 0)
	if err != nil {
		return exitError, err
	}
	what := "the article is"
	if len(files) > 1 {
		what = fmt.Sprintf("the %d articles are", len(files))
	}
	if len(rounds) == 0 {
		fmt.Fprintf(stdout, "The unfinished run in %s had written nothing, so %s as before; the run is ended and a new one can start.\n", o.out, what)
		return exitConverged, nil
	}
	fmt.Fprintf(stdout, "Reverted round(s) %v; %s as before the run.\n", rounds, what)
	return exitConverged, nil
}

// nextStep tells the user how to go on when the run stopped at the gate.
func (o *options) nextStep(w io.Writer, out *editorial.Outcome, paths []string) {
	quoted := make([]string, len(paths))
	for i, p := range paths {
		quoted[i] = shellQuote(p)
	}
	resume := fmt.Sprintf("%s -resume -out %s %s", program(), shellQuote(o.out), strings.Join(quoted, " "))
	switch out.Reason {
	case loop.AwaitingDecisions:
		fmt.Fprintf(w, "\nTo decide the open findings, copy %s to %s, set each \"action\" to apply, reject or defer, and run:\n  %s\n",
			shellQuote(filepath.Join(o.out, fmt.Sprintf("round-%d", out.Rounds), "pending.json")),
			shellQuote(filepath.Join(o.out, editorial.DecisionsName)), resume)
	case loop.GateStopped:
		fmt.Fprintf(w, "\nTo go on where you stopped, run:\n  %s\n", resume)
	}
}

// program is how the user ran this command: "go run" builds it in a
// temporary folder, so the hint names the package instead.
func program() string {
	if strings.Contains(os.Args[0], "go-build") {
		return "go run ./examples/editorial-swarm"
	}
	return shellQuote(os.Args[0])
}

// shellQuote quotes s for a POSIX shell when it needs quoting.
func shellQuote(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"\\$`!*?[]{}()<>|&;#~") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// prepareDemo copies the bundled sample into a fresh folder and returns
// the copy's path and the artifact folder inside it.
func (o *options) prepareDemo(stderr io.Writer) (path, out string, err error) {
	data, err := offline.Sample(o.sample)
	if err != nil {
		return "", "", fmt.Errorf("-sample: %w (bundled: sample-ja.md, sample-en.md)", err)
	}
	dir, err := os.MkdirTemp("", "kaigi-editorial-demo-")
	if err != nil {
		return "", "", err
	}
	path = filepath.Join(dir, o.sample)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return "", "", err
	}
	out = o.out
	if out == ".editorial" {
		out = filepath.Join(dir, ".editorial")
	}
	fmt.Fprintf(stderr, "Demo: reviewing a copy of the bundled %s in %s\n", o.sample, dir)
	return path, out, nil
}

// chooseGate returns the gate -gate names; ask needs a terminal and falls
// back to the file gate without one, so the command never blocks.
func (o *options) chooseGate(interactive bool, stdin io.Reader, stderr io.Writer) (loop.Approver, error) {
	g := cli.Gate(o.gate, interactive)
	switch g {
	case "ask":
		if !interactive {
			fmt.Fprintln(stderr, "editorial-swarm: -gate ask needs a terminal; using the file gate")
			return loop.FileGate{Path: filepath.Join(o.out, editorial.DecisionsName)}, nil
		}
		return termui.Gate{In: stdin, Out: stderr}, nil
	case "file":
		return loop.FileGate{Path: filepath.Join(o.out, editorial.DecisionsName)}, nil
	case "auto":
		return loop.AutoGate{}, nil
	}
	return nil, fmt.Errorf("-gate %q: want ask, file or auto", g)
}

// isTerminal reports whether f is an *os.File on a terminal.
func isTerminal(f any) bool {
	file, ok := f.(*os.File)
	return ok && term.IsTerminal(int(file.Fd()))
}

// absAll returns paths made absolute, symbolic links resolved, as the
// journal records them.
func absAll(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			abs = p
		}
		if real, err := filepath.EvalSymlinks(abs); err == nil {
			abs = real
		}
		out[i] = abs
	}
	return out
}
