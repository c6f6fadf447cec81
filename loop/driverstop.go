package loop

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
)

// ReviewStop turns how a round-framework run (OpenRun's drivers) ended
// into a Driver's Stop; run is the run folder and decisions the file
// gate's decisions file, both relative to dir and slash-separated. An
// error matching ErrNotConverged is a stop, not an error. A run that
// waits asks either the findings of its last round's pending.json
// (answered in decisions) or, when there is none, the asker's
// questions.json (answered in answers.json). Artifacts are the run's
// summary and report, those that exist.
func ReviewStop(dir, run, decisions string, o *Outcome, err error) (Stop, error) {
	if o == nil || (err != nil && !errors.Is(err, ErrNotConverged)) {
		return Stop{}, err
	}
	local := func(p string) string { return filepath.Join(dir, filepath.FromSlash(p)) }
	stop := Stop{Reason: string(o.Reason), Text: o.StopText(), Usage: o.Usage}
	stop.Artifacts = DriverArtifacts(dir, local(path.Join(run, "summary.md")), local(path.Join(run, ReportName)))
	if o.Reason == AwaitingDecisions {
		pending := path.Join(run, fmt.Sprintf("round-%d", o.Rounds), "pending.json")
		if _, err := os.Stat(local(pending)); err == nil {
			stop.Question, stop.Answer = pending, decisions
		} else {
			stop.Question, stop.Answer = path.Join(run, QuestionsFile), path.Join(run, AnswersFile)
		}
	}
	return stop, nil
}
