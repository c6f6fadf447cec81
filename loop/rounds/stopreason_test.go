package rounds_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// TestStopWordsNeutral: the kernel says its stop reasons in words true of
// any loop, none of one driver's (its findings' severities, its files, its
// dry run); a driver's RunConfig.Describe says them in its own words in
// summary.md, "" leaving a reason to the kernel; Finish returns no error
// for the reasons in RunConfig.Succeeded.
func TestStopWordsNeutral(t *testing.T) {
	for _, r := range []loop.StopReason{loop.Converged, loop.RoundCapReached, loop.Stalled, loop.AwaitingDecisions, loop.GateStopped,
		loop.DocumentChanged, loop.Undone, loop.NoReviewerAnswered} {
		text := r.Describe()
		for _, word := range []string{"pending.md", "high", "rewrite", "dry run", "polish"} {
			if strings.Contains(text, word) {
				t.Errorf("%s is said %q, with one driver's %q", r, text, word)
			}
		}
		if text == string(r) {
			t.Errorf("%s has no words", r)
		}
	}
	if got := loop.StopReason("the-driver's").Describe(); got != "the-driver's" {
		t.Errorf("an unknown reason is said %q", got)
	}

	root := t.TempDir()
	doc := filepath.Join(root, "a.md")
	os.WriteFile(doc, []byte("text\r\n"), 0o644)
	const preview loop.StopReason = "preview"
	cfg := rounds.RunConfig{Dir: filepath.Join(root, ".run"), Driver: "words", Succeeded: []loop.StopReason{preview},
		Describe: func(r loop.StopReason) string {
			if r == preview {
				return "previewed: nothing written"
			}
			return ""
		}}
	r, err := rounds.OpenRun(context.Background(), cfg, []string{doc}, false, true, func() testSettings { return testSettings{} }, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if got := r.Describe(preview); got != "previewed: nothing written" {
		t.Errorf("the driver's reason: %q", got)
	}
	if got, want := r.Describe(loop.Stalled), loop.Stalled.Describe(); got != want {
		t.Errorf("a reason the driver leaves to the kernel: %q, want %q", got, want)
	}
	if got := r.StopText(&rounds.Outcome{Reason: preview, StopWords: "own words"}); got != "own words" {
		t.Errorf("StopWords win: %q", got)
	}
	o := r.OutcomeOf(nil, preview, nil)
	if err := r.WriteSummary("Words", o, nil); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(filepath.Join(cfg.Dir, "summary.md")); !strings.Contains(string(data), "Stopped: previewed: nothing written.\n") {
		t.Errorf("summary.md:\n%s", data)
	}
	if err := r.Finish(o); err != nil {
		t.Errorf("Finish of a reason in Succeeded: %v", err)
	}
	if err := r.Finish(&rounds.Outcome{Reason: "other", Notes: []rounds.RoundNote{}}); !errors.Is(err, loop.ErrNotConverged) {
		t.Errorf("Finish of another reason: %v", err)
	}
}
