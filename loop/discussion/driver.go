package discussion

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/loop"
)

// Args are a discussion's arguments as a loop.Driver takes them.
type Args struct {
	// Dir is the discussion's folder, slash-separated and relative to the
	// Driver's folder; "" means .discussion/<spec id>.
	Dir string `json:"dir,omitempty"`
	// Settings are the configuring program's own (the spec, which
	// models), handed to configure as they are.
	Settings json.RawMessage `json:"settings,omitempty"`
}

// Verdict is a Driver's stop reason for a discussion that ran to its
// verdict (Outcome.Stopped empty).
const Verdict = "verdict"

// NewDriver returns the discussion review as a loop.Driver. configure
// returns the discussion for a run's arguments (its Spec, Participants and
// Lead) and must return the same one for the same arguments on every
// execution; the Driver sets Root to its folder and Dir from args. The
// Stop's Reason is Outcome.Stopped, or Verdict; its Artifacts are the
// discussion's files (whiteboard.md, verdict.json, summary.md, fanout.md)
// that exist, its Result the *Outcome (see Outcome.Restore);
// a discussion where no reviewer answered is a Stop too, its Reason
// loop.NoReviewerAnswered. A discussion asks nobody: it never waits.
func NewDriver(configure func(args Args) (*Discussion, error)) loop.Driver {
	return loop.DriverFunc(func(ctx context.Context, dir string, raw json.RawMessage, resume bool) (loop.Stop, error) {
		args, err := loop.DriverArgs[Args]("discussion", raw)
		if err != nil {
			return loop.Stop{}, err
		}
		d, err := configure(args)
		if err != nil {
			return loop.Stop{}, err
		}
		d.Root, d.Dir = dir, ""
		if args.Dir != "" {
			local, err := loop.DriverPaths(dir, args.Dir)
			if err != nil {
				return loop.Stop{}, err
			}
			d.Dir = local[0]
		}
		run := d.Run
		if resume {
			run = d.Resume
		}
		o, err := run(ctx)
		if err != nil && (o == nil || o.Stopped != loop.NoReviewerAnswered) {
			return loop.Stop{}, err
		}
		stop := loop.Stop{Reason: cmp.Or(string(o.Stopped), Verdict), Usage: o.Usage, Text: driverText(o)}
		if stop.Result, err = json.Marshal(o); err != nil {
			return loop.Stop{}, err
		}
		for _, name := range []string{WhiteboardFile, VerdictFile, SummaryFile, FanOutFile} {
			stop.Artifacts = append(stop.Artifacts, loop.DriverArtifacts(dir, filepath.Join(o.Dir, name))...)
		}
		return stop, nil
	})
}

// driverText says how a discussion ended, for people.
func driverText(o *Outcome) string {
	switch {
	case o.NoAnswer != "":
		return o.NoAnswer
	case o.Fallback != "":
		return fmt.Sprintf("fell back to a fan-out after %d round(s): %s", o.Rounds, o.Fallback)
	case o.Stopped != "":
		return fmt.Sprintf("%s after %d round(s)", o.Stopped.Describe(), o.Rounds)
	}
	return fmt.Sprintf("a verdict after %d round(s)", o.Rounds)
}
