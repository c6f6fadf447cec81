package temporal

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/editorial"
)

// EditorialArgs are the Editorial Swarm's arguments in Input.Args.
type EditorialArgs struct {
	// Documents are the workspace paths (slash-separated) of the
	// documents to polish. Required.
	Documents []string `json:"documents"`
	// Dir is the run folder's workspace path; "" means ".editorial".
	Dir string `json:"dir,omitempty"`
	// Gate is "file" (the default: the workflow waits for an answer, the
	// decisions file) or "auto" (nothing is asked; what the policy does not
	// apply stays open).
	Gate string `json:"gate,omitempty"`
	// Settings are the configuring program's own (which reviewers, which
	// provider), handed to its configure function as they are.
	Settings json.RawMessage `json:"settings,omitempty"`
}

// Editorial returns the Editorial Swarm as a Driver. configure returns the
// loop for a run's arguments (its Council, Policy, MaxRounds, …); the
// Driver sets the loop's Dir and Gate from args, so that the run lives in
// its workspace and a gate's question becomes the workflow's wait.
// configure must return the same loop for the same arguments on every
// worker.
func Editorial(configure func(args EditorialArgs) (*editorial.Loop, error)) Driver {
	return DriverFunc(func(ctx context.Context, dir string, raw json.RawMessage, resume bool) (Stop, error) {
		var args EditorialArgs
		if err := json.Unmarshal(raw, &args); err != nil {
			return Stop{}, fmt.Errorf("editorial arguments: %w", err)
		}
		if len(args.Documents) == 0 {
			return Stop{}, errors.New("editorial arguments: no documents")
		}
		r, err := newReviewRun("editorial", dir, args.Dir, ".editorial", args.Gate, args.Documents...)
		if err != nil {
			return Stop{}, err
		}
		paths := make([]string, len(args.Documents))
		for i, p := range args.Documents {
			paths[i] = r.local(p)
		}
		l, err := configure(args)
		if err != nil {
			return Stop{}, err
		}
		l.Dir, l.Gate = r.local(r.run), loop.AutoGate{}
		decisions := r.decisions(editorial.DecisionsName)
		if r.fileGate {
			l.Gate = loop.FileGate{Path: r.local(decisions)}
		}
		start := l.Run
		if resume {
			start = l.Resume
		}
		out, err := start(ctx, paths...)
		return r.stop(out, err, decisions)
	})
}
