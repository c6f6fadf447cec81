package temporal

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/loop"
)

// reviewRun is what the review loops' Drivers (Editorial, Goldfish) share:
// the workspace, the run folder's workspace path, and whether the gate is
// the file gate.
type reviewRun struct {
	dir, run string
	fileGate bool
}

// newReviewRun checks a review loop's arguments: the run folder (def when
// run is empty), the documents' paths, and the gate ("" or "file", or
// "auto"); what names the loop in errors.
func newReviewRun(what, dir, run, def, gate string, docs ...string) (reviewRun, error) {
	r := reviewRun{dir: dir, run: cmpOr(run, def)}
	for _, p := range append([]string{r.run}, docs...) {
		if err := checkPath(p); err != nil {
			return r, fmt.Errorf("%s arguments: %w", what, err)
		}
	}
	switch gate {
	case "", "file":
		r.fileGate = true
	case "auto":
	default:
		return r, fmt.Errorf("%s arguments: gate %q: want file or auto", what, gate)
	}
	return r, nil
}

// local returns a workspace path on disk.
func (r reviewRun) local(p string) string { return filepath.Join(r.dir, filepath.FromSlash(p)) }

// decisions is the workspace path of the run's decisions file.
func (r reviewRun) decisions(name string) string { return path.Join(r.run, name) }

// stop turns how a loop's run ended into a Stop: loop.ErrNotConverged is
// a stop, not an error; a run that waits asks either the findings of its
// last round's pending.json (answered in the decisions file decisions) or,
// when there is none, the asker's questions.json (answered in
// answers.json).
func (r reviewRun) stop(out *loop.Outcome, err error, decisions string) (Stop, error) {
	if out == nil || (err != nil && !errors.Is(err, loop.ErrNotConverged)) {
		return Stop{}, err
	}
	stop := Stop{Reason: string(out.Reason)}
	if out.Reason == loop.AwaitingDecisions {
		pending := path.Join(r.run, fmt.Sprintf("round-%d", out.Rounds), "pending.json")
		if _, err := os.Stat(r.local(pending)); err == nil {
			stop.Question, stop.Answer = pending, decisions
		} else {
			stop.Question, stop.Answer = path.Join(r.run, loop.QuestionsFile), path.Join(r.run, loop.AnswersFile)
		}
	}
	return stop, nil
}
