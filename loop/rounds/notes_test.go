package rounds_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// TestOutcomeOfNotes: a run of round notes gets its rounds, usage and
// cost from the notes, keeps the notes (not their calls) in its JSON, and
// Finish's error at the cap names no findings; an empty note list still
// summarises as a notes run.
func TestOutcomeOfNotes(t *testing.T) {
	root := t.TempDir()
	doc := filepath.Join(root, "a.md")
	os.WriteFile(doc, []byte("本文です。"), 0o644) // no final newline
	cfg := rounds.RunConfig{Dir: filepath.Join(root, ".run"), Driver: "notes"}
	r, err := rounds.OpenRun(context.Background(), cfg, []string{doc}, false, true, func() testSettings { return testSettings{} }, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	u := agent.Usage{Calls: 1, InputTokens: 10, OutputTokens: 2}
	notes := []rounds.RoundNote{
		{Round: 1, Note: "kept the new draft", Calls: []rounds.Call{{Who: "author", Model: "m", Usage: u}, {Who: "judge", Model: "m", Usage: u}}},
		{Round: 2, Note: "the draft | held", Calls: []rounds.Call{{Who: "judge", Model: "unpriced", Usage: u}}},
	}
	o := r.OutcomeOf(notes, loop.RoundCapReached, agent.Prices{"m": {Input: 1, Output: 1}})
	if o.Rounds != 2 || o.Usage.Calls != 3 || len(o.Costs) != 3 || !o.CostUnknown || len(o.Notes) != 2 || o.Notes[0].Calls != nil {
		t.Fatalf("outcome: %+v", o)
	}
	data, _ := json.Marshal(o)
	if !strings.Contains(string(data), `"notes":[{"round":1,"note":"kept the new draft"}`) {
		t.Errorf("JSON: %s", data)
	}
	if err := r.WriteSummary("Notes", o, nil); err != nil {
		t.Fatal(err)
	}
	summary, _ := os.ReadFile(filepath.Join(cfg.Dir, "summary.md"))
	for _, want := range []string{"## Rounds\n\n- [R1] kept the new draft\n- [R2] the draft \\| held\n", "3 model call(s)"} {
		if !strings.Contains(string(summary), want) {
			t.Errorf("summary.md lacks %q:\n%s", want, summary)
		}
	}
	if strings.Contains(string(summary), "## Applied") {
		t.Errorf("summary.md of a notes run lists findings:\n%s", summary)
	}
	err = r.Finish(o)
	if !errors.Is(err, loop.ErrNotConverged) || strings.Contains(err.Error(), "finding") || !strings.Contains(err.Error(), "after 2 round(s)") {
		t.Errorf("Finish: %v", err)
	}
	if empty := r.OutcomeOf(nil, loop.Converged, nil); empty.Notes == nil || empty.Rounds != 0 {
		t.Errorf("no notes: %+v", empty)
	}
}
