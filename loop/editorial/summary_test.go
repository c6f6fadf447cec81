package editorial_test

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// TestDriverSummary: a Driver's Stop carries the run's Summary (its
// Outcome, the absolute run folder, the open high findings, and none of
// the fields for people), which writes the account with the run folder
// as given and, for a run waiting at the gate, how to decide and resume.
func TestDriverSummary(t *testing.T) {
	dir := filepath.Dir(writeDoc(t, chainDoc))
	d := editorial.NewDriver(func(editorial.Args) (*editorial.Loop, error) {
		return &editorial.Loop{Council: chainCouncil()}, nil
	})
	args, _ := json.Marshal(editorial.Args{Documents: []string{"article.md"}, Dir: "run"})
	stop, err := d.Run(context.Background(), dir, args, false)
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if err := json.Unmarshal(stop.Result, &raw); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"Dir", "Resume", "Quote"} {
		if _, ok := raw[k]; ok {
			t.Errorf("the Result's JSON holds %s", k)
		}
	}
	var s editorial.Summary
	if err := json.Unmarshal(stop.Result, &s); err != nil {
		t.Fatal(err)
	}
	if s.Artifacts != filepath.Join(dir, "run") || s.UnresolvedHigh != 1 || s.Outcome.UnresolvedHigh() != 1 || s.Reason != loop.AwaitingDecisions {
		t.Fatalf("artifacts %q, %d high open, reason %s", s.Artifacts, s.UnresolvedHigh, s.Reason)
	}
	if err := s.Err(); !errors.Is(err, loop.ErrNotConverged) || !strings.Contains(err.Error(), "1 finding(s) open (1 high)") {
		t.Errorf("Err = %v", err)
	}

	var b strings.Builder
	if err := s.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	mustContain(t, "without Dir", b.String(), "Artifacts: "+s.Artifacts+" (")
	if strings.Contains(b.String(), "To decide") {
		t.Errorf("a hint without Resume:\n%s", b.String())
	}
	b.Reset()
	s.Dir, s.Resume = "run", "swarm -resume article.md"
	s.Quote = func(p string) string { return "<" + p + ">" }
	if err := s.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	mustContain(t, "with Dir and Resume", b.String(), "Artifacts: run (",
		"\nTo decide the open findings, copy <"+filepath.Join("run", "round-1", "pending.json")+"> to <"+filepath.Join("run", "decisions.json")+">, set each \"action\" to apply, reject or defer, and run:\n  swarm -resume article.md\n")

	s.Reason = loop.GateStopped
	b.Reset()
	s.WriteText(&b)
	if !strings.HasSuffix(b.String(), "\nTo go on where you stopped, run:\n  swarm -resume article.md\n") {
		t.Errorf("stopped at the gate:\n%s", b.String())
	}
}

// TestSummaryErr: Err is Run's error for each way a run ends, and
// Failure is it for a run closed over a changed document alone.
func TestSummaryErr(t *testing.T) {
	for _, tt := range []struct {
		reason loop.StopReason
		is     error
	}{
		{loop.Converged, nil},
		{editorial.DryRunEnded, nil},
		{loop.NoReviewerAnswered, loop.ErrNotConverged},
		{loop.DocumentChanged, rounds.ErrDocumentChanged},
		{loop.RoundCapReached, loop.ErrNotConverged},
		{editorial.RewriteRequested, loop.ErrNotConverged},
	} {
		s := editorial.Summary{Outcome: &editorial.Outcome{Reason: tt.reason, Rounds: 1, Changed: "article.md was changed"}}
		err := s.Err()
		if (err == nil) != (tt.is == nil) || !errors.Is(err, tt.is) {
			t.Errorf("%s: Err = %v, want one matching %v", tt.reason, err, tt.is)
		}
		if tt.reason == loop.DocumentChanged && err.Error() != s.Changed {
			t.Errorf("%s: %q, want the Outcome's words %q", tt.reason, err, s.Changed)
		}
		if f := s.Failure(); (f != nil) != (tt.reason == loop.DocumentChanged) || (f != nil && f.Error() != err.Error()) {
			t.Errorf("%s: Failure = %v", tt.reason, f)
		}
	}
}

// TestSummaryWithoutOutcome: a Summary decoded from JSON that holds none
// of the Outcome's fields still has one, and says so in words.
func TestSummaryWithoutOutcome(t *testing.T) {
	var s editorial.Summary
	if err := json.Unmarshal([]byte(`{"artifacts":"/run"}`), &s); err != nil {
		t.Fatal(err)
	}
	if s.Outcome == nil || s.Artifacts != "/run" {
		t.Fatalf("decoded %+v", s)
	}
	var b strings.Builder
	if err := s.WriteText(&b); err != nil || !strings.Contains(b.String(), "Artifacts: /run (") {
		t.Errorf("WriteText: %v\n%s", err, b.String())
	}
	if err := s.Err(); err == nil {
		t.Error("Err of a run that says nothing: nil")
	}
	if err := json.Unmarshal([]byte(`{"rounds":"two"}`), &s); err == nil {
		t.Error("a bad Summary decoded")
	}
}
