package writing

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/loop"
)

// Args are the write-episode loop's arguments as a loop.Driver takes
// them.
type Args struct {
	// Episode is the episode to write, from 1. Required.
	Episode int `json:"episode"`
	// Gate is loop.GateFile (the default: a question stops the run,
	// waiting for the answers file in the episode's run folder),
	// loop.GateAuto (loop.AutoAsker: every question's default) or
	// loop.GateOwn (the Episode's own Asker).
	Gate loop.DriverGate `json:"gate,omitempty"`
	// Settings are the configuring program's own (which models), handed
	// to configure as they are.
	Settings json.RawMessage `json:"settings,omitempty"`
}

// NotSaved is a Driver's stop reason for an episode the human declined to
// save (ErrNotSaved).
const NotSaved = "not-saved"

// NewDriver returns the write-episode loop as a loop.Driver over the
// project in its folder. configure returns the episode for a run's
// arguments (its Author, Critic, Readers, MaxRevisions) and must return the
// same one for the same arguments on every execution; the Driver sets Dir
// and Number, and Asker from args (but for loop.GateOwn, configure's own). A start (resume false) starts the episode or
// goes on with its unfinished run, as Write does; a resume of an episode
// never started is loop.ErrNotStarted. A finished episode's Driver returns
// its journaled Outcome's stop again. The Stop's Reason is the judgment
// (PASS, PASS_WITH_POLISH, FORCE_PASS) or NotSaved (its Text the error
// saying why), its Artifacts the saved episode, its Outcome the *Outcome; a
// question waits with the run folder's questions.json and answers.json,
// the Text saying which. The error of a run that has started (its journal
// exists) says that it resumes when run again, but for ErrNotInArc; one
// refused before it started (a bad input, see Write) leaves nothing to
// resume.
func NewDriver(configure func(args Args) (*Episode, error)) loop.Driver {
	return loop.DriverFunc(func(ctx context.Context, dir string, raw json.RawMessage, resume bool) (loop.Stop, error) {
		args, err := loop.DriverArgs[Args]("writing", raw)
		if err != nil {
			return loop.Stop{}, err
		}
		if args.Episode < 1 {
			return loop.Stop{}, fmt.Errorf("writing arguments: episode %d: want 1 or more", args.Episode)
		}
		e, err := configure(args)
		if err != nil {
			return loop.Stop{}, err
		}
		e.Dir, e.Number, e.resume = dir, args.Episode, resume
		if err := args.Gate.SetAsker(&e.Asker, e.runDir()); err != nil {
			return loop.Stop{}, err
		}
		run := RunFolder(e.Number)
		res, err := e.Write(ctx)
		switch {
		case errors.Is(err, loop.ErrWaiting):
			return loop.Stop{Reason: string(loop.AwaitingDecisions), Text: err.Error(),
				Question: path.Join(run, loop.QuestionsFile), Answer: path.Join(run, loop.AnswersFile)}, nil
		case res == nil && e.journaled() && !errors.Is(err, ErrNotInArc):
			return loop.Stop{}, fmt.Errorf("%w (run the same command again to resume)", err)
		case res == nil || (err != nil && !errors.Is(err, ErrNotSaved)):
			return loop.Stop{}, err
		}
		stop := loop.Stop{Reason: string(res.Judgment.Grade), Usage: res.Usage,
			Text: fmt.Sprintf("episode %d %q saved as %s; the arc reviewer's verdict: %s", res.Episode, res.Title, res.File, res.Verdict)}
		if !res.Saved {
			stop.Reason, stop.Text = NotSaved, cmp.Or(err, ErrNotSaved).Error()
		}
		if stop.Result, err = json.Marshal(res); err != nil {
			return loop.Stop{}, err
		}
		if res.File != "" {
			stop.Artifacts = loop.DriverArtifacts(dir, filepath.Join(dir, filepath.FromSlash(res.File)))
		}
		return stop, nil
	})
}

// journaled reports whether the episode has a journal, which a failed
// run is resumed from.
func (e *Episode) journaled() bool {
	_, err := os.Stat(filepath.Join(e.runDir(), loop.JournalName))
	return err == nil
}
