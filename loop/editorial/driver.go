package editorial

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// DefaultDir is the run folder of a Driver's run, relative to its
// folder, when Args.Dir is empty.
const DefaultDir = ".editorial"

// Args are the Editorial Swarm's arguments as a loop.Driver takes them.
// Its paths are slash-separated and relative to the Driver's folder.
type Args struct {
	// Documents are the documents to polish. Required.
	Documents []string `json:"documents"`
	// Dir is the run folder; "" means DefaultDir.
	Dir string `json:"dir,omitempty"`
	// Gate is the gate: loop.GateFile (the default: a question stops the
	// run, waiting for the decisions file), loop.GateAuto (nothing is
	// asked; what the policy does not apply stays open) or loop.GateOwn
	// (the Loop's own Gate).
	Gate loop.DriverGate `json:"gate,omitempty"`
	// Settings are the configuring program's own (which reviewers, which
	// provider), handed to the configure function as they are.
	Settings json.RawMessage `json:"settings,omitempty"`
}

// NewDriver returns the Editorial Swarm as a loop.Driver. configure
// returns the loop for a run's arguments (its Council, Policy,
// MaxRounds, …) and must return the same loop for the same arguments on
// every execution; the Driver sets the loop's Dir, and its Gate from args
// (but for loop.GateOwn, configure's own). A run waiting at the gate stops
// with the round's pending.json as its Question and the decisions file as
// its Answer; the Stop's Result is the run's *Summary (its Outcome, run
// folder and open high findings).
func NewDriver(configure func(args Args) (*Loop, error)) loop.Driver {
	return loop.DriverFunc(func(ctx context.Context, dir string, raw json.RawMessage, resume bool) (loop.Stop, error) {
		args, err := loop.DriverArgs[Args]("editorial", raw)
		if err != nil {
			return loop.Stop{}, err
		}
		if len(args.Documents) == 0 {
			return loop.Stop{}, errors.New("editorial arguments: no documents")
		}
		l, f, err := rounds.Configure(dir, args.Gate, cmp.Or(args.Dir, DefaultDir), DecisionsName, args.Documents,
			func() (*Loop, error) { return configure(args) },
			func(l *Loop) rounds.DriverLoop { return rounds.DriverLoop{Dir: &l.Dir, Gate: &l.Gate} })
		if err != nil {
			return loop.Stop{}, err
		}
		start := l.Run
		if resume {
			start = l.Resume
		}
		out, err := start(ctx, f.Docs...)
		stop, err := f.Stop(out, err)
		if err != nil {
			return stop, err
		}
		stop.Text = Describe(out.Reason) // the Editorial Swarm's words, not the kernel's
		sum, err := summaryOf(out, l.Dir)
		if err != nil {
			return loop.Stop{}, err
		}
		stop.Result, err = json.Marshal(sum)
		return stop, err
	})
}
