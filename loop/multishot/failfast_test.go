package multishot

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
)

// TestFailedStartLeavesNothing: a run refused at once (a ref that is no
// commit, a folder outside any repository or missing, a bad count) creates
// nothing, and a resume of a folder that does not exist does not create
// it.
func TestFailedStartLeavesNothing(t *testing.T) {
	r := sampleRepo(t)
	for _, tc := range []struct {
		name   string
		l      Loop
		target Target
		want   string
	}{
		{"commit", Loop{}, Target{Repo: r.dir, Kind: Commit, Ref: "nosuchref"}, `"nosuchref" is not a commit`},
		{"base", Loop{}, Target{Repo: r.dir, Kind: Base, Ref: "nosuchbranch"}, `"nosuchbranch" is not a commit`},
		{"no repository", Loop{}, Target{Repo: t.TempDir(), Kind: Uncommitted}, "not a git repository"},
		{"no folder", Loop{}, Target{Repo: filepath.Join(t.TempDir(), "nosuchdir"), Kind: Uncommitted}, "nosuchdir"},
		{"shots", Loop{Shots: -1}, Target{Repo: r.dir, Kind: Uncommitted}, "Shots -1"},
		{"passes", Loop{MaxPasses: -1}, Target{Repo: r.dir, Kind: Uncommitted}, "MaxPasses -1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := tc.l
			l.Dir = filepath.Join(t.TempDir(), "ms1")
			l.Reviewer, l.Classifier = &script{}, fixedSlices(codeSlice)
			_, err := l.Run(context.Background(), tc.target, "task")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one naming %q", err, tc.want)
			}
			if _, err := os.Stat(l.Dir); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("the refused run created %s (%v)", l.Dir, err)
			}
		})
	}
	l := &Loop{Dir: filepath.Join(t.TempDir(), "ms2"), Reviewer: &script{}}
	if _, err := l.Resume(context.Background()); !errors.Is(err, loop.ErrNothingToResume) {
		t.Errorf("resume of no folder: %v", err)
	}
	if _, err := l.Continue(context.Background()); !errors.Is(err, loop.ErrNothingToResume) {
		t.Errorf("continue of no folder: %v", err)
	}
	if _, err := os.Stat(l.Dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("resume created %s (%v)", l.Dir, err)
	}
}

// TestBadRefDoesNotBlock: after a finished session, a run with a bad ref
// is refused and leaves nothing that blocks the next run with a good one.
func TestBadRefDoesNotBlock(t *testing.T) {
	r := sampleRepo(t)
	dir := filepath.Join(t.TempDir(), "session")
	l := &Loop{Dir: dir, Reviewer: &script{}, Classifier: fixedSlices(codeSlice, docsSlice)}
	if _, err := l.Run(context.Background(), Target{Repo: r.dir, Kind: Uncommitted}, "task"); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Run(context.Background(), Target{Repo: r.dir, Kind: Commit, Ref: "nosuchref"}, "task"); err == nil {
		t.Fatal("a bad ref ran")
	}
	sum, err := l.Run(context.Background(), Target{Repo: r.dir, Kind: Uncommitted}, "task")
	if err != nil {
		t.Fatalf("the run after a bad ref: %v", err)
	}
	if !sum.OK {
		t.Errorf("the run after a bad ref: %+v", sum)
	}
	if _, err := l.Resume(context.Background()); err != nil {
		t.Errorf("resume after the good run: %v", err)
	}
}
