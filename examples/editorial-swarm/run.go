package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/examples/internal/cli"
	"github.com/kaigi-dev/kaigi/examples/internal/outformat"
	"github.com/kaigi-dev/kaigi/examples/internal/termui"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"github.com/kaigi-dev/kaigi/loop/rounds"
	"github.com/kaigi-dev/kaigi/loop/termgate"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// Exit codes.
const (
	exitConverged  = cli.ExitOK
	exitError      = cli.ExitError
	exitUnresolved = cli.ExitStopped
)

// usage is the command's usage text.
const usage = "Usage: editorial-swarm [flags] [article.md | folder ...]\n\nSeveral articles, or a folder (its *.md files and its subfolders', sorted), are reviewed in one run.\nWith no article, runs a demo on a copy of a bundled sample, offline unless -provider is given.\nWith OPENAI_API_KEY or ANTHROPIC_API_KEY set (or -provider), your own article is reviewed by that model.\nExit codes: 0 converged, 1 error, 2 stopped before converging (the demo exits 0)."

// options are the command's own flags.
type options struct {
	*cli.App
	reader, auto, gate, out, sample string
	rounds                          int
	undo, resume, dryRun, json      bool
	exclude                         []string // -exclude, checked by checkExclude
}

// declare declares the command's flags on a.
func declare(a *cli.App) *options {
	o := &options{App: a}
	a.Anywhere = true // "article.md -rounds 2"
	fs := a.Flags
	fs.StringVar(&o.reader, "reader", "", "reader profile, e.g. \"Web engineers new to Go\" (required for your own file)")
	fs.IntVar(&o.rounds, "rounds", editorial.DefaultMaxRounds, "maximum number of rounds (at least 1)")
	fs.StringVar(&o.auto, "auto", "low", "auto-apply scope: low (low, non-conflicting, confidence >= 70), widen (low and medium) or none")
	fs.StringVar(&o.gate, "gate", "", "who decides the rest: ask (a checklist on this terminal), file (a decisions file, for CI) or auto (nothing more is applied); default ask on a terminal, file otherwise")
	fs.StringVar(&o.out, "out", ".editorial", "folder for the journal and artifacts")
	fs.Func("exclude", "with a folder: leave out the files and folders whose name matches this pattern (drafts, *.draft.md), or whose path under the folder does (en/old/*.md); repeatable. Folders whose name begins with a dot are always left out", func(v string) error {
		if err := editorial.CheckExclude(v); err != nil {
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
	a.VerboseFlag()
	a.Common("article") // with -dry-run, every finding is a proposal
	return o
}

// check refuses flags that contradict each other.
func (o *options) check() error {
	if o.rounds < 1 {
		return fmt.Errorf("-rounds must be at least 1, got %d", o.rounds)
	}
	if err := outformat.Check(o.Format); err != nil {
		return err
	}
	if o.json {
		if o.Format != outformat.Text && o.Format != outformat.JSON {
			return fmt.Errorf("-json and -format %s ask for two outputs: give one", o.Format)
		}
		o.Format = outformat.JSON
	}
	if o.undo && (o.resume || o.dryRun) {
		return errors.New("-undo cannot be combined with -resume or -dry-run")
	}
	return nil
}

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o := declare(cli.New("editorial-swarm", stdin, stdout, stderr))
	return o.Run(args, usage, o.check, func() (int, error) { return o.run(ctx, o.Args()) })
}

func (o *options) run(ctx context.Context, args []string) (int, error) {
	if o.undo {
		return o.Execute(ctx, o.undoCommand(args))
	}
	c := cli.Command{Start: func(_ context.Context, demo string) (cli.DriverRun, error) { return o.start(args, demo) }}
	if len(args) == 0 {
		if o.resume {
			return exitError, errors.New("-resume needs the article's path (the demo prints the command to use)")
		}
		if _, err := offline.Sample(o.sample); err != nil {
			return exitError, fmt.Errorf("-sample: %w (bundled: sample-ja.md, sample-en.md)", err)
		}
		c.Sample, c.SampleFiles, c.DemoPrefix = offline.Samples(), []string{o.sample}, "kaigi-editorial-demo-"
	}
	return o.Execute(ctx, c)
}

// start returns the run of the articles args name, or of the demo's copy
// of a bundled sample in folder when there is none.
func (o *options) start(args []string, folder string) (cli.DriverRun, error) {
	stdin, stderr := o.Stdin, o.Stderr
	demo := folder != ""
	var paths []string
	if demo {
		paths = []string{filepath.Join(folder, o.sample)}
		if o.out == ".editorial" {
			o.out = filepath.Join(folder, ".editorial")
		}
		fmt.Fprintf(stderr, "Demo: reviewing a copy of the bundled %s in %s\n", o.sample, folder)
		if o.reader == "" {
			o.reader = "Web エンジニア一般 (general web engineers)"
		}
	} else {
		var err error
		if paths, err = editorial.Documents(args, o.exclude); err != nil {
			return cli.DriverRun{}, err
		}
		if o.Interactive() && !o.resume {
			if paths, err = askMissing(paths, stdin, stderr); err != nil {
				return cli.DriverRun{}, err
			}
		}
		if o.reader == "" && !o.resume { // a resumed run keeps its reader profile
			return cli.DriverRun{}, errors.New("-reader is required: who is the article for? (e.g. -reader \"Web engineers new to Go\")")
		}
	}
	if err := o.Resolve(demo); err != nil {
		return cli.DriverRun{}, err
	}
	scope, err := rounds.ParseScope(o.auto)
	if err != nil {
		return cli.DriverRun{}, err
	}
	gate, err := o.chooseGate()
	if err != nil {
		return cli.DriverRun{}, err
	}
	links, err := editorial.Links(paths...)
	if err != nil {
		return cli.DriverRun{}, err
	}
	c, desc, err := editorial.NewCouncil(o.Providers, links, true)
	if err != nil {
		return cli.DriverRun{}, err
	}
	progress := termui.NewProgress(stderr, cli.Terminal(stderr))
	if o.resume { // the run goes on with the reader it started with
		if p, err := editorial.JournaledReaderProfile(o.out); err == nil {
			o.reader = p
		}
	}
	dir, rel, err := cli.Folder(append(slices.Clone(paths), o.out)...)
	if err != nil {
		return cli.DriverRun{}, err
	}
	fmt.Fprintf(stderr, "Editorial Swarm on %s (%s, reader: %s)\n", strings.Join(paths, ", "), desc, o.reader)
	l := &editorial.Loop{Council: c, Policy: rounds.Policy{Scope: scope}, Gate: gate, MaxRounds: o.rounds, MaxSize: int64(*o.MaxSize),
		ReaderProfile: o.reader, DryRun: o.dryRun, Observer: progress.Observe, Logger: o.Logger(), Prices: agent.DefaultPrices()}
	return cli.DriverRun{
		Driver: editorial.NewDriver(func(editorial.Args) (*editorial.Loop, error) { return l, nil }),
		Dir:    dir, Resume: o.resume, ResumeOnly: true, // a -resume of nothing says so
		Args:   editorial.Args{Documents: rel[:len(paths)], Dir: rel[len(paths)], Gate: loop.GateOwn},
		Result: cli.Decode(func(s *editorial.Summary) { s.Dir, s.Resume, s.Quote = o.out, o.resumeCommand(paths), cli.ShellQuote }),
		Quiet:  true, // the account says what is left, and how to decide
		Demo:   demo,
	}, nil
}

// undoCommand reverts the last run in -out; args, if given, must be the
// files that run worked on, in any order (a folder stands for its *.md
// files).
func (o *options) undoCommand(args []string) cli.Command {
	files, _ := editorial.JournaledFiles(o.out)
	what := "the article is"
	if len(files) > 1 {
		what = fmt.Sprintf("the %d articles are", len(files))
	}
	return cli.Command{UndoDir: o.out, UndoWhat: what, Undo: func(context.Context) ([]int, error) { return editorial.UndoOf(o.out, args, o.exclude) }}
}

// resumeCommand is the command that resumes the run on paths.
func (o *options) resumeCommand(paths []string) string {
	quoted := make([]string, len(paths))
	for i, p := range paths {
		quoted[i] = cli.ShellQuote(p)
	}
	return fmt.Sprintf("%s -resume -out %s %s", program(), cli.ShellQuote(o.out), strings.Join(quoted, " "))
}

// program is how the user ran this command, for the hints.
func program() string { return cli.Program("go run ./examples/editorial-swarm") }

// chooseGate returns the gate -gate names: the checklist on a terminal,
// the run folder's decisions file, or the policy alone.
func (o *options) chooseGate() (rounds.Approver, error) {
	g, _, err := o.ChooseGate(o.gate, termgate.Config{
		Dir:         o.out,
		Decisions:   editorial.DecisionsName,
		Interactive: o.Interactive(),
		Terminal:    termui.Gate{In: o.Stdin, Out: o.Stderr},
	})
	return g, err
}
