package discussion

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/kaigi-dev/kaigi/loop/journal"
)

// TestStaleTempSwept: a temporary file that a write of the artifacts cut
// short by a kill left in the discussion's folder is removed when the
// discussion is resumed, and when a new one is run there.
func TestStaleTempSwept(t *testing.T) {
	for _, resume := range []bool{true, false} {
		root := workspace(t)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		d := &Discussion{Spec: testSpec(2, "a", "b"), Participants: offlineSeat("a", "b"), Lead: NewOfflineLead("lead"), Root: root}
		if resume { // interrupted after its start: an unfinished run
			d.JournalObserver = func(e journal.Event) {
				if e.Record != nil && e.Record.Key == "target/post.md" {
					cancel()
				}
			}
		}
		o, err := d.Run(ctx)
		if resume == (err == nil) {
			t.Fatalf("resume %v: the first run: %v", resume, err)
		}
		d.JournalObserver = nil
		dir := filepath.Join(root, ".discussion", "t1")
		stale := filepath.Join(dir, "."+SummaryFile+".MFRGGZDFMZ.tmp")
		if err := os.WriteFile(stale, []byte("# Discussion summ"), 0o644); err != nil {
			t.Fatal(err)
		}
		if resume {
			o, err = d.Resume(context.Background())
		} else {
			o, err = d.Run(context.Background())
		}
		if err != nil || o.Verdict == nil {
			t.Fatalf("resume %v: %v", resume, err)
		}
		if _, err := os.Stat(stale); !os.IsNotExist(err) {
			t.Errorf("resume %v: %s is still there (%v)", resume, filepath.Base(stale), err)
		}
	}
}
