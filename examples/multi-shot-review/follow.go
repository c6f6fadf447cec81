package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/examples/internal/cli"
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

// demoFollowUps returns the follow-ups of a finished session, each run
// after the one before it: a slice added with its own shot count and
// harness, a new classification refused while slices are active, then
// every slice removed by the user's words and the change classified anew,
// whose Summary is the demo's output for a program.
func (o *options) demoFollowUps(d loop.Driver, repo string, args multishot.Args, info io.Writer, shown *liveEvents) *cli.DriverRun {
	dir := filepath.Join(repo, filepath.FromSlash(args.Dir))
	// follow is the run of a follow-up, which says what it does first.
	follow := func(say string, f multishot.FollowUp, dirs ...multishot.Directive) *cli.DriverRun {
		args := args
		args.FollowUp, args.Directives = f, dirs
		announced := loop.DriverFunc(func(ctx context.Context, root string, raw json.RawMessage, resume bool) (loop.Stop, error) {
			fmt.Fprint(info, say)
			shown.next()
			return d.Run(ctx, root, raw, resume)
		})
		return &cli.DriverRun{Driver: announced, Dir: repo, Args: args, ResumeOnly: true,
			Text: func(io.Writer, loop.Stop) {}, // a person has read the session's summary already
			Failure: func(s loop.Stop) error {
				if s.Waiting() {
					return fmt.Errorf("demo: the follow-up waits for %s", s.Answer)
				}
				return nil
			},
		}
	}
	add := multishot.Slice{Name: "docs-ja", Prompt: "Read the Japanese usage page as a native reader would.", Files: []string{"docs/usage-ja.md"},
		Shots: 3, Harness: "offline"}
	added := follow(fmt.Sprintf("\nclassifier log: %s (what it was given, the user's directives among them, and answered)\n", multishot.ClassifierLog(dir, 1))+
		"\nFollow-up: the user asks for a slice of the Japanese usage page, three shots, on the offline harness\n",
		multishot.FollowContinue, multishot.Directive{Op: multishot.AddSlice, Slice: add, Words: "日本語の使い方のページだけを 3 ショットで見てください。"})
	added.Report = cli.Show(func(w io.Writer, sum *multishot.Summary) { fmt.Fprintln(w, sum.Status()) })
	added.Next = func(s loop.Stop) (*cli.DriverRun, error) {
		sum, err := cli.Result[*multishot.Summary](s)
		if err != nil {
			return nil, err
		}
		var dirs []multishot.Directive
		for _, sl := range sum.Slices {
			if sl.Status != multishot.Removed {
				dirs = append(dirs, multishot.Directive{Op: multishot.RemoveSlice, Slice: multishot.Slice{Name: sl.Name}, Words: "Start over: cut the change again."})
			}
		}
		refused := follow("\nFollow-up: a new classification is refused while slices are active:\n", multishot.FollowReclassify)
		refused.Failure = func(loop.Stop) error { return errors.New("it was not refused") }
		refused.Failed = func(err error) (int, error) {
			if !errors.Is(err, multishot.ErrActiveSlices) {
				return exitError, fmt.Errorf("demo: a reclassification over active slices: %w", err)
			}
			fmt.Fprintf(info, "  %v\n", err)
			return exitOK, nil
		}
		refused.Next = func(loop.Stop) (*cli.DriverRun, error) {
			again := follow("Follow-up: the user removes every slice and the change is classified again\n", multishot.FollowReclassify, dirs...)
			again.Report = cli.Show(func(w io.Writer, sum *multishot.Summary) {
				fmt.Fprintf(w, "%s; classifier log: %s\n", sum.Status(), multishot.ClassifierLog(dir, 3))
				fmt.Fprintf(w, "out records with findings (each shot's Markdown in %s):\n", filepath.Join(dir, "logs"))
				sum.WriteOutText(w)
			})
			again.Export = exported(o.show(repo, ""))
			again.Code = func(s loop.Stop) (int, error) {
				sum, err := cli.Result[*multishot.Summary](s)
				if err != nil {
					return exitError, err
				}
				return exitCode(sum), nil
			}
			return again, nil
		}
		return refused, nil
	}
	return added
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
