package discussion

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// TestDriverResultRestored: a discussion's Stop carries its Outcome as
// JSON; decoded and restored from the folder it has the run's board and
// verdict.json's verdict, and Critical gives what the run's Outcome gives.
func TestDriverResultRestored(t *testing.T) {
	root := workspace(t)
	d := NewDriver(func(Args) (*Discussion, error) {
		return &Discussion{Spec: testSpec(2, "style", "facts"), Lead: NewOfflineLead("lead"),
			Participants: []Participant{NewOffline("style", offline.AntiAISlop(offline.Config{})), NewOffline("facts", offline.FactChecker(offline.Config{}))},
			Observer:     func(Event) {}}, nil
	})
	stop, err := d.Run(context.Background(), root, nil, false)
	if err != nil || stop.Reason != Verdict {
		t.Fatalf("stop %+v, %v", stop, err)
	}
	var got Outcome
	if err := json.Unmarshal(stop.Result, &got); err != nil {
		t.Fatal(err)
	}
	if err := got.Restore(); err != nil {
		t.Fatal(err)
	}
	board, _ := os.ReadFile(filepath.Join(got.Dir, WhiteboardFile))
	verdict, _ := os.ReadFile(filepath.Join(got.Dir, VerdictFile))
	if got.Board.Len() == 0 || string(got.Verdict)+"\n" != string(verdict) {
		t.Fatalf("restored: %d post(s), verdict %q; verdict.json %q", got.Board.Len(), got.Verdict, verdict)
	}
	for _, p := range got.Board.Posts() {
		if !strings.Contains(string(board), p.ID) {
			t.Errorf("post %s is not on the whiteboard", p.ID)
		}
	}
	if _, err := got.Critical(); err != nil {
		t.Errorf("Critical: %v", err)
	}
}

// TestDriverStopsWithoutVerdict: a discussion where no reviewer answered
// is a Stop, NoReviewerAnswered, whose Result's Err says why.
func TestDriverStopsWithoutVerdict(t *testing.T) {
	root := workspace(t)
	d := NewDriver(func(Args) (*Discussion, error) {
		return &Discussion{Spec: testSpec(2, "a", "b"), Participants: []Participant{newMute("a"), newMute("b")}, Lead: NewOfflineLead("lead")}, nil
	})
	stop, err := d.Run(context.Background(), root, nil, false)
	if err != nil || stop.Reason != string(loop.NoReviewerAnswered) {
		t.Fatalf("stop %+v, %v", stop, err)
	}
	var o Outcome
	if err := json.Unmarshal(stop.Result, &o); err != nil || o.Verdict != nil || o.Err() == nil || !strings.Contains(o.Err().Error(), "connection refused") {
		t.Errorf("result %s: %v, err %v", stop.Result, err, o.Err())
	}
}
