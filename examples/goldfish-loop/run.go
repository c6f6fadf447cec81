package main

import (
	"cmp"
	"context"
	"embed"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/kaigi-dev/kaigi/examples/internal/cli"
	"github.com/kaigi-dev/kaigi/examples/internal/termui"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/goldfish"
	"github.com/kaigi-dev/kaigi/loop/termgate"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// sample is the demo's bundled sample: the spec alone.
//
//go:embed sample-spec.md
var sample embed.FS

//go:embed sample-intent.md
var sampleIntent []byte

// options are the command's own flags.
type options struct {
	*cli.App
	target, reviewers, out, intent string
	standards, context             list
	rounds, clean                  int
	hierarchical, yes              bool
	resume, undo                   bool
}

// demoRules returns what the demo's offline reviewers run when -rules is
// not given: every rule, as the bundled section is a draft written to give
// each reviewer findings (the default rules find little on it).
func demoRules() []string { return []string{offline.SetAll} }

// list is a repeatable flag.
type list []string

func (l *list) String() string     { return strings.Join(*l, ",") }
func (l *list) Set(v string) error { *l = append(*l, v); return nil }

func run(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) int {
	o := &options{App: cli.New("goldfish-loop", stdin, stdout, stderr)}
	o.Getenv = getenv
	fs := o.Flags
	o.RulesFlag(demoRules())
	fs.StringVar(&o.target, "target", "", `the section: "full file", a heading id ("S1.12", "h4:S1.12"), "heading:TEXT" or "marker:BEGIN[..END]" (default: asked, the file's headings offered; demo: S1.12)`)
	fs.StringVar(&o.reviewers, "reviewers", "", "reviewers (default: asked, recommended by the document's kind), comma-separated: short names (design_critic, structural, style, implementation_readiness, codebase_details, comprehension, zoom_out) or persona paths containing \"/\"")
	fs.Var(&o.standards, "standard", "reviewer=standard[,standard], a short name (feature-spec-standard, implementation-readiness-standard, zoom-out-standard, heilmeier-standard, re-implementation-standard) or a path; repeatable (default: the persona's own)")
	fs.Var(&o.context, "context", "a file or folder every reviewer receives, listed by name and SHA-256 in the journal; repeatable")
	fs.StringVar(&o.intent, "intent", "", "file of the decisions the section means, one per line, for the offline resolver's comprehension probe")
	fs.IntVar(&o.rounds, "rounds", goldfish.DefaultMaxRounds, "round cap")
	fs.IntVar(&o.clean, "clean", goldfish.DefaultCleanRounds, "consecutive clean rounds that stop the loop")
	fs.BoolVar(&o.hierarchical, "hierarchical", false, "hierarchical dispatch: a synthesizer writes one summary of each round")
	fs.BoolVar(&o.yes, "yes", false, "answer every question with its default (the intake's plan, auto-approve, next round, next stage) without waiting: for CI")
	fs.StringVar(&o.out, "out", goldfish.DefaultDir, "folder for the journal and artifacts")
	fs.BoolVar(&o.resume, "resume", false, "continue the unfinished run in -out")
	fs.BoolVar(&o.undo, "undo", false, "revert everything the last run in -out applied, byte for byte")
	o.VerboseFlag()
	o.Common("file")
	return o.Run(args, "Usage: goldfish-loop [flags] [spec.md]\n\nWith no file, runs a demo on a copy of the bundled sample spec, offline unless -provider is given.\nExit codes: 0 converged, 1 error, 2 stopped before converging (the demo exits 0).", func() error {
		if o.rounds < 1 || o.clean < 1 {
			return fmt.Errorf("-rounds and -clean must be at least 1")
		}
		if n := len(o.Args()); n > 1 {
			return fmt.Errorf("one file at a time, got %d", n)
		}
		return nil
	}, func() (int, error) { return o.run(ctx, o.Args()) })
}

func (o *options) run(ctx context.Context, files []string) (int, error) {
	c := cli.Command{Start: func(ctx context.Context, demo string) (cli.DriverRun, error) { return o.start(ctx, files, demo) }}
	switch {
	case o.undo:
		c.Undo = func(ctx context.Context) ([]int, error) { return (&goldfish.Loop{Dir: o.out}).Undo(ctx, 0) }
		c.UndoDir, c.UndoWhat = o.out, "the file is"
	case len(files) == 0:
		c.Sample, c.DemoPrefix = sample, "kaigi-goldfish-demo-"
	}
	return o.Execute(ctx, c)
}

// start returns the run of the file the flags name, or of the demo's
// copy of the bundled sample spec in demo: the plan completed by the
// intake, the gate, and how the Stop is shown.
func (o *options) start(ctx context.Context, files []string, demo string) (cli.DriverRun, error) {
	s := goldfish.Setup{Resume: o.resume, Cast: o.Providers, Hierarchical: o.hierarchical}
	if demo != "" {
		if o.resume {
			return cli.DriverRun{}, errors.New("-resume needs the file's path")
		}
		files = []string{filepath.Join(demo, "sample-spec.md")}
		if o.out == goldfish.DefaultDir {
			o.out = filepath.Join(demo, goldfish.DefaultDir)
		}
		o.target = cmp.Or(o.target, "S1.12")
		if !o.FlagSet("reviewers") {
			o.reviewers = "design_critic,structural,style,implementation_readiness,comprehension"
		}
		s.Intent = string(sampleIntent)
		fmt.Fprintf(o.Stderr, "Demo: reviewing section %s of a copy of the bundled sample spec in %s\n(on a file of your own, what -target and -reviewers leave out is asked, reviewers recommended by the document's kind)\n", o.target, demo)
	}
	if o.intent != "" {
		data, err := os.ReadFile(o.intent)
		if err != nil {
			return cli.DriverRun{}, fmt.Errorf("-intent: %w", err)
		}
		s.Intent = string(data)
	}
	if err := o.Resolve(demo != ""); err != nil {
		return cli.DriverRun{}, err
	}
	s.Loop = goldfish.Loop{Dir: o.out, MaxRounds: o.rounds, CleanRounds: o.clean, MaxSize: int64(*o.MaxSize), Logger: o.Logger()}
	if o.yes || (demo != "" && !o.Interactive()) { // the demo runs its whole cycle unattended
		s.Loop.Asker = shownAsker{w: o.Stderr}
	} else { // no -gate: a checklist on a terminal, the run folder's files otherwise
		g, _, err := o.ChooseGate("", termgate.Config{Dir: o.out, Interactive: o.Interactive(), Terminal: termui.Gate{In: o.Stdin, Out: o.Stderr}})
		if err != nil {
			return cli.DriverRun{}, err
		}
		s.Loop.Gate, s.Loop.Asker = g, g
	}
	s.Plan = goldfish.Plan{File: files[0], Target: o.target, Reviewers: goldfish.SplitNames(o.reviewers), Standards: map[string]string{}, Context: o.context}
	for _, std := range o.standards {
		name, v, ok := strings.Cut(std, "=")
		if !ok {
			return cli.DriverRun{}, fmt.Errorf("-standard %q: want reviewer=standard", std)
		}
		s.Plan.Standards[strings.TrimSpace(name)] = v
	}
	s.Offline.Enabled = o.Enabled(demo != "", demoRules())
	l, err := s.Begin(ctx)
	if goldfish.WriteNotStarted(o.Stdout, o.out, err) {
		return cli.DriverRun{}, cli.ExitCode(cli.ExitStopped)
	}
	if err != nil {
		return cli.DriverRun{}, err
	}
	dir, rel, err := cli.Folder(files[0], o.out)
	if err != nil {
		return cli.DriverRun{}, err
	}
	fmt.Fprintf(o.Stderr, "Goldfish loop on %s, %s (%s)\n", files[0], l.Target, o.Providers)
	return cli.DriverRun{
		Driver: goldfish.NewDriver(func(goldfish.Args) (*goldfish.Loop, error) { return l, nil }),
		Dir:    dir, Resume: o.resume,
		Args:    goldfish.Args{Document: rel[0], Dir: rel[1], Gate: loop.GateOwn},
		Result:  cli.Decode[*goldfish.Outcome](),
		Waiting: func(w io.Writer, _ loop.Stop) { goldfish.WriteWaiting(w, o.out) },
		Demo:    demo != "", // exits 0 unless no reviewer answered
	}, nil
}

// shownAsker answers every question with its default (loop.AutoAsker, as
// -yes does) and prints the question and the answer taken, so that an
// unattended run shows each step it passed.
type shownAsker struct{ w io.Writer }

func (a shownAsker) Ask(ctx context.Context, q loop.Question) (loop.Answer, error) {
	ans, err := loop.AutoAsker{}.Ask(ctx, q)
	if err != nil {
		return ans, err
	}
	label := ans.Choice
	for _, o := range q.Options {
		if o.ID == ans.Choice && o.Label != "" {
			label = o.Label
		}
	}
	fmt.Fprintf(a.w, "? %s\n  -> %s (the default, unattended)\n", loop.Printable(q.Prompt), loop.Printable(label))
	return ans, nil
}
