package main

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/kaigi-dev/kaigi/examples/internal/cli"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/discussion"
	"github.com/kaigi-dev/kaigi/providers/config"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// demoRules returns what the demo's offline seats run when -rules is not
// given: every rule, so that each seat has claims to debate on the
// bundled draft (the default rules find little on it).
func demoRules() []string { return []string{offline.SetAll} }

// sample holds the demo's spec and target.
//
//go:embed sample/*
var sample embed.FS

// Exit codes.
const (
	exitOK    = cli.ExitOK
	exitError = cli.ExitError
	exitFail  = cli.ExitStopped // the verdict is FAIL (not for the demo), or no reviewer answered
)

type options struct {
	*cli.App
	spec, root      string
	id, targets     string
	entries, commit bool
	changedSince    string // -changed-since: the trigger (trigger.go)
	labels          string
	minLines        int
	resume          bool
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	o := &options{App: cli.New("discussion-review", nil, stdout, stderr)}
	fset := o.Flags
	o.RulesFlag(demoRules())
	fset.StringVar(&o.spec, "spec", "", "discussion spec (JSON); default: a demo on a copy of the bundled sample")
	fset.StringVar(&o.root, "root", ".", "workspace root: the spec's targets are read inside it, artifacts go to <root>/.discussion/<id>/")
	fset.StringVar(&o.id, "id", "", "the discussion's id, for a spec file that has none (the original's); artifacts go to <root>/.discussion/<id>/")
	fset.StringVar(&o.targets, "targets", "", "the targets, comma-separated, inside -root, for a spec file that has none (the original's)")
	fset.BoolVar(&o.entries, "entries", false, "also write the board one file per post under <root>/.discussion/<id>/entries/, as the original does")
	fset.BoolVar(&o.commit, "commit", false, "commit the board (whiteboard, entries, verdict) in the git repository holding -root when the run ends; implies -entries")
	fset.StringVar(&o.changedSince, "changed-since", "", "for CI: start only when the change from this revision to the working tree warrants a discussion (-min-lines changed lines, or a label of security or breaking-change in -labels), else exit 0 saying why; the changed files under -root are the targets of a spec that names none")
	fset.StringVar(&o.labels, "labels", "", "with -changed-since: the change's labels, comma-separated (a pull request's)")
	fset.IntVar(&o.minLines, "min-lines", discussion.DefaultTriggerLines, "with -changed-since: the changed lines (added plus deleted) from which a change is discussed")
	fset.BoolVar(&o.resume, "resume", false, "continue the unfinished discussion of the spec (after a crash or a kill)")
	o.VerboseFlag()
	o.Common("target")
	return o.Run(args, "Usage: discussion-review [-spec spec.json] [flags]\n\nWith no spec, runs a demo on a copy of the bundled sample, offline unless -provider is given.\nExit codes: 0 done, 1 error, 2 the verdict is FAIL (the demo exits 0) or no reviewer answered, so there is no verdict.", func() error {
		if o.minLines < 1 {
			return fmt.Errorf("-min-lines %d: want at least 1", o.minLines)
		}
		if args := o.Args(); len(args) > 0 {
			return fmt.Errorf("unexpected arguments %s: discussion-review takes flags only (the spec names the targets; give it with -spec)", quoted(args))
		}
		return nil
	}, func() (int, error) { return o.run(ctx) })
}

func (o *options) run(ctx context.Context) (int, error) {
	c := cli.Command{Start: o.start}
	if o.spec == "" {
		if o.resume {
			return exitError, errors.New("-resume needs -spec and -root (the demo prints the command to use)")
		}
		c.Sample, _ = fs.Sub(sample, "sample")
		c.DemoPrefix = "kaigi-discussion-demo-"
	}
	return o.Execute(ctx, c)
}

// start returns the discussion of the spec the flags name, or of the
// demo's copy of the bundled sample in demo.
func (o *options) start(ctx context.Context, demo string) (cli.DriverRun, error) {
	if demo != "" {
		o.spec, o.root = filepath.Join(demo, "spec.json"), demo
		fmt.Fprintf(o.Stderr, "Demo on a copy of the bundled sample in %s\n", demo)
	}
	spec, err := discussion.LoadSpec(o.spec)
	if err != nil {
		return cli.DriverRun{}, err
	}
	if o.changedSince != "" {
		if demo != "" || o.resume {
			return cli.DriverRun{}, errors.New("-changed-since needs -spec and starts a new discussion (not with -resume)")
		}
		ok, why, err := o.triggered(ctx, &spec)
		if err != nil {
			return cli.DriverRun{}, err
		}
		if !ok {
			fmt.Fprintf(o.Stdout, "No discussion: %s.\n", why)
			return cli.DriverRun{}, cli.ExitCode(exitOK)
		}
		fmt.Fprintf(o.Stderr, "Discussion started: %s.\n", why)
	}
	if err := o.fill(&spec); err != nil {
		return cli.DriverRun{}, err
	}
	if err := o.useProviders(spec, demo != ""); err != nil {
		return cli.DriverRun{}, err
	}
	if o.commit {
		if err := discussion.CheckRepository(ctx, o.root); err != nil {
			return cli.DriverRun{}, fmt.Errorf("-commit: %w", err)
		}
	}
	d := &discussion.Discussion{Spec: spec, MaxSize: int64(*o.MaxSize), Entries: o.entries || o.commit, Logger: o.Logger(),
		Observer: func(e discussion.Event) { e.WriteText(o.Stderr) }}
	if d.Participants, d.Lead, err = discussion.Cast(o.Providers, spec, o.root, o.Enabled(demo != "", demoRules())); err != nil {
		return cli.DriverRun{}, err
	}
	fmt.Fprintf(o.Info(), "Discussion %s: %s (%s)\n", spec.ID, loop.Printable(spec.Topic), o.Providers.String())
	var out *discussion.Outcome // the Stop's, decoded by Result
	return cli.DriverRun{
		Driver: discussion.NewDriver(func(discussion.Args) (*discussion.Discussion, error) { return d, nil }),
		Dir:    o.root, Resume: o.resume, ResumeOnly: true, // -resume of nothing says so
		Result:     cli.Decode(func(d *discussion.Outcome) { out, d.Resume = d, o.resumeCommand(demo != "") }),
		AlwaysText: true, // on stderr too with -format json or an export
		Code:       func(loop.Stop) (int, error) { return o.end(ctx, out, demo != "") },
	}, nil
}

// resumeCommand is the command that resumes the discussion; "" for the
// demo, which does not say it.
func (o *options) resumeCommand(demo bool) string {
	if demo {
		return ""
	}
	var given string
	if o.id != "" {
		given += " -id " + o.id
	}
	if o.targets != "" {
		given += " -targets " + o.targets
	}
	return fmt.Sprintf("discussion-review -spec %s%s -root %s -resume", o.spec, given, o.root)
}

// end commits the board when -commit asks, and returns the exit code of
// the discussion: exitFail without a verdict (no reviewer answered), or,
// but for the demo, with a FAIL verdict.
func (o *options) end(ctx context.Context, out *discussion.Outcome, demo bool) (int, error) {
	if o.commit {
		hash, err := out.Commit(ctx)
		if err != nil {
			return exitError, fmt.Errorf("-commit: %w", err)
		}
		fmt.Fprintf(o.Info(), "Committed the board: %s\n", hash)
	}
	if err := out.Err(); err != nil {
		return exitFail, err
	}
	if out.Decision() == "FAIL" && !demo {
		return exitFail, nil
	}
	return exitOK, nil
}

// fill sets the spec's id and targets from -id and -targets: a spec file
// of the original has neither. A flag that contradicts the spec is an
// error, and so is a spec left without them.
func (o *options) fill(spec *discussion.Spec) error {
	if o.id != "" {
		if spec.ID != "" && spec.ID != o.id {
			return fmt.Errorf("-id %s, but the spec %s has the id %s", o.id, o.spec, spec.ID)
		}
		spec.ID = o.id
	}
	if o.targets != "" {
		ts := list(o.targets)
		if len(spec.Targets) > 0 && !slices.Equal(spec.Targets, ts) {
			return fmt.Errorf("-targets %s, but the spec %s names the targets %s", o.targets, o.spec, strings.Join(spec.Targets, ","))
		}
		spec.Targets = ts
	}
	var missing []string
	if spec.ID == "" {
		missing = append(missing, "id (give one with -id)")
	}
	if len(spec.Targets) == 0 {
		missing = append(missing, "targets (give them with -targets a.md,b.md)")
	}
	if len(missing) > 0 {
		return fmt.Errorf("the spec %s has no %s", o.spec, strings.Join(missing, " and no "))
	}
	return nil
}

// useProviders resolves the provider flags, with the spec's own choices
// for participants no -reviewer-model names. The demo stays offline unless
// a provider is named, so that its first run never spends money on a key
// that happens to be set.
func (o *options) useProviders(spec discussion.Spec, demo bool) error {
	if err := o.Resolve(demo); err != nil {
		return err
	}
	for _, p := range spec.Participants {
		if _, set := o.Providers.Reviewers[p.Name]; !set && p.Provider != "" {
			o.Providers.Reviewers[p.Name] = config.Choice{Provider: p.Provider, Model: p.Model}
		}
	}
	if s := spec.Synthesizer; s.Provider != "" {
		if _, set := o.Providers.Reviewers[s.Name]; !set {
			o.Providers.Reviewers[s.Name] = config.Choice{Provider: s.Provider, Model: s.Model}
		}
	}
	return nil
}

// quoted returns args quoted, separated by spaces.
func quoted(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = strconv.Quote(a)
	}
	return strings.Join(q, " ")
}

// list returns the comma-separated items of s, trimmed, the empty ones
// dropped.
func list(s string) []string {
	var items []string
	for it := range strings.SplitSeq(s, ",") {
		if it = strings.TrimSpace(it); it != "" {
			items = append(items, it)
		}
	}
	return items
}
