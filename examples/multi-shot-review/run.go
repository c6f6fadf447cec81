package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/kaigi-dev/kaigi/examples/internal/cli"
	"github.com/kaigi-dev/kaigi/examples/internal/termui"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/multishot"
	"github.com/kaigi-dev/kaigi/loop/termgate"
)

// failedCode is code, except that a session the classification left with
// no slice exits cli.ExitStopped, as the original does (its log says why).
func failedCode(code int, err error) int {
	if errors.Is(err, multishot.ErrNoSlices) {
		return cli.ExitStopped
	}
	return code
}

type options struct {
	*cli.App
	repo, base, commit, task, taskFile, dir, memory, gate string
	uncommitted, report, resume, follow, keep, reclassify bool
	addSlice, removeSlice, sliceFiles, slicePrompt        string
	directive, directiveFile                              string
	userDirectivesFile, contextFile, variant, harness     string
	shots, shotPasses, maxPasses, maxParallel, sliceShots int
	timeout                                               time.Duration
}

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o := &options{App: cli.New("multi-shot-review", stdin, stdout, stderr)}
	o.Tool = "kaigi-multi-shot-review" // the name code scanning has always told its alerts apart by
	fs := o.Flags
	o.RulesFlag(demoRules())
	fs.StringVar(&o.repo, "repo", ".", "the repository")
	fs.BoolVar(&o.uncommitted, "uncommitted", false, "review the working tree against HEAD (untracked files included)")
	fs.StringVar(&o.base, "base", "", "review HEAD against its merge base with this branch")
	fs.StringVar(&o.commit, "commit", "", "review this commit")
	fs.StringVar(&o.task, "task", "", "the original request, word for word")
	fs.StringVar(&o.taskFile, "task-file", "", "read the original request from this file (- for stdin)")
	fs.StringVar(&o.dir, "dir", filepath.Join(".multishot", "session"), "the session folder")
	fs.StringVar(&o.memory, "memory", filepath.Join(".multishot", "rejections.json"), "the rejection memory shared by sessions (empty: none)")
	fs.StringVar(&o.gate, "gate", "", "triage gate: ask (this terminal), file (answers.json in -dir, for CI) or auto (fix where a finding has an edit, else ignore); default ask on a terminal, file otherwise")
	fs.BoolVar(&o.report, "report", false, "Report mode: one wave, nothing changed, the findings returned")
	fs.BoolVar(&o.resume, "resume", false, "go on with the unfinished session in -dir")
	fs.BoolVar(&o.follow, "continue", false, "run a follow-up wave on the finished session in -dir")
	fs.BoolVar(&o.keep, "keep", false, "keep the demo's temporary repository and session (removed at its end otherwise)")
	fs.IntVar(&o.shots, "shots", 2, "shots per slice")
	fs.IntVar(&o.shotPasses, "shot-passes", 1, "passes that use several shots (negative: always)")
	fs.IntVar(&o.maxPasses, "max-passes", multishot.DefaultMaxPasses, "passes per window before the judge")
	fs.IntVar(&o.maxParallel, "max-parallel", 0, "calls at once across a wave (0: all)")
	fs.DurationVar(&o.timeout, "timeout", 0, "bound on each shot (0: none offline, 10m with a model)")
	fs.StringVar(&o.userDirectivesFile, "user-directives-file", "", "the user's extra instructions for the classifier, verbatim (journaled with the session)")
	fs.StringVar(&o.contextFile, "executor-context-file", "", "the parent's context, given to the classifier as reference (journaled with the session)")
	fs.StringVar(&o.variant, "variant", "", "a configured variant the user asked for, recorded in the session (none unless given)")
	fs.BoolVar(&o.reclassify, "reclassify", false, "run a follow-up that classifies anew; every slice must be removed first (with -remove-slice and the user's words)")
	fs.StringVar(&o.addSlice, "add-slice", "", "with -continue: add (or revive) this slice; needs -slice-files, -slice-prompt-file and the user's words")
	fs.StringVar(&o.removeSlice, "remove-slice", "", "with -continue or -reclassify: remove these slices, comma-separated (tombstones); needs the user's words")
	fs.IntVar(&o.sliceShots, "slice-shots", 0, "the added slice's shots per pass (0: the session's default)")
	fs.StringVar(&o.harness, "slice-harness", "", "the profile that runs the added slice's shots: offline, reviewer, or a -reviewer-model name (default: the reviewer's)")
	fs.StringVar(&o.sliceFiles, "slice-files", "", "the added slice's files, comma-separated")
	fs.StringVar(&o.slicePrompt, "slice-prompt-file", "", "the added slice's full reviewer prompt")
	fs.StringVar(&o.directive, "directive", "", "the user's request for the slice change, word for word")
	fs.StringVar(&o.directiveFile, "directive-file", "", "read the user's request for the slice change from this file")
	o.Common("request or changed file")
	return o.Run(args, "Usage: multi-shot-review [flags]\n\nWith no -uncommitted, -base or -commit, reviews a bundled sample change in a temporary repository, offline unless -provider is given.\nExit codes: 0 done, 1 error, 2 findings remain or the classification left no slice (its log says why).", o.check,
		func() (int, error) {
			code, err := o.run(ctx)
			return failedCode(code, err), err
		})
}

// check refuses flags that contradict each other or mean nothing.
func (o *options) check() error {
	if args := o.Args(); len(args) > 0 {
		return fmt.Errorf("unexpected arguments %q", args)
	}
	n := 0
	for _, b := range []bool{o.uncommitted, o.base != "", o.commit != ""} {
		if b {
			n++
		}
	}
	if n > 1 {
		return errors.New("give one of -uncommitted, -base and -commit")
	}
	if err := o.checkCounts(); err != nil {
		return err
	}
	if (o.sliceShots != 0 || o.harness != "" || o.sliceFiles != "" || o.slicePrompt != "") && o.addSlice == "" {
		return errors.New("-slice-shots, -slice-harness, -slice-files and -slice-prompt-file define the slice of -add-slice; give it")
	}
	if (o.addSlice != "" || o.removeSlice != "") && !o.follow && !o.reclassify {
		return errors.New("-add-slice and -remove-slice change a finished session: give -continue or -reclassify")
	}
	return nil
}

// checkCounts refuses the counts that the loop would read as its default
// (zero) or that mean nothing (a negative count, a negative timeout).
func (o *options) checkCounts() error {
	switch {
	case o.shots < 1:
		return fmt.Errorf("-shots %d: want at least 1 shot per slice", o.shots)
	case o.maxPasses < 1:
		return fmt.Errorf("-max-passes %d: want at least 1 pass per window", o.maxPasses)
	case o.shotPasses == 0:
		return errors.New("-shot-passes 0: want at least 1 pass with several shots, or a negative value for every pass")
	case o.maxParallel < 0:
		return fmt.Errorf("-max-parallel %d: want 0 (every call at once) or more", o.maxParallel)
	case o.timeout < 0:
		return fmt.Errorf("-timeout %s: want 0 (none) or a positive duration", o.timeout)
	}
	return nil
}

func (o *options) target() (multishot.Target, bool) {
	t := multishot.Target{Repo: o.repo}
	switch {
	case o.uncommitted:
		t.Kind = multishot.Uncommitted
	case o.base != "":
		t.Kind, t.Ref = multishot.Base, o.base
	case o.commit != "":
		t.Kind, t.Ref = multishot.Commit, o.commit
	default:
		return t, false
	}
	return t, true
}

func (o *options) run(ctx context.Context) (int, error) {
	target, own := o.target()
	demo := !own && !o.resume && !o.follow && !o.reclassify
	if err := o.Resolve(demo); err != nil {
		return cli.ExitError, err
	}
	task := o.task
	if o.taskFile != "" {
		data, err := readTask(o.taskFile, o.Stdin, int64(*o.MaxSize))
		if err != nil {
			return cli.ExitError, err
		}
		task = string(data)
	}
	// Progress goes to stderr when stdout is for a program; a follow-up
	// of the demo shows only what its replay of the session did not.
	live := multishot.NewLive(func(e multishot.Event) { e.WriteText(o.Info()) })
	l := &multishot.Loop{Shots: o.shots, ShotPasses: o.shotPasses, MaxPasses: o.maxPasses,
		MaxParallel: o.maxParallel, Timeout: o.timeout, MaxSize: int64(*o.MaxSize), Observer: live.Observe, Variant: o.variant}
	if err := o.classifierInputs(l, demo); err != nil {
		return cli.ExitError, err
	}
	if o.report {
		l.Mode = multishot.Report
	}
	if err := multishot.Cast(l, o.Providers, o.Enabled(demo, demoRules()), slices.Collect(maps.Keys(o.Providers.Reviewers))...); err != nil {
		return cli.ExitError, err
	}
	// The loop is made once (its inputs read once): every execution of the
	// session is the same loop, the Driver setting its folders.
	driver := live.Driver(multishot.NewDriver(func(multishot.Args) (*multishot.Loop, error) { return l, nil }))
	if demo {
		return o.demo(ctx, l, driver)
	}
	args := multishot.Args{Kind: target.Kind, Ref: target.Ref, Task: task, Gate: loop.GateOwn}
	switch {
	case o.follow:
		args.FollowUp = multishot.FollowContinue
	case o.reclassify:
		args.FollowUp = multishot.FollowReclassify
	}
	if args.FollowUp != "" {
		var err error
		if args.Directives, err = o.directives(); err != nil {
			return cli.ExitError, err
		}
	} else if !o.resume && strings.TrimSpace(task) == "" {
		return cli.ExitError, errors.New("give the original request with -task or -task-file: every reviewer reads it")
	}
	var err error
	if l.Asker, err = o.asker(cli.Terminal(o.Stdin), o.Stdin, o.Stdout); err != nil {
		return cli.ExitError, err
	}
	dir, rel, err := cli.Folder(o.repo, o.dir, cmp.Or(o.memory, o.dir))
	if err != nil {
		return cli.ExitError, err
	}
	args.Repo, args.Dir = rel[0], rel[1]
	if o.memory != "" {
		args.Memory = rel[2]
	}
	return o.Drive(ctx, cli.DriverRun{
		Driver: driver, Dir: dir, Args: args, Resume: o.resume, ResumeOnly: true,
		Result: cli.Decode(func(out *multishot.Outcome) { out.Session, out.Repo = o.dir, o.repo }), // as the user named them
		Waiting: func(io.Writer, loop.Stop) {
			fmt.Fprintf(o.Info(), "Waiting for answers: fill in %s and run again with -resume.\n", filepath.Join(o.dir, "answers.json"))
		},
		Quiet: true, // the summary says what is left
	})
}

// readTask reads the request from the file name, or stdin for "-", up to
// limit bytes (-max-size): a longer one is refused, not cut short.
func readTask(name string, stdin io.Reader, limit int64) ([]byte, error) {
	if name == "-" {
		data, err := io.ReadAll(io.LimitReader(stdin, limit+1))
		if err == nil && int64(len(data)) > limit {
			err = fmt.Errorf("%w: the request on standard input is more than %d bytes; raise the limit with -max-size", loop.ErrTooLarge, limit)
		}
		return data, err
	}
	if err := loop.CheckSize(name, limit, ""); err != nil {
		return nil, err
	}
	return os.ReadFile(name)
}

// asker returns the asker -gate names; -gate ask asks on stdin and stdout
// even when they are no terminal (answers piped in), and no -gate is the
// triage on a terminal, the session's files otherwise.
func (o *options) asker(interactive bool, stdin io.Reader, stdout io.Writer) (loop.Asker, error) {
	m, err := cli.GateMode(o.gate)
	if err != nil {
		return nil, err
	}
	g, _, err := o.ChooseGate(o.gate, termgate.Config{
		Dir:         o.dir,
		Interactive: interactive || m == termgate.Terminal,
		Terminal:    termui.Gate{In: stdin, Out: stdout},
	})
	return g, err
}
