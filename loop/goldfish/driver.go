package goldfish

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// Args are the Goldfish review loop's arguments as a loop.Driver takes
// them. Its paths are slash-separated and relative to the Driver's folder.
type Args struct {
	// Document is the file under review. Required.
	Document string `json:"document"`
	// Dir is the run folder; "" means DefaultDir.
	Dir string `json:"dir,omitempty"`
	// Gate is loop.GateFile (the default: the round's choice, the turn
	// boundary and the findings' gate are questions the run stops at),
	// loop.GateAuto (loop.AutoAsker and rounds.AutoGate) or loop.GateOwn
	// (the Loop's own Asker and Gate).
	Gate loop.DriverGate `json:"gate,omitempty"`
	// Settings are the configuring program's own, handed to configure.
	Settings json.RawMessage `json:"settings,omitempty"`
}

// driverDecisions is the findings' gate's decisions file in a Driver's
// run folder.
const driverDecisions = "decisions.json"

// NewDriver returns the Goldfish review loop as a loop.Driver. configure
// returns the loop for a run's arguments (its Reviewers, Resolver,
// Target, …) and must return the same loop for the same arguments on
// every execution; the Driver sets Dir, and Gate and Asker from args
// (but for loop.GateOwn, configure's own). A
// waiting run's answer goes to the asker's answers.json or, when the
// findings' gate waits (the round's pending.json), to driverDecisions.
// The Stop's Artifacts lead with the latest goldfish_review_report.md;
// its Result is the run's *Outcome.
func NewDriver(configure func(args Args) (*Loop, error)) loop.Driver {
	return loop.DriverFunc(func(ctx context.Context, dir string, raw json.RawMessage, resume bool) (loop.Stop, error) {
		args, err := loop.DriverArgs[Args]("goldfish", raw)
		if err != nil {
			return loop.Stop{}, err
		}
		if args.Document == "" {
			return loop.Stop{}, errors.New("goldfish arguments: no document")
		}
		l, f, err := rounds.Configure(dir, args.Gate, cmp.Or(args.Dir, DefaultDir), driverDecisions, []string{args.Document},
			func() (*Loop, error) { return configure(args) },
			func(l *Loop) rounds.DriverLoop { return rounds.DriverLoop{Dir: &l.Dir, Gate: &l.Gate, Asker: &l.Asker} })
		if err != nil {
			return loop.Stop{}, err
		}
		start := l.Run
		if resume {
			start = l.Resume
		}
		out, err := start(ctx, f.Docs[0])
		if out == nil {
			return loop.Stop{}, err
		}
		stop, err := f.Stop(out.Outcome, err)
		if err == nil {
			stop.Text = cmp.Or(out.Stop, stop.Text)
			stop.Artifacts = append(loop.DriverArtifacts(dir, out.ReportFile), stop.Artifacts...)
			stop.Result, err = json.Marshal(out)
		}
		return stop, err
	})
}
