package temporal

import (
	"context"
	"encoding/json"
	"fmt"

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
		r, err := newReviewRun("goldfish", dir, args.Dir, goldfish.DefaultDir, args.Gate, args.Document)
		if err != nil {
			return Stop{}, err
		}
		l, err := configure(args)
		if err != nil {
			return Stop{}, err
		}
		l.Dir = r.local(r.run)
		l.Gate, l.Asker = loop.AutoGate{}, loop.AutoAsker{}
		decisions := r.decisions("decisions.json")
		if r.fileGate {
			l.Gate, l.Asker = loop.FileGate{Path: r.local(decisions)}, loop.FileAsker{Dir: l.Dir}
		}
		start := l.Run
		if resume {
			start = l.Resume
		}
		out, err := start(ctx, r.local(args.Document))
		if out == nil {
			return Stop{}, err
		}
		return r.stop(out.Outcome, err, decisions)
	})
}
