package main

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/kaigi-dev/kaigi/examples/internal/cli"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/multishot"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// sample is the bundled change: sample/base is the first commit,
// sample/change the working tree after it (every name carries ".sample",
// so that the go command does not build the sample's Go files as part of
// kaigi), and sample/deleted lists the files the change removes.
//
//go:embed sample
var sample embed.FS

// demoTask is the "original request" of the bundled change.
const demoTask = "Log each cart line while the total is computed, add a test, and document the cart in English and Japanese."

// buildDemo makes the sample repository in a new temporary folder and
// returns it. The caller removes it.
func buildDemo(ctx context.Context) (string, error) {
	dir, err := os.MkdirTemp("", "multi-shot-review-")
	if err != nil {
		return "", err
	}
	git := func(args ...string) error {
		cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir, "-c", "user.name=kaigi demo", "-c", "user.email=demo@example.com", "-c", "commit.gpgsign=false"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, out)
		}
		return nil
	}
	fail := func(err error) (string, error) {
		os.RemoveAll(dir)
		return "", err
	}
	if err := git("init", "-q"); err != nil {
		return fail(err)
	}
	if err := copyTree("sample/base", dir); err != nil {
		return fail(err)
	}
	if err := git("add", "-A"); err != nil {
		return fail(err)
	}
	if err := git("commit", "-q", "-m", "shop: the cart"); err != nil {
		return fail(err)
	}
	if err := copyTree("sample/change", dir); err != nil {
		return fail(err)
	}
	gone, err := sample.ReadFile("sample/deleted.sample")
	if err != nil {
		return fail(err)
	}
	for _, name := range strings.Fields(string(gone)) {
		if err := os.Remove(filepath.Join(dir, filepath.FromSlash(name))); err != nil {
			return fail(err)
		}
	}
	// A binary file, skipped with a note.
	if err := os.WriteFile(filepath.Join(dir, "docs", "logo.png"), []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), 0o644); err != nil {
		return fail(err)
	}
	return dir, nil
}

// copyTree copies the embedded folder from into dir, without the
// ".sample" suffix.
func copyTree(from, dir string) error {
	return fs.WalkDir(sample, from, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := sample.ReadFile(p)
		if err != nil {
			return err
		}
		rel := strings.TrimSuffix(strings.TrimPrefix(p, from+"/"), ".sample")
		dst := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
}

// demoAsker stands in for the person triaging the demo: it fixes the
// go vet finding in the working tree itself (as a developer would) and
// answers "fixed"; every other question gets the automatic answer (a
// finding's own fix, else ignore).
type demoAsker struct{ repo string }

func (d demoAsker) Ask(ctx context.Context, q loop.Question) (loop.Answer, error) {
	if strings.Contains(q.Prompt, "cart/cart.go") && strings.Contains(q.Prompt, "Printf format %d has arg it.Name") {
		p := filepath.Join(d.repo, "cart", "cart.go")
		data, err := os.ReadFile(p)
		if err != nil {
			return loop.Answer{}, err
		}
		fixed := strings.Replace(string(data), `fmt.Printf("%d x %d\n", it.Name, it.Qty)`, `fmt.Printf("%s x %d\n", it.Name, it.Qty)`, 1)
		if err := os.WriteFile(p, []byte(fixed), 0o644); err != nil {
			return loop.Answer{}, err
		}
		return loop.Answer{Key: q.Key, Choice: "fixed", Text: "demo: the verb is %s now"}, nil
	}
	return loop.AutoAsker{}.Ask(ctx, q)
}

// demoRules returns what the demo's offline reviewer runs when -rules is
// not given: every rule, as the bundled change is written to give each
// slice findings (the default rules find little in it).
func demoRules() []string { return []string{offline.SetAll} }

// demoDirectives are the demo user's extra instructions, given to the
// classifier verbatim (and so to every slice's reviewers).
const demoDirectives = "Report what the change introduced, not what was there before.\nカートの日本語の説明も確認してください。"

// demo runs the demo: the bundled change in a temporary repository, its
// session, then the follow-ups of a finished session (demoFollowUps).
func (o *options) demo(ctx context.Context, l *multishot.Loop, d loop.Driver) (int, error) {
	repo, err := buildDemo(ctx)
	if err != nil {
		return cli.ExitError, err
	}
	keep := o.keep
	defer func() {
		if !keep {
			os.RemoveAll(repo)
		}
	}()
	args := multishot.Args{Kind: multishot.Uncommitted, Task: demoTask, Dir: ".git/multishot/session", Memory: ".git/multishot/rejections.json", Gate: loop.GateOwn}
	session, memory := filepath.Join(repo, ".git", "multishot", "session"), filepath.Join(repo, ".git", "multishot", "rejections.json")
	o.repo, o.dir = repo, session // the file gate's questions and answers are the demo session's
	l.Asker = demoAsker{repo: repo}
	if o.gate != "" {
		if l.Asker, err = o.asker(cli.Terminal(o.Stdin), o.Stdin, o.Stdout); err != nil {
			return cli.ExitError, err
		}
	}
	if !o.FlagSet("max-passes") {
		l.MaxPasses = 1 // so that the demo's first wave ends its window and the judge shows
	}
	gone := "removed when the demo ends; -keep keeps them"
	if keep {
		gone = "kept"
	}
	info := o.Info()
	fmt.Fprintf(info, "Demo: the bundled sample change in a temporary repository, %s.\nrepository: %s\nsession: %s\n(%s)\n", o.Providers, repo, session, gone)
	// A person reads the first run's summary in full, then the follow-ups;
	// a program gets the session's summary at its end.
	return o.Drive(ctx, cli.DriverRun{
		Driver: d, Dir: repo, Args: args, ResumeOnly: true,
		Text: cli.Show(func(w io.Writer, out *multishot.Outcome) { out.WriteText(w) }),
		Waiting: func(io.Writer, loop.Stop) {
			keep = true
			fmt.Fprintf(info, "Waiting for answers: fill in %s, then go on with\n  multi-shot-review -repo %s -dir %s -memory %s -gate file -resume\n(the repository and session are kept; remove %s when done)\n",
				filepath.Join(session, "answers.json"), repo, session, memory, repo)
		},
		Next: func(loop.Stop) (*cli.DriverRun, error) { return o.demoFollowUps(d, repo, args), nil },
	})
}

// demoFollowUps returns the follow-ups of a finished session, each run
// after the one before it: a slice added with its own shot count and
// harness, a new classification refused while slices are active, then
// every slice removed by the user's words and the change classified anew,
// whose Summary is the demo's output for a program.
func (o *options) demoFollowUps(d loop.Driver, repo string, args multishot.Args) *cli.DriverRun {
	info, dir := o.Info(), filepath.Join(repo, filepath.FromSlash(args.Dir))
	// follow is the run of a follow-up, which says what it does first; a
	// person has read the session's summary already.
	follow := func(say string, f multishot.FollowUp, dirs ...multishot.Directive) *cli.DriverRun {
		args := args
		args.FollowUp, args.Directives = f, dirs
		said := loop.DriverFunc(func(ctx context.Context, root string, raw json.RawMessage, resume bool) (loop.Stop, error) {
			fmt.Fprint(info, say)
			return d.Run(ctx, root, raw, resume)
		})
		return &cli.DriverRun{Driver: said, Dir: repo, Args: args, ResumeOnly: true, Text: func(io.Writer, loop.Stop) {},
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
		refused := follow("\nFollow-up: a new classification is refused while slices are active:\n", multishot.FollowReclassify)
		refused.Failure = func(loop.Stop) error { return errors.New("it was not refused") }
		refused.Failed = func(err error) (int, error) {
			if !errors.Is(err, multishot.ErrActiveSlices) {
				return cli.ExitError, fmt.Errorf("demo: a reclassification over active slices: %w", err)
			}
			fmt.Fprintf(info, "  %v\n", err)
			return cli.ExitOK, nil
		}
		refused.Next = func(loop.Stop) (*cli.DriverRun, error) {
			again := follow("Follow-up: the user removes every slice and the change is classified again\n", multishot.FollowReclassify,
				multishot.Remove("Start over: cut the change again.", sum.Active()...)...)
			again.Report = cli.Show(func(w io.Writer, sum *multishot.Summary) {
				fmt.Fprintf(w, "%s; classifier log: %s\n", sum.Status(), multishot.ClassifierLog(dir, 3))
				fmt.Fprintf(w, "out records with findings (each shot's Markdown in %s):\n", filepath.Join(dir, "logs"))
				sum.WriteOutText(w)
			})
			again.Result = cli.Decode[*multishot.Outcome]()
			again.Quiet = true
			return again, nil
		}
		return refused, nil
	}
	return added
}
