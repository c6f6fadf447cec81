package multishot

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// logsDir is the session's folder of classifier logs.
const logsDir = "_logs"

// ClassifierLog returns the log of a session's n-th episode's
// classification in the session folder dir: what the classifier was given
// and what it answered, or why it failed. A run that ends with no slice
// names it.
func ClassifierLog(dir string, episode int) string {
	return filepath.Join(dir, logsDir, fmt.Sprintf("classifier-%d.log", episode))
}

// classified is a classification's journal record.
type classified struct {
	Slices []Slice     `json:"slices"`
	Usage  agent.Usage `json:"usage"`
}

// classify asks the classifier for the slices of the change (a journal
// step under key, logged in ClassifierLog for episode) and adds them: a
// name of a tombstone revives it as a new definition.
// ErrNoSlices: the classification failed or proposed no slice, so the
// session has nothing to review; the error names the classifier's log
// (ClassifierLog), which says why. The commands exit 2 on it, as the
// original does.
var ErrNoSlices = errors.New("multishot: the classification left no slice to review")

func (s *session) classify(ctx context.Context, key string, episode int) error {
	cls := s.l.Classifier
	if cls == nil {
		cls = OfflineClassifier{}
	}
	reviewed := make([]string, 0, len(s.change.Files))
	for _, f := range s.change.Reviewed() {
		reviewed = append(reviewed, f.Path)
	}
	in := ClassifyInput{Task: s.set.Task, Change: s.change, Policies: s.policies,
		UserDirectives: s.set.UserDirectives, ExecutorContext: s.set.ExecutorContext}
	for _, sl := range s.slices {
		in.Previous = append(in.Previous, *sl)
	}
	logName := ClassifierLog(s.l.Dir, episode)
	out, err := journal.Step(ctx, s.j, key, func(ctx context.Context) (classified, error) {
		sl, u, err := cls.Classify(ctx, in)
		if err == nil {
			err = checkSlices(sl, reviewed)
		}
		s.writeClassifierLog(logName, in, sl, err)
		if err != nil {
			return classified{}, fmt.Errorf("%w (the classifier's log: %s): %w", ErrNoSlices, logName, err)
		}
		return classified{Slices: sl, Usage: u}, nil
	})
	if err != nil {
		s.note(fmt.Sprintf("the classification failed and the session has no slice to review: read %s", logName))
		return err
	}
	s.usage = s.usage.Add(out.Usage)
	covered := map[string]bool{}
	for _, sl := range out.Slices {
		if old := s.slice(sl.Name); old != nil {
			*old = *s.newSlice(sl, old.Def+1)
		} else {
			s.slices = append(s.slices, s.newSlice(sl, 1))
		}
		for _, f := range sl.Files {
			covered[f] = true
		}
	}
	for _, f := range reviewed {
		if !covered[f] {
			s.note(fmt.Sprintf("%s is in no slice: not reviewed", f))
		}
	}
	names := make([]string, 0, len(out.Slices))
	for _, sl := range out.Slices {
		names = append(names, sl.Name)
	}
	s.emit(Event{Event: loop.Event{Kind: "slices", Text: fmt.Sprint(names)}})
	return nil
}

// writeClassifierLog keeps what the classifier was given (ClassifyPrompt)
// and answered, or why it failed; best effort, as a log.
func (s *session) writeClassifierLog(name string, in ClassifyInput, sl []Slice, failed error) {
	var b strings.Builder
	fmt.Fprintf(&b, "# Classifier\n\n## Given\n\n%s\n## Answer\n\n", ClassifyPrompt(in))
	for _, x := range sl {
		fmt.Fprintf(&b, "### %s\n\nfiles: %s\n", x.Name, strings.Join(x.Files, ", "))
		if x.Shots > 0 {
			fmt.Fprintf(&b, "shots: %d\n", x.Shots)
		}
		fmt.Fprintf(&b, "\n%s\n\n", x.Prompt)
	}
	if len(sl) == 0 {
		b.WriteString("(no slice)\n\n")
	}
	if failed != nil {
		fmt.Fprintf(&b, "## Failed\n\n%v\n", failed)
	}
	_ = loop.WriteRendering(name, []byte(b.String()))
}
