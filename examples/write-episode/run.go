package main

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"github.com/kaigi-dev/kaigi/examples/internal/cli"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/examples/internal/outformat"
	"github.com/kaigi-dev/kaigi/examples/internal/termui"
	"github.com/kaigi-dev/kaigi/finding"
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

// Exit codes.
const (
	exitSaved    = cli.ExitOK
	exitError    = cli.ExitError
	exitNotSaved = cli.ExitStopped
)

type options struct {
	*cli.App
	story, draft, gate string
	episode, revisions int
	again              bool
	maxSize            int64 // the size limit of the draft and the story files; 0: loop.DefaultMaxSize
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
		func() (int, error) {
			o.maxSize = int64(*o.MaxSize)
			return o.run(ctx)
		})
}

func (o *options) run(ctx context.Context) (int, error) {
	if o.revisions < 0 {
		return exitError, fmt.Errorf("-max-revisions %d: the revision cap is 0 (no revision) or more", o.revisions)
	}
	c := cli.Command{Start: o.start}
	if o.story == "" {
		sub, err := sampleFiles()
		if err != nil {
			return exitError, err
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
	e, desc, err := o.roles(o.Enabled(demo != "", demoRules()))
	if err != nil {
		return cli.DriverRun{}, err
	}
	asker, mode, err := o.asker(demo != "")
	if err != nil {
		return cli.DriverRun{}, err
	}
	e.Asker, e.Again, e.MaxRevisions, e.MaxSize = asker, o.again, o.revisions, o.maxSize
	if o.revisions == 0 {
		e.MaxRevisions = -1
	}
	e.Observer = func(ev writing.Event) { ev.WriteText(o.Stderr) }
	fmt.Fprintf(o.Stderr, "write-episode: episode %d (%s)\n", o.episode, desc)
	return cli.DriverRun{
		Driver: writing.NewDriver(func(writing.Args) (*writing.Episode, error) { return e, nil }),
		Dir:    o.story,
		Args:   writing.Args{Episode: o.episode, Gate: loop.GateOwn},
		Text:   cli.Show(func(w io.Writer, r *writing.Outcome) { r.WriteText(w, o.story) }),
		Export: cli.ExportOf(func(w io.Writer, f string, res *writing.Outcome) error {
			if !res.Saved {
				res.Polish = nil // no saved episode to point at
			}
			return o.export(w, f, res)
		}),
		Waiting: func(w io.Writer, s loop.Stop) {
			fmt.Fprintf(w, "Waiting for an answer: %s\nWrite it, then run the same command again to go on.\n", s.Text)
		},
		Code: func(s loop.Stop) (int, error) {
			if s.Waiting() {
				return exitNotSaved, nil
			}
			if s.Reason != writing.NotSaved {
				return exitSaved, nil
			}
			err := errors.New(s.Text)
			if mode == termgate.Auto && forcePass(s) {
				err = fmt.Errorf("%w\n-gate auto never saves a FORCE_PASS episode: read the drafts and the reviews in %s, then run again with -again and -gate ask or -gate file to decide", err,
					filepath.Join(o.story, writing.WorkspaceDir))
			}
			return exitNotSaved, err
		},
		Failed: func(err error) (int, error) {
			switch {
			case errors.Is(err, writing.ErrNotInArc):
				return exitError, fmt.Errorf("-episode %d: %w", o.episode, err)
			case !journaled(o.story, o.episode):
				return exitError, err // it failed before it started: nothing to resume
			}
			return exitError, fmt.Errorf("%w (run the same command again to resume)", err)
		},
	}, nil
}

// forcePass reports whether the run of s judged its episode FORCE_PASS.
func forcePass(s loop.Stop) bool {
	res, err := cli.Result[*writing.Outcome](s)
	return err == nil && res.Judgment.Grade == writing.ForcePass
}

// journaled reports whether episode n of the story folder dir has a run
// folder, which a failed run can be resumed from.
func journaled(dir string, n int) bool {
	_, err := os.Stat(filepath.Join(dir, writing.RunDir, fmt.Sprintf("episode-%02d", n), loop.JournalName))
	return err == nil
}

// sampleFiles is the bundled sample story.
func sampleFiles() (fs.FS, error) { return fs.Sub(sample, "sample") }

// copySample copies the bundled sample story into dir.
func copySample(dir string) error {
	sub, err := sampleFiles()
	if err != nil {
		return err
	}
	return os.CopyFS(dir, sub)
}

// roles returns the episode's roles: offline, or on the configured
// providers, each role by its name (author, arc-reviewer, reader-<id>).
func (o *options) roles(rules []string) (*writing.Episode, string, error) {
	if rules == nil {
		// Prose is held to the style guide's rules (stock phrases, empty
		// intensifiers, long sentences), not only to the few rules on by
		// default for documentation.
		rules = []string{offline.SetStrict}
	}
	critics := offline.Editorial(offline.Config{Enabled: rules})
	e := &writing.Episode{}
	var draft []byte
	if o.draft != "" {
		var err error
		if draft, err = writing.ReadDraft(o.draft, o.maxSize); err != nil {
			return nil, "", fmt.Errorf("-draft: %w", err)
		}
	}
	model := func(role string) (writing.Model, bool, error) {
		if o.Providers.Offline(role) {
			return writing.Model{}, false, nil
		}
		p, name, err := o.Providers.Provider(role)
		return writing.Model{Provider: p, Name: name, MaxTokens: o.Providers.MaxTokens}, err == nil, err
	}
	var used []string
	if m, ok, err := model("author"); err != nil {
		return nil, "", err
	} else if ok {
		e.Author, used = writing.ModelAuthor{Model: m}, append(used, "author: "+m.Name)
	} else {
		if len(draft) == 0 {
			return nil, "", errors.New("the offline author needs a first draft: give -draft FILE (or configure a provider for the author)")
		}
		e.Author, used = writing.OfflineAuthor{Draft: draft}, append(used, "author: offline")
	}
	if m, ok, err := model("arc-reviewer"); err != nil {
		return nil, "", err
	} else if ok {
		e.Critic, used = writing.ModelCritic{Model: m}, append(used, "arc-reviewer: "+m.Name)
	} else {
		e.Critic, used = writing.OfflineCritic{Critics: critics}, append(used, "arc-reviewer: offline")
	}
	e.Readers = func(p writing.Persona) writing.Reader {
		m, ok, err := model("reader-" + p.ID)
		switch {
		case err != nil:
			return failingReader{err}
		case ok:
			return writing.ModelReader{Model: m}
		}
		return writing.OfflineReader{Critics: critics}
	}
	if _, _, err := model("reader"); err != nil {
		return nil, "", err
	}
	if o.Providers.Offline("reader") {
		used = append(used, "readers: offline")
	} else {
		used = append(used, "readers: "+o.Providers.Choice("reader").Provider)
	}
	return e, strings.Join(used, ", "), nil
}

// failingReader is the reader of a persona whose provider cannot be
// made (a missing key): every call fails with why, and the run stops, to
// be resumed once the configuration is fixed.
type failingReader struct{ err error }

func (r failingReader) Read(context.Context, writing.ReadTask) (writing.Feedback, agent.Usage, error) {
	return writing.Feedback{}, agent.Usage{}, r.err
}

func (r failingReader) Compare(context.Context, writing.CompareTask) (writing.Preference, agent.Usage, error) {
	return writing.Preference{}, agent.Usage{}, r.err
}

// asker returns the gate -gate names and its mode; the demo's default is
// auto, which there takes the answers file's answers first.
func (o *options) asker(demo bool) (loop.Asker, termgate.Mode, error) {
	dir := filepath.Join(o.story, writing.RunDir, fmt.Sprintf("episode-%02d", o.episode))
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
		return newDemoAsker(dir, o.Stderr), mode, nil
	}
	return g, mode, nil
}

// export writes the polish step's fixes in the saved episode in export
// format f, for CI: an applied fix pointed at by its new text, one not
// applied by its quote.
func (o *options) export(w io.Writer, f string, res *writing.Outcome) error {
	var settled []outformat.Settled
	for i, p := range res.Polish {
		fd := finding.Finding{ID: fmt.Sprintf("P%03d", i+1), File: filepath.ToSlash(res.File), Category: "polish", Issue: p.Issue,
			Fix: p.Fix, Quotes: []string{p.Quote}, Severity: finding.Low, Confidence: 80}
		st := finding.Open
		if p.Applied {
			st, fd.Quotes = finding.Applied, []string{p.Fix}
		}
		settled = append(settled, outformat.Settled{Finding: fd, Reviewer: p.From, Status: st, Reason: p.Note})
	}
	return outformat.ExportFindings(w, f, o.Name, o.story, settled)
}
