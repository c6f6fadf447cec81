package rounds_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// TestReviewFolder: the run folder, the decisions file and the documents
// resolve inside the Driver's folder; the gate the arguments name becomes
// the loop's gate; Stop answers in the folder's decisions file; an
// unknown gate or a path that leaves the folder is refused.
func TestReviewFolder(t *testing.T) {
	dir := t.TempDir()
	f, err := rounds.NewReviewFolder(dir, "", ".run", "decisions.json", "docs/a.md", "b.md")
	if err != nil {
		t.Fatal(err)
	}
	if f.Run != filepath.Join(dir, ".run") || f.Decisions != filepath.Join(dir, ".run", "decisions.json") ||
		!slices.Equal(f.Docs, []string{filepath.Join(dir, "docs", "a.md"), filepath.Join(dir, "b.md")}) || !f.FileGate {
		t.Errorf("folder %+v", f)
	}
	if g, ok := f.Gate().(rounds.FileGate); !ok || g.Path != f.Decisions {
		t.Errorf("file gate %#v", f.Gate())
	}
	os.MkdirAll(filepath.Join(dir, ".run", "round-1"), 0o755)
	os.WriteFile(filepath.Join(dir, ".run", "round-1", "pending.json"), []byte("{}"), 0o644)
	stop, err := f.Stop(&rounds.Outcome{Reason: loop.AwaitingDecisions, Rounds: 1}, nil)
	if err != nil || stop.Question != ".run/round-1/pending.json" || stop.Answer != ".run/decisions.json" {
		t.Errorf("stop %+v, %v", stop, err)
	}
	auto, err := rounds.NewReviewFolder(dir, loop.GateAuto, ".run", "decisions.json", "b.md")
	if _, ok := auto.Gate().(rounds.AutoGate); err != nil || !ok || auto.FileGate {
		t.Errorf("auto gate %#v, %v", auto.Gate(), err)
	}
	if a, ok := f.Asker().(loop.FileAsker); !ok || a.Dir != f.Run {
		t.Errorf("file asker %#v", f.Asker())
	}
	if _, ok := auto.Asker().(loop.AutoAsker); !ok {
		t.Errorf("auto asker %#v", auto.Asker())
	}
	if _, err := rounds.NewReviewFolder(dir, "maybe", ".run", "d.json", "b.md"); err == nil {
		t.Error("an unknown gate was taken")
	}
	if _, err := rounds.NewReviewFolder(dir, "", ".run", "d.json", "../b.md"); err == nil {
		t.Error("a document outside the folder was taken")
	}
}
