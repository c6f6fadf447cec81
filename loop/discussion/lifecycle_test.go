package discussion

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
	"github.com/kaigi-dev/kaigi/loop/killtest"
)

// TestLifecycle: a discussion's folder goes through the one lifecycle
// (loop.Folder): a second run while one holds the folder is
// journal.ErrBusy; the temporary files a kill left in the folder and its
// entries are swept when it is opened, those of the workspace kept; a
// resume of a spec of other targets is loop.ErrOtherFile; a workspace
// moved as a whole resumes (the targets were read once, into the
// journal); a resume of a discussion never started is loop.ErrNotStarted
// and of a finished one loop.ErrRunFinished.
func TestLifecycle(t *testing.T) {
	root := workspace(t)
	os.WriteFile(filepath.Join(root, "other.md"), []byte("other"), 0o644)
	down := context.Canceled
	// Each discussion runs on its own context, which its participants'
	// first turn cancels: the run stops there, unfinished.
	newDiscussion := func(root string) (*Discussion, context.Context) {
		ctx, stop := context.WithCancel(context.Background())
		fail := func(context.Context, Turn) (Answer, error) { stop(); return Answer{}, down }
		return &Discussion{Spec: testSpec(1, "a", "b"), Participants: []Participant{&fake{name: "a", turn: fail}, &fake{name: "b", turn: fail}},
			Lead: NewOfflineLead("lead"), Root: root}, ctx
	}
	resume := func(root string, targets ...string) error {
		d, ctx := newDiscussion(root)
		if targets != nil {
			d.Spec.Targets = targets
		}
		_, err := d.Resume(ctx)
		return err
	}
	if err := resume(root); !errors.Is(err, loop.ErrNotStarted) {
		t.Errorf("a resume of a discussion never started: %v", err)
	}
	d, first := newDiscussion(root)
	var busy error
	d.JournalObserver = func(journal.Event) {
		if busy == nil {
			second, ctx := newDiscussion(root)
			if _, busy = second.Run(ctx); busy == nil {
				busy = errors.New("a second run succeeded")
			}
		}
	}
	if _, err := d.Run(first); !errors.Is(err, down) {
		t.Fatalf("Run: %v; want the participant's failure", err)
	}
	if !errors.Is(busy, journal.ErrBusy) {
		t.Errorf("a second run while the first holds the folder: %v", busy)
	}
	if err := resume(root, "other.md"); !errors.Is(err, loop.ErrOtherFile) {
		t.Errorf("a resume of other targets: %v", err)
	}
	dir := filepath.Join(root, ".discussion", "t1")
	swept := []string{killtest.PlantTemp(t, dir, WhiteboardFile), killtest.PlantTemp(t, filepath.Join(dir, EntriesDir), "0001.md")}
	kept := []string{killtest.PlantTemp(t, root, "post.md")}
	moved := filepath.Join(t.TempDir(), "moved")
	if err := os.Rename(root, moved); err != nil {
		t.Fatal(err)
	}
	if err := resume(moved); !errors.Is(err, down) {
		t.Errorf("the resume of the moved workspace: %v; want it going on to the participant's failure", err)
	}
	for i := range swept {
		swept[i] = filepath.Join(moved, swept[i][len(root):])
	}
	kept[0] = filepath.Join(moved, kept[0][len(root):])
	killtest.CheckSwept(t, swept, kept)
	ctx := context.Background()
	f := loop.Folder{Dir: filepath.Join(moved, ".discussion", "t1"), Journal: journal.Options{Driver: Driver, Kinds: []string{kindEnd}}, End: kindEnd}
	j, _, err := f.Open(ctx, loop.OpenResume)
	if err != nil {
		t.Fatal(err)
	}
	j.Append(kindEnd, "", nil)
	j.Close()
	if err := resume(moved); !errors.Is(err, loop.ErrRunFinished) {
		t.Errorf("a resume of a finished discussion: %v", err)
	}
}
