package loop

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"testing"

	"github.com/kaigi-dev/kaigi/loop/internal/runfile"
)

// TestRemoveStaleTempEveryRoundFolder: the temporary files a killed write
// left are removed from the run folder, from round-N and from the
// folders of a run over several documents (round-N/NAME/...), but not
// from the history or from next to other files than the documents.
func TestRemoveStaleTempEveryRoundFolder(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, ".run")
	doc := filepath.Join(root, "a.md")
	stale := []string{
		filepath.Join(dir, ".summary.md.ABCDEFGHIJ.tmp"),
		filepath.Join(dir, "round-1", ".pending.json.ABCDEFGHIJ.tmp"),
		filepath.Join(dir, "round-1", "a.md", ".findings.md.ABCDEFGHIJ.tmp"),
		filepath.Join(dir, "round-2", "docs", "b.md", ".skipped.md.KLMNOPQRST.tmp"),
		filepath.Join(root, ".a.md.ABCDEFGHIJ.tmp"),
	}
	kept := []string{
		filepath.Join(dir, "history", "run-1", "round-1", ".findings.md.ABCDEFGHIJ.tmp"),
		filepath.Join(root, ".other.md.ABCDEFGHIJ.tmp"),
		filepath.Join(dir, "round-1", "a.md", "findings.md"),
	}
	for _, p := range append(append([]string{}, stale...), kept...) {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	runfile.SweepStale(context.Background(), slog.New(slog.DiscardHandler), dir, doc)
	for _, p := range stale {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("%s was left (%v)", p, err)
		}
	}
	for _, p := range kept {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s was removed: %v", p, err)
		}
	}
}
