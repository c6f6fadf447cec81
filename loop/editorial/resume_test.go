//go:build unix

package editorial_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"github.com/kaigi-dev/kaigi/loop/journal"
	"github.com/kaigi-dev/kaigi/loop/killtest"
	"maps"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
)

// childSpec tells a re-executed test binary to run (or undo) the loop and, when
// KillAt is set, to SIGKILL itself at the KillCount-th event of that kind
// in round KillRound.
type childSpec struct {
	Resume    bool                `json:"resume"`
	Undo      bool                `json:"undo,omitempty"` // undo every round instead of running
	KillAt    editorial.EventKind `json:"kill_at,omitempty"`
	KillRound int                 `json:"kill_round,omitempty"`
	KillCount int                 `json:"kill_count,omitempty"`
	KillPoint int                 `json:"kill_point,omitempty"` // the n-th journal point (Loop.JournalObserver)
}

const childEnv = "KAIGI_LOOP_TEST_CHILD"

func TestMain(m *testing.M) {
	if spec := os.Getenv(childEnv); spec != "" {
		os.Exit(runChild(spec))
	}
	os.Exit(m.Run())
}

func runChild(specJSON string) int {
	var spec childSpec
	if err := json.Unmarshal([]byte(specJSON), &spec); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 3
	}
	seen, points := 0, new(atomic.Int64)
	l := &editorial.Loop{Council: chainCouncil(), Dir: ".editorial", MaxRounds: 4,
		JournalObserver: func(journal.Event) {
			if int(points.Add(1)) == spec.KillPoint {
				killtest.Kill()
				select {}
			}
		},
		Observer: func(e editorial.Event) {
			if e.Kind == spec.KillAt && e.Round == spec.KillRound {
				if seen++; seen == spec.KillCount {
					killtest.Kill()
					select {} // the signal ends the process
				}
			}
		}}
	if spec.Undo {
		rounds, err := l.Undo(context.Background(), 0)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		fmt.Printf("undone %v\n", rounds)
		return 0
	}
	out, err := start(l, spec.Resume)(context.Background(), "article.md")
	if spec.Resume && errors.Is(err, loop.ErrNotStarted) { // killed before the start step
		out, err = l.Run(context.Background(), "article.md")
	}
	if err != nil && !errors.Is(err, loop.ErrNotConverged) {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Printf("%s %d\n", out.Reason, out.Rounds)
	return 0
}

// child runs the test binary as a loop child in dir.
func child(t *testing.T, dir string, spec childSpec) (stdout string, killed bool) {
	t.Helper()
	b, _ := json.Marshal(spec)
	return killtest.Child(t, dir, childEnv, string(b))
}

// snapshot returns the document and every artifact of a run in dir (the
// journal aside: it holds times).
func snapshot(t *testing.T, dir string) map[string]string {
	return killtest.Snapshot(t, dir, editorial.JournalName)
}

func TestResumeAfterKill(t *testing.T) {
	ref := t.TempDir()
	os.WriteFile(filepath.Join(ref, "article.md"), []byte(chainDoc), 0o644)
	refOut, killed := child(t, ref, childSpec{})
	if killed || refOut != "stalled 3\n" {
		t.Fatalf("reference run: %q, killed %v; want \"stalled 3\"", refOut, killed)
	}
	want := snapshot(t, ref)
	if want["article.md"] != "# 題名\r\ngamma の行。\r\ngamma の行。\r\n数字は 42% です。\r\n" {
		t.Fatalf("reference document = %q", want["article.md"])
	}

	for _, kill := range []childSpec{
		{KillAt: editorial.Reviewed, KillRound: 1, KillCount: 1}, // between reviewers
		{KillAt: editorial.Reviewed, KillRound: 2, KillCount: 2}, // between reviewers, later round
		{KillAt: editorial.Written, KillRound: 1, KillCount: 1},  // between applying and recording
		{KillAt: editorial.Written, KillRound: 2, KillCount: 1},
		{KillAt: editorial.RoundEnded, KillRound: 1, KillCount: 1},
		{KillAt: editorial.RoundEnded, KillRound: 3, KillCount: 1}, // after the last round, before the run's end
		{KillAt: editorial.Planned, KillRound: 1, KillCount: 1},    // between journaling a patch and writing it
		{KillAt: editorial.Planned, KillRound: 2, KillCount: 2},
		{KillAt: editorial.Decided, KillRound: 2, KillCount: 1}, // the gate's batch journaled, its patch not yet
	} {
		t.Run(fmt.Sprintf("%s-r%d-%d", kill.KillAt, kill.KillRound, kill.KillCount), func(t *testing.T) {
			dir := t.TempDir()
			os.WriteFile(filepath.Join(dir, "article.md"), []byte(chainDoc), 0o644)
			if _, killed := child(t, dir, kill); !killed {
				t.Fatal("the child was not killed at the planned point")
			}
			if _, err := (&editorial.Loop{Council: chainCouncil(), Dir: filepath.Join(dir, ".editorial")}).Run(context.Background(), filepath.Join(dir, "article.md")); !errors.Is(err, loop.ErrUnfinishedRun) {
				t.Errorf("a new run over an unfinished one: %v, want ErrUnfinishedRun", err)
			}
			out, killed := child(t, dir, childSpec{Resume: true})
			if killed || out != refOut {
				t.Fatalf("resumed run: %q, want %q", out, refOut)
			}
			got := snapshot(t, dir)
			for name, w := range want {
				if got[name] != w {
					t.Errorf("%s differs from the uninterrupted run:\n%s\nwant\n%s", name, got[name], w)
				}
			}
			if len(got) != len(want) {
				t.Errorf("resumed run wrote %d files, the uninterrupted one %d", len(got), len(want))
			}
			// Every side effect (2 patches in each of 3 rounds) is journaled
			// done exactly once, and none is left planned.
			planned, done := map[string]int{}, map[string]int{}
			for _, r := range records(t, filepath.Join(dir, ".editorial", editorial.JournalName)) {
				switch r.Kind {
				case journal.KindPlanned:
					planned[r.Key]++
				case journal.KindDone:
					done[r.Key]++
				}
			}
			if len(done) != 6 || len(planned) != 6 {
				t.Errorf("%d patches journaled done, %d planned, want 2 in each of 3 rounds", len(done), len(planned))
			}
			for k, n := range done {
				if n != 1 || planned[k] != 1 {
					t.Errorf("patch %s was journaled planned %d and done %d times", k, planned[k], n)
				}
			}
		})
	}
}

// TestResumeAfterJournalPointKill: a run killed through Loop.JournalObserver
// at a journal point (the first, before the run's start step: the resume
// starts it anew; the start; one mid-run; the next to last) and resumed
// leaves what an uninterrupted run leaves.
func TestResumeAfterJournalPointKill(t *testing.T) {
	ref := t.TempDir()
	os.WriteFile(filepath.Join(ref, "article.md"), []byte(chainDoc), 0o644)
	refOut, _ := child(t, ref, childSpec{})
	want := snapshot(t, ref)
	points := len(records(t, filepath.Join(ref, ".editorial", editorial.JournalName)))
	for _, at := range []int{1, 2, points / 2, points - 1} {
		t.Run(fmt.Sprint(at), func(t *testing.T) {
			dir := t.TempDir()
			os.WriteFile(filepath.Join(dir, "article.md"), []byte(chainDoc), 0o644)
			if _, killed := child(t, dir, childSpec{KillPoint: at}); !killed {
				t.Fatalf("the child was not killed at journal point %d of %d records", at, points)
			}
			out, killed := child(t, dir, childSpec{Resume: true})
			if killed || out != refOut {
				t.Fatalf("resumed run: %q, want %q", out, refOut)
			}
			if got := snapshot(t, dir); !maps.Equal(got, want) {
				t.Errorf("the resumed run left other files than the uninterrupted one:\n%v\nwant\n%v", got, want)
			}
		})
	}
}
