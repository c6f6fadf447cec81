package main

import (
	"cmp"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/kaigi-dev/kaigi/examples/internal/cli"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/examples/internal/outformat"
	"github.com/kaigi-dev/kaigi/finding"
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
		if err := checkRepository(ctx, o.root); err != nil {
			return cli.DriverRun{}, err
		}
	}
	d := &discussion.Discussion{Spec: spec, MaxSize: int64(*o.MaxSize), Entries: o.entries || o.commit, Logger: o.Logger(), Observer: progress(o.Stderr)}
	if d.Participants, d.Lead, err = o.seat(spec, o.Enabled(demo != "", demoRules())); err != nil {
		return cli.DriverRun{}, err
	}
	text := o.Info() // the report; with -format other than text it goes to stderr
	fmt.Fprintf(text, "Discussion %s: %s (%s)\n", spec.ID, loop.Printable(spec.Topic), o.Providers.String())
	return cli.DriverRun{
		Driver: discussion.NewDriver(func(discussion.Args) (*discussion.Discussion, error) { return d, nil }),
		Dir:    o.root, Resume: o.resume, ResumeOnly: true, // -resume of nothing says so
		Report: func(w io.Writer, s loop.Stop) {
			if out, err := outcome(s); err == nil {
				out.WriteText(w)
			}
			if demo == "" {
				var given string
				if o.id != "" {
					given += " -id " + o.id
				}
				if o.targets != "" {
					given += " -targets " + o.targets
				}
				fmt.Fprintf(w, "Resume an interrupted run: discussion-review -spec %s%s -root %s -resume\n", o.spec, given, o.root)
			}
		},
		Text: func(io.Writer, loop.Stop) {}, // the report
		Export: func(w io.Writer, f string, s loop.Stop) error {
			out, err := outcome(s)
			if err != nil {
				return err
			}
			critical, err := out.Critical()
			if err != nil {
				return err
			}
			var settled []outformat.Settled
			for _, f := range critical {
				settled = append(settled, outformat.Settled{Finding: f, Status: finding.Open})
			}
			return outformat.ExportFindings(w, f, o.Name, o.root, settled)
		},
		Code: func(s loop.Stop) (int, error) { return o.end(ctx, s, demo != "") },
	}, nil
}

// outcome returns the discussion's Outcome of s, restored from its
// folder (Outcome.Restore).
func outcome(s loop.Stop) (*discussion.Outcome, error) {
	out, err := cli.Result[*discussion.Outcome](s)
	if err != nil {
		return nil, err
	}
	return out, out.Restore()
}

// end commits the board when -commit asks, and returns the exit code of
// the discussion that stopped as s says: exitFail without a verdict (no
// reviewer answered), or, but for the demo, with a FAIL verdict.
func (o *options) end(ctx context.Context, s loop.Stop, demo bool) (int, error) {
	out, err := outcome(s)
	if err != nil {
		return exitError, err
	}
	var v struct {
		Verdict string `json:"verdict"`
	}
	_ = json.Unmarshal(out.Verdict, &v)
	if o.commit {
		said := "no verdict"
		if out.Verdict != nil {
			said = "verdict " + cmp.Or(v.Verdict, "written")
		}
		hash, err := commitBoard(ctx, out, said)
		if err != nil {
			return exitError, fmt.Errorf("-commit: %w", err)
		}
		fmt.Fprintf(o.Info(), "Committed the board: %s\n", hash)
	}
	if err := out.Err(); err != nil {
		return exitFail, err
	}
	if v.Verdict == "FAIL" && !demo {
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
		var ts []string
		for t := range strings.SplitSeq(o.targets, ",") {
			if t = strings.TrimSpace(t); t != "" {
				ts = append(ts, t)
			}
		}
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

// seat makes the spec's participants and lead: offline reviewers, or
// models.
func (o *options) seat(spec discussion.Spec, rules []string) ([]discussion.Participant, discussion.Lead, error) {
	root, rel, err := offline.WorkspaceRoot(o.root)
	if err != nil {
		return nil, nil, err
	}
	builtin := map[string]agent.Reviewer{}
	var order []string
	for _, r := range offline.Editorial(offline.Config{LinkFS: os.DirFS(root), LinkDir: rel, Enabled: rules}) {
		builtin[r.Name()] = r
		order = append(order, r.Name())
	}
	var ps []discussion.Participant
	for i, p := range spec.Participants {
		if o.Providers.Offline(p.Name) {
			r, ok := builtin[p.Model]
			if !ok {
				r = builtin[order[i%len(order)]]
			}
			ps = append(ps, discussion.NewOffline(p.Name, r))
			continue
		}
		prov, model, err := o.Providers.Provider(p.Name)
		if err != nil {
			return nil, nil, err
		}
		ps = append(ps, discussion.NewModel(p.Name, p.Lens, prov, model))
	}
	lead, err := loop.Role[discussion.Lead](o.Providers, spec.Synthesizer.Name, discussion.NewOfflineLead(spec.Synthesizer.Name), func(p agent.Provider, model string) discussion.Lead {
		return discussion.NewModelLead(spec.Synthesizer.Name, p, model)
	})
	return ps, lead, err
}

// progress prints each turn on stderr as it is journaled.
func progress(w io.Writer) func(discussion.Event) {
	return func(e discussion.Event) { e.WriteText(w) }
}

// quoted returns args quoted, separated by spaces.
func quoted(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = strconv.Quote(a)
	}
	return strings.Join(q, " ")
}
