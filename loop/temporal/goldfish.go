package temporal

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/goldfish"
)

// GoldfishArgs are the Goldfish review loop's arguments in Input.Args.
type GoldfishArgs struct {
	// Document is the workspace path of the file under review. Required.
	Document string `json:"document"`
	// Dir is the run folder's workspace path; "" means goldfish.DefaultDir.
	Dir string `json:"dir,omitempty"`
	// Gate is "file" (the default: the round's choice, the turn boundary
	// and the findings' gate are questions the workflow waits on) or
	// "auto" (loop.AutoAsker and loop.AutoGate).
	Gate string `json:"gate,omitempty"`
	// Settings are the configuring program's own, handed to configure.
	Settings json.RawMessage `json:"settings,omitempty"`
}

// Goldfish returns the Goldfish review loop as a Driver. configure returns
// the loop for a run's arguments (its Reviewers, Resolver, Target, …); the
// Driver sets Dir, Gate and Asker from args. When the loop waits, the
// answer goes to the asker's answers.json, or, when the findings' gate
// waits (the round's pending.json), to decisions.json.
func Goldfish(configure func(args GoldfishArgs) (*goldfish.Loop, error)) Driver {
	return DriverFunc(func(ctx context.Context, dir string, raw json.RawMessage, resume bool) (Stop, error) {
		var args GoldfishArgs
		if err := json.Unmarshal(raw, &args); err != nil {
			return Stop{}, fmt.Errorf("goldfish arguments: %w", err)
		}
		run := cmpOr(args.Dir, goldfish.DefaultDir)
		for _, p := range []string{args.Document, run} {
			if err := checkPath(p); err != nil {
				return Stop{}, fmt.Errorf("goldfish arguments: %w", err)
			}
		}
		l, err := configure(args)
		if err != nil {
			return Stop{}, err
		}
		local := func(p string) string { return filepath.Join(dir, filepath.FromSlash(p)) }
		l.Dir = local(run)
		switch args.Gate {
		case "", "file":
			l.Gate, l.Asker = loop.FileGate{Path: local(path.Join(run, "decisions.json"))}, loop.FileAsker{Dir: l.Dir}
		case "auto":
			l.Gate, l.Asker = loop.AutoGate{}, loop.AutoAsker{}
		default:
			return Stop{}, fmt.Errorf("goldfish arguments: gate %q: want file or auto", args.Gate)
		}
		start := l.Run
		if resume {
			start = l.Resume
		}
		out, err := start(ctx, local(args.Document))
		if out == nil || (err != nil && !errors.Is(err, loop.ErrNotConverged)) {
			return Stop{}, err
		}
		stop := Stop{Reason: string(out.Reason)}
		if out.Reason == loop.AwaitingDecisions {
			pending := path.Join(run, fmt.Sprintf("round-%d", out.Rounds), "pending.json")
			if _, err := os.Stat(local(pending)); err == nil {
				stop.Question, stop.Answer = pending, path.Join(run, "decisions.json")
			} else {
				stop.Question, stop.Answer = path.Join(run, loop.QuestionsFile), path.Join(run, loop.AnswersFile)
			}
		}
		return stop, nil
	})
}
