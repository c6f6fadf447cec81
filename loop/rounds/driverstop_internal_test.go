package rounds

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
)

// TestReviewStop: a run waiting at the gate asks its round's pending.json
// (answered in the decisions file), or the asker's questions when there is
// none; loop.ErrNotConverged and ErrDocumentChanged (the run ended,
// closed) are stops, another error an error.
func TestReviewStop(t *testing.T) {
	dir := t.TempDir()
	o := &Outcome{Reason: loop.AwaitingDecisions, Rounds: 2}
	o.Usage.Calls = 3
	stop, err := reviewStop(dir, ".run", ".run/decisions.json", o, fmt.Errorf("x: %w", loop.ErrNotConverged))
	if err != nil || stop.Question != ".run/questions.json" || stop.Answer != ".run/answers.json" || stop.Usage.Calls != 3 || !stop.Waiting() {
		t.Errorf("no pending: %+v, %v", stop, err)
	}
	os.MkdirAll(filepath.Join(dir, ".run", "round-2"), 0o755)
	for _, f := range []string{"round-2/pending.json", "summary.md"} {
		os.WriteFile(filepath.Join(dir, ".run", f), []byte("{}"), 0o644)
	}
	stop, _ = reviewStop(dir, ".run", ".run/decisions.json", o, nil)
	if stop.Question != ".run/round-2/pending.json" || stop.Answer != ".run/decisions.json" || !slices.Equal(stop.Artifacts, []string{".run/summary.md"}) {
		t.Errorf("pending: %+v", stop)
	}
	o.Reason = loop.Converged
	if stop, _ = reviewStop(dir, ".run", ".run/decisions.json", o, nil); stop.Waiting() || stop.Reason != string(loop.Converged) || stop.Text == "" {
		t.Errorf("converged: %+v", stop)
	}
	o.Reason = loop.DocumentChanged
	if stop, err = reviewStop(dir, ".run", "d", o, fmt.Errorf("x: %w", ErrDocumentChanged)); err != nil || stop.Waiting() || stop.Reason != string(loop.DocumentChanged) {
		t.Errorf("document changed: %+v, %v", stop, err)
	}
	if _, err := reviewStop(dir, ".run", "d", o, errors.New("disk full")); err == nil {
		t.Error("an error became a stop")
	}
}
