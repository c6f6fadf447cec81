package main

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/examples/internal/cli"
	"github.com/kaigi-dev/kaigi/examples/internal/termui"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/termgate"
	"github.com/kaigi-dev/kaigi/loop/writing"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// The sample holds the designer's answer to the demo's 2Q question in
// the run folder's answers file, where -gate file reads answers.
//
//go:embed all:sample
var sample embed.FS

// The demo's episode and first draft inside the sample story.
const (
	demoEpisode = 3
	demoDraft   = "drafts/episode-03.txt"
)

type options struct {
	*cli.App
	story, draft, gate string
	episode, revisions int
	again              bool
}

// demoRules returns what the demo's offline critics run when -rules is
// not given: every rule, as the bundled draft is written to give them
// findings (the default rules find little in it).
func demoRules() []string { return []string{offline.SetAll} }

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o := &options{App: cli.New("write-episode", stdin, stdout, stderr)}
	fs := o.Flags
	o.RulesFlag(demoRules())
	fs.StringVar(&o.story, "story", "", "the story folder (story/, episodes/, workspace/, archive/); empty runs the demo on a copy of the bundled sample")
	fs.IntVar(&o.episode, "episode", 0, "the episode to write (required with -story)")
	fs.IntVar(&o.revisions, "max-revisions", writing.DefaultMaxRevisions, "the revision cap (0: no revision)")
	fs.StringVar(&o.draft, "draft", "", "the first draft (version 0) for the offline author")
	fs.StringVar(&o.gate, "gate", "", "who answers the gates (force pass, save, Try): ask (this terminal), file (questions.json / answers.json in the workspace's run folder) or auto (the defaults); default auto for the demo, ask on a terminal, file otherwise")
	fs.BoolVar(&o.again, "again", false, "write an episode again whose run has finished (the old run moves to history)")
	o.Common("draft or story file")
	return o.Run(args, "Usage: write-episode [-story DIR -episode N] [flags]\n\nRuns the write-episode loop; a killed run resumes where it was when run again.\nExit codes: 0 saved, 1 error, 2 not saved (declined, or waiting for an answer).", nil,
		func() (int, error) { return o.run(ctx) })
}

func (o *options) run(ctx context.Context) (int, error) {
	if o.revisions < 0 {
		return cli.ExitError, fmt.Errorf("-max-revisions %d: the revision cap is 0 (no revision) or more", o.revisions)
	}
	c := cli.Command{Start: o.start}
	if o.story == "" {
		sub, err := sampleFiles()
		if err != nil {
			return cli.ExitError, err
		}
		c.Sample, c.DemoPrefix = sub, "kaigi-write-episode-"
	}
	return o.Execute(ctx, c)
}

// start returns the run of the episode the flags name, or of the demo's
// in its copy of the sample story, demo.
func (o *options) start(_ context.Context, demo string) (cli.DriverRun, error) {
	if demo != "" {
		o.story, o.episode = demo, demoEpisode
		if o.draft == "" {
			o.draft = filepath.Join(demo, demoDraft)
		}
		fmt.Fprintf(o.Stderr, "Demo: writing episode %d of a copy of the bundled sample story in %s\n", o.episode, demo)
	}
	switch {
	case o.episode == 0:
		return cli.DriverRun{}, errors.New("-episode is required with -story (the episode to write, from 1)")
	case o.episode < 0:
		return cli.DriverRun{}, fmt.Errorf("-episode %d: episodes are numbered from 1", o.episode)
	}
	if err := o.Providers.Resolve(os.Getenv); err != nil {
		return cli.DriverRun{}, err
	}
	var draft []byte
	if o.draft != "" {
		var err error
		if draft, err = writing.ReadDraft(o.draft, int64(*o.MaxSize)); err != nil {
			return cli.DriverRun{}, fmt.Errorf("-draft: %w", err)
		}
	}
	e, desc, err := writing.Cast{Players: o.Providers, Draft: draft, Rules: o.Enabled(demo != "", demoRules()), MaxTokens: o.Providers.MaxTokens,
		NoDraft: errors.New("the offline author needs a first draft: give -draft FILE (or configure a provider for the author)")}.Episode()
	if err != nil {
		return cli.DriverRun{}, err
	}
	asker, mode, err := o.asker(demo != "")
	if err != nil {
		return cli.DriverRun{}, err
	}
	e.Asker, e.Again, e.MaxRevisions, e.MaxSize = asker, o.again, o.revisions, int64(*o.MaxSize)
	if o.revisions == 0 {
		e.MaxRevisions = -1
	}
	e.Observer = func(ev writing.Event) { ev.WriteText(o.Stderr) }
	fmt.Fprintf(o.Stderr, "write-episode: episode %d (%s)\n", o.episode, desc)
	return cli.DriverRun{
		Driver:  writing.NewDriver(func(writing.Args) (*writing.Episode, error) { return e, nil }),
		Dir:     o.story,
		Args:    writing.Args{Episode: o.episode, Gate: loop.GateOwn},
		Result:  cli.Decode(func(r *writing.Outcome) { r.Hint = o.hint(mode) }),
		Waiting: writing.WriteWaiting,
		Failed: func(err error) (int, error) {
			if errors.Is(err, writing.ErrNotInArc) {
				err = fmt.Errorf("-episode %d: %w", o.episode, err)
			}
			return cli.ExitError, err
		},
	}, nil
}

// hint is what the Outcome of a FORCE_PASS not saved adds under -gate
// auto: how to decide on it ("": nothing).
func (o *options) hint(mode termgate.Mode) string {
	if mode != termgate.Auto {
		return ""
	}
	return fmt.Sprintf("-gate auto never saves a FORCE_PASS episode: read the drafts and the reviews in %s, then run again with -again and -gate ask or -gate file to decide",
		filepath.Join(o.story, writing.WorkspaceDir))
}

// sampleFiles is the bundled sample story.
func sampleFiles() (fs.FS, error) { return fs.Sub(sample, "sample") }

// asker returns the gate -gate names and its mode; the demo's default is
// auto, which there takes the answers file's answers first.
func (o *options) asker(demo bool) (loop.Asker, termgate.Mode, error) {
	dir := filepath.Join(o.story, filepath.FromSlash(writing.RunFolder(o.episode)))
	value := o.gate
	if demo && value == "" {
		value = "auto"
	}
	g, mode, err := o.ChooseGate(value, termgate.Config{
		Dir:         dir,
		Interactive: o.Interactive(),
		Terminal:    termui.Gate{In: o.Stdin, Out: o.Stderr},
	})
	if err != nil {
		return nil, "", err
	}
	if demo && mode == termgate.Auto {
		return demoAsker(dir, o.Stderr), mode, nil
	}
	return g, mode, nil
}
