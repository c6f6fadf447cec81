package main

import (
	"context"
	"errors"
	"fmt"
	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/examples/internal/cli"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/multishot"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// directives are the explicit slice changes of the flags: the removals
// (-remove-slice, comma-separated) first, then the addition.
func (o *options) directives() ([]multishot.Directive, error) {
	if o.addSlice == "" && o.removeSlice == "" {
		return nil, nil
	}
	words := o.directive
	if o.directiveFile != "" {
		data, err := os.ReadFile(o.directiveFile)
		if err != nil {
			return nil, err
		}
		words = string(data)
	}
	var dirs []multishot.Directive
	if o.removeSlice != "" {
		for name := range strings.SplitSeq(o.removeSlice, ",") {
			dirs = append(dirs, multishot.Directive{Op: multishot.RemoveSlice, Slice: multishot.Slice{Name: strings.TrimSpace(name)}, Words: words})
		}
	}
	if o.addSlice != "" {
		if o.sliceShots < 0 {
			return nil, fmt.Errorf("-slice-shots %d: want 0 (the session's default) or more", o.sliceShots)
		}
		prompt, err := os.ReadFile(o.slicePrompt)
		if err != nil {
			return nil, fmt.Errorf("-slice-prompt-file: %w", err)
		}
		sl := multishot.Slice{Name: o.addSlice, Prompt: string(prompt), Files: strings.Split(o.sliceFiles, ","), Shots: o.sliceShots, Harness: o.harness}
		dirs = append(dirs, multishot.Directive{Op: multishot.AddSlice, Slice: sl, Words: words})
	}
	return dirs, nil
}

// classifierInputs reads -user-directives-file and -executor-context-file
// (verbatim, under -max-size) into the Loop; the demo gives its bundled
// directives when no file is named.
func (o *options) classifierInputs(l *multishot.Loop, stdin io.Reader, demo bool) error {
	if o.userDirectivesFile != "" {
		data, err := readTask(o.userDirectivesFile, stdin, int64(*o.MaxSize))
		if err != nil {
			return fmt.Errorf("-user-directives-file: %w", err)
		}
		l.UserDirectives = string(data)
	} else if demo {
		l.UserDirectives = demoDirectives
	}
	if o.contextFile != "" {
		data, err := readTask(o.contextFile, stdin, int64(*o.MaxSize))
		if err != nil {
			return fmt.Errorf("-executor-context-file: %w", err)
		}
		l.ExecutorContext = string(data)
	}
	return nil
}

// reviewer returns the reviewer of a provider profile: the offline
// reviewers, or a model's.
func (o *options) reviewer(profile string, rules []string) (multishot.Reviewer, error) {
	return cli.Role[multishot.Reviewer](o.Providers, profile, multishot.OfflineReviewer{Prose: offline.Editorial(offline.Config{Enabled: rules})}, func(p agent.Provider, model string) multishot.Reviewer {
		return &multishot.LLMReviewer{Provider: p, Model: model}
	})
}

// harnessReviewer resolves a slice's -slice-harness: "offline", "reviewer"
// (the reviewer's profile) or a -reviewer-model name; any other name is
// refused, as it would silently run on the default.
func (o *options) harnessReviewer(name string, rules []string) (multishot.Reviewer, error) {
	switch _, named := o.Providers.Reviewers[name]; {
	case name == "offline":
		return multishot.OfflineReviewer{Prose: offline.Editorial(offline.Config{Enabled: rules})}, nil
	case name == "reviewer" || named:
		return o.reviewer(name, rules)
	}
	return nil, fmt.Errorf("unknown harness %q: want offline, reviewer or a -reviewer-model name", name)
}

// demoDirectives are the demo user's extra instructions, given to the
// classifier verbatim (and so to every slice's reviewers).
const demoDirectives = "Report what the change introduced, not what was there before.\nカートの日本語の説明も確認してください。"

// demoFollowUps shows the follow-ups of a finished session: a slice added
// with its own shot count and harness, then every slice removed by the
// user's words and the change classified anew.
func (o *options) demoFollowUps(ctx context.Context, d loop.Driver, repo string, args multishot.Args, w io.Writer, shown *liveEvents) (*multishot.Summary, error) {
	dir := filepath.Join(repo, filepath.FromSlash(args.Dir))
	follow := func(f multishot.FollowUp, dirs ...multishot.Directive) (*multishot.Summary, error) {
		shown.next()
		args.FollowUp, args.Directives = f, dirs
		sum, stop, err := summary(d.Run(ctx, repo, mustJSON(args), false))
		if err == nil && stop.Waiting() {
			err = fmt.Errorf("demo: the follow-up waits for %s", stop.Answer)
		}
		return sum, err
	}
	fmt.Fprintf(w, "\nclassifier log: %s (what it was given, the user's directives among them, and answered)\n", multishot.ClassifierLog(dir, 1))
	fmt.Fprintf(w, "\nFollow-up: the user asks for a slice of the Japanese usage page, three shots, on the offline harness\n")
	add := multishot.Slice{Name: "docs-ja", Prompt: "Read the Japanese usage page as a native reader would.", Files: []string{"docs/usage-ja.md"},
		Shots: 3, Harness: "offline"}
	sum, err := follow(multishot.FollowContinue, multishot.Directive{Op: multishot.AddSlice, Slice: add, Words: "日本語の使い方のページだけを 3 ショットで見てください。"})
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(w, "ok=%t remaining=%d waves=%d\n", sum.OK, sum.Remaining, len(sum.Waves))
	var dirs []multishot.Directive
	for _, sl := range sum.Slices {
		if sl.Status != multishot.Removed {
			dirs = append(dirs, multishot.Directive{Op: multishot.RemoveSlice, Slice: multishot.Slice{Name: sl.Name}, Words: "Start over: cut the change again."})
		}
	}
	fmt.Fprintf(w, "\nFollow-up: a new classification is refused while slices are active:\n")
	if _, err := follow(multishot.FollowReclassify); !errors.Is(err, multishot.ErrActiveSlices) {
		return nil, fmt.Errorf("demo: a reclassification over active slices: %w", err)
	} else {
		fmt.Fprintf(w, "  %v\n", err)
	}
	fmt.Fprintf(w, "Follow-up: the user removes every slice and the change is classified again\n")
	if sum, err = follow(multishot.FollowReclassify, dirs...); err != nil {
		return nil, err
	}
	fmt.Fprintf(w, "ok=%t remaining=%d waves=%d; classifier log: %s\n", sum.OK, sum.Remaining, len(sum.Waves), multishot.ClassifierLog(dir, 3))
	fmt.Fprintf(w, "out records with findings (each shot's Markdown in %s):\n", filepath.Join(dir, "logs"))
	for _, rec := range sum.Out {
		if len(rec.IDs) > 0 {
			fmt.Fprintf(w, "  out: {s:%s p:%d sh:%d f:%s ids:%v st:%s final:%t}\n", rec.Slice, rec.Pass, rec.Shot, rec.File, rec.IDs, rec.Status, rec.Final)
		}
	}
	return sum, nil
}

// liveEvents passes on the events of one execution that its replay of
// the session's earlier ones did not repeat: a follow-up replays the
// session from its start, with the same events in the same order.
type liveEvents struct {
	out        func(multishot.Event)
	seen, skip int
}

func (f *liveEvents) event(e multishot.Event) {
	f.seen++
	if f.seen > f.skip {
		f.out(e)
	}
}

// next starts another execution of the session.
func (f *liveEvents) next() { f.skip, f.seen = f.seen, 0 }
