package multishot

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/loop"
)

// DefaultDriverDir is a Driver's session folder, relative to its folder,
// when Args.Dir is empty.
const DefaultDriverDir = ".multishot/session"

// Args are a multi-shot review's arguments as a loop.Driver takes them.
// Its paths are slash-separated and relative to the Driver's folder.
type Args struct {
	// Repo is a folder inside the repository; "" means the Driver's
	// folder. Kind, Ref and MaxFileSize are Target's.
	Repo        string     `json:"repo,omitempty"`
	Kind        TargetKind `json:"kind"`
	Ref         string     `json:"ref,omitempty"`
	MaxFileSize int64      `json:"max_file_size,omitempty"`
	// Task is the original request every reviewer reads. Required to
	// start a session.
	Task string `json:"task"`
	// Dir is the session folder; "" means DefaultDriverDir.
	Dir string `json:"dir,omitempty"`
	// Memory is the rejection memory file (Loop.Memory); "" means none.
	Memory string `json:"memory,omitempty"`
	// Gate is loop.GateFile (the default: the triage's questions stop the
	// run, waiting for the session's answers.json), loop.GateAuto
	// (loop.AutoAsker) or loop.GateOwn (the Loop's own Asker).
	Gate loop.DriverGate `json:"gate,omitempty"`
	// FollowUp, on a start, runs a follow-up wave on the finished session
	// instead of a new session: Continue (with Directives) or Reclassify
	// (Directives remove every slice first); "" starts a new session.
	FollowUp FollowUp `json:"follow_up,omitempty"`
	// Directives are the follow-up's slice changes, the user's words in
	// each.
	Directives []Directive `json:"directives,omitempty"`
	// Settings are the configuring program's own, handed to configure.
	Settings json.RawMessage `json:"settings,omitempty"`
}

// FollowUp names a follow-up wave of a finished session (Args.FollowUp).
type FollowUp string

// The follow-ups: Loop.Continue and Loop.Reclassify.
const (
	FollowContinue   FollowUp = "continue"
	FollowReclassify FollowUp = "reclassify"
)

// The stop reasons of a Driver's session.
const (
	Done      = "done"      // Summary.OK with nothing remaining
	Remaining = "remaining" // findings open, or a slice not done
)

// NewDriver returns the multi-shot review as a loop.Driver. configure
// returns the loop for a run's arguments (its Reviewer, Classifier, Judge,
// Fixer, Mode, …) and must return the same loop for the same arguments on
// every execution; the Driver sets Dir and Memory, and Asker from args
// (but for loop.GateOwn, configure's own). A start runs a new session over the
// change args name, or the follow-up args.FollowUp names on the finished
// one; a resume goes on with the session's (Loop.Resume). The Stop's
// Reason is Done or Remaining, its Artifacts the session's summary.md and
// summary.json, its Result the *Summary.
func NewDriver(configure func(args Args) (*Loop, error)) loop.Driver {
	return loop.DriverFunc(func(ctx context.Context, dir string, raw json.RawMessage, resume bool) (loop.Stop, error) {
		args, err := loop.DriverArgs[Args]("multishot", raw)
		if err != nil {
			return loop.Stop{}, err
		}
		session := cmp.Or(args.Dir, DefaultDriverDir)
		local, err := loop.DriverPaths(dir, session, cmp.Or(args.Repo, "."), cmp.Or(args.Memory, "."))
		if err != nil {
			return loop.Stop{}, err
		}
		l, err := configure(args)
		if err != nil {
			return loop.Stop{}, err
		}
		if err := args.Gate.SetAsker(&l.Asker, local[0]); err != nil {
			return loop.Stop{}, err
		}
		l.Dir, l.Memory = local[0], ""
		if args.Memory != "" {
			l.Memory = local[2]
		}
		var sum *Summary
		switch {
		case resume:
			sum, err = l.Resume(ctx)
		case args.FollowUp == FollowContinue:
			sum, err = l.Continue(ctx, args.Directives...)
		case args.FollowUp == FollowReclassify:
			sum, err = l.Reclassify(ctx, args.Directives...)
		case args.FollowUp != "":
			return loop.Stop{}, fmt.Errorf("multishot arguments: follow-up %q: want %s or %s", args.FollowUp, FollowContinue, FollowReclassify)
		default:
			sum, err = l.Run(ctx, Target{Repo: local[1], Kind: args.Kind, Ref: args.Ref, MaxFileSize: args.MaxFileSize}, args.Task)
		}
		switch {
		case errors.Is(err, loop.ErrWaiting):
			return loop.Stop{Reason: string(loop.AwaitingDecisions), Text: "waiting for the triage's answers",
				Question: path.Join(session, loop.QuestionsFile), Answer: path.Join(session, loop.AnswersFile)}, nil
		case err != nil:
			return loop.Stop{}, err
		}
		stop := loop.Stop{Reason: Remaining, Usage: sum.Usage,
			Text:      fmt.Sprintf("%d finding(s) of %d open", sum.Remaining, len(sum.Findings)),
			Artifacts: loop.DriverArtifacts(dir, filepath.Join(l.Dir, "summary.md"), filepath.Join(l.Dir, "summary.json"))}
		if sum.OK && sum.Remaining == 0 {
			stop.Reason = Done
		}
		stop.Result, err = json.Marshal(sum)
		return stop, err
	})
}
