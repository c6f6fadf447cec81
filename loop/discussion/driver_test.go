package discussion_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/discussion"
	"github.com/kaigi-dev/kaigi/loop/journal"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// notesDriver is a two-participant discussion of post.md as a Driver;
// after journal records it cancels the run (0: never).
func notesDriver(cancel context.CancelFunc, after int64) loop.Driver {
	var n atomic.Int64
	return discussion.NewDriver(func(discussion.Args) (*discussion.Discussion, error) {
		return &discussion.Discussion{
			Spec: discussion.Spec{ID: "notes", Topic: "Is the post ready?", Targets: []string{"post.md"},
				Participants: []discussion.ParticipantSpec{{Name: "style", Lens: "stock phrases"}, {Name: "facts", Lens: "unsourced figures"}},
				Synthesizer:  discussion.SynthesizerSpec{Instruction: "Weigh what survived."}},
			Participants: []discussion.Participant{
				discussion.NewOffline("style", offline.AntiAISlop(offline.Config{})),
				discussion.NewOffline("facts", offline.FactChecker(offline.Config{})),
			},
			Lead:  discussion.NewOfflineLead("lead"),
			Seeds: func(key string) uint64 { return uint64(len(key)) },
			JournalObserver: func(journal.Event) {
				if n.Add(1) == after {
					cancel()
				}
			},
		}, nil
	})
}

// postFolder returns a folder holding post.md.
func postFolder(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	post := "# Notes\r\n\r\nIn today's fast-paced world, it is worth noting that Go is fast.\r\n\r\n> They say 99.9% of builds pass."
	if err := os.WriteFile(filepath.Join(dir, "post.md"), []byte(post), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestDriverResumesCancelled: the discussion as a loop.Driver, cancelled
// after each of its first journal records and resumed, leaves the same
// whiteboard, verdict and stop as an uninterrupted run.
func TestDriverResumesCancelled(t *testing.T) {
	ctx := context.Background()
	whole := postFolder(t)
	want, err := notesDriver(func() {}, 0).Run(ctx, whole, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	if want.Reason == "" || want.Text == "" || !slices.Contains(want.Artifacts, ".discussion/notes/verdict.json") {
		t.Fatalf("uninterrupted: %+v", want)
	}
	if _, err := notesDriver(func() {}, 0).Run(ctx, postFolder(t), nil, true); !errors.Is(err, loop.ErrNotStarted) {
		t.Errorf("resume before any run: %v, want ErrNotStarted", err)
	}
	for _, after := range []int64{1, 3, 6} {
		dir := postFolder(t)
		cctx, cancel := context.WithCancel(ctx)
		if _, err := notesDriver(cancel, after).Run(cctx, dir, nil, false); err == nil {
			t.Fatalf("cancelled after %d records: no error", after)
		}
		cancel()
		got, err := loop.StartOrResume(ctx, notesDriver(func() {}, 0), dir, nil, true)
		if err != nil {
			t.Fatalf("resumed after %d records: %v", after, err)
		}
		if got.Reason != want.Reason || got.Text != want.Text || !slices.Equal(got.Artifacts, want.Artifacts) {
			t.Errorf("resumed after %d records: %+v, uninterrupted %+v", after, got, want)
		}
		for _, f := range []string{discussion.WhiteboardFile, discussion.VerdictFile} {
			a, _ := os.ReadFile(filepath.Join(whole, ".discussion", "notes", f))
			b, _ := os.ReadFile(filepath.Join(dir, ".discussion", "notes", f))
			if withoutTimes(a) != withoutTimes(b) {
				t.Errorf("resumed after %d records: %s differs:\n%s\nuninterrupted:\n%s", after, f, b, a)
			}
		}
	}
}

// TestDriverDir: Args.Dir places the discussion's folder, inside the
// Driver's folder only.
func TestDriverDir(t *testing.T) {
	dir := postFolder(t)
	args, _ := json.Marshal(discussion.Args{Dir: "review/notes"})
	stop, err := notesDriver(func() {}, 0).Run(context.Background(), dir, args, false)
	if err != nil || !slices.Contains(stop.Artifacts, "review/notes/whiteboard.md") {
		t.Errorf("%+v, %v", stop, err)
	}
	args, _ = json.Marshal(discussion.Args{Dir: "../notes"})
	if _, err := notesDriver(func() {}, 0).Run(context.Background(), dir, args, false); err == nil {
		t.Error("a folder outside: no error")
	}
}

// withoutTimes is a whiteboard with its posts' times blanked: the two
// runs compared post at other moments, and a second may tick between.
func withoutTimes(b []byte) string {
	return postTime.ReplaceAllString(string(b), "TIME")
}

// postTime is a post's time as the whiteboard writes it.
var postTime = regexp.MustCompile(`\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}Z`)
