package goldfish

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
	"github.com/kaigi-dev/kaigi/loop/killtest"
)

// TestLifecycle: the Goldfish Loop's run folder goes through the one
// lifecycle (loop.Folder): a second run while one holds the folder is
// journal.ErrBusy; the temporary files a kill left in the run folder and
// beside the spec are swept when the folder is opened, another file's
// are kept; a resume of another document is loop.ErrOtherFile and one in
// a folder moved away from its document loop.ErrFolderMoved.
func TestLifecycle(t *testing.T) {
	ctx := context.Background()
	g := fake(t, "design_critic", func(string, int, int) []finding.Finding { return nil })
	l, spec := specLoop(t, g)
	l.Asker = loop.FileAsker{Dir: l.Dir}
	top, dir := filepath.Dir(spec), l.Dir
	other := filepath.Join(top, "other.md")
	os.WriteFile(other, []byte("# Other\n"), 0o644)
	var busy error
	l.Observer = func(loop.Event) {
		if busy == nil {
			second := *l
			second.Observer = nil
			if _, busy = second.Run(ctx, spec); busy == nil {
				busy = errors.New("a second run succeeded")
			}
		}
	}
	if o, err := l.Run(ctx, spec); !errors.Is(err, loop.ErrNotConverged) || o.Reason != loop.AwaitingDecisions {
		t.Fatalf("Run: %v %+v; want it waiting for an answer", err, o)
	}
	if !errors.Is(busy, journal.ErrBusy) {
		t.Errorf("a second run while the first holds the folder: %v", busy)
	}
	l.Observer = nil
	swept := []string{killtest.PlantTemp(t, dir, loop.QuestionsFile), killtest.PlantTemp(t, filepath.Join(dir, "round-1"), ReportName), killtest.PlantTemp(t, top, "spec.md")}
	kept := []string{killtest.PlantTemp(t, top, "other.md")}
	if _, err := l.Resume(ctx, other); !errors.Is(err, loop.ErrOtherFile) {
		t.Errorf("a resume of another document: %v", err)
	}
	killtest.CheckSwept(t, swept, kept)
	moved := filepath.Join(top, "sub", "run")
	os.Mkdir(filepath.Dir(moved), 0o755)
	if err := os.Rename(dir, moved); err != nil {
		t.Fatal(err)
	}
	m := *l
	m.Dir, m.Asker = moved, loop.FileAsker{Dir: moved}
	if _, err := m.Resume(ctx, spec); !errors.Is(err, loop.ErrFolderMoved) {
		t.Errorf("a resume in a moved folder: %v", err)
	}
}
