//go:build unix

package goldfish

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/kaigi-dev/kaigi/loop/killtest"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/kaigi-dev/kaigi/apply/document"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// childSpec tells a re-executed test binary to run (or resume) the offline
// loop on spec.md in its working folder and, when KillAt is set, to SIGKILL
// itself at the KillCount-th event of that kind in round KillRound, or
// when it is asked the question KillAsk.
type childSpec struct {
	Resume    bool           `json:"resume,omitempty"`
	Undo      bool           `json:"undo,omitempty"`
	KillAt    loop.EventKind `json:"kill_at,omitempty"`
	KillRound int            `json:"kill_round,omitempty"`
	KillCount int            `json:"kill_count,omitempty"`
	KillAsk   string         `json:"kill_ask,omitempty"`
	KillPoint int            `json:"kill_point,omitempty"` // the n-th journal point (Loop.JournalObserver)
}

const childEnv = "KAIGI_GOLDFISH_TEST_CHILD"

func TestMain(m *testing.M) {
	if spec := os.Getenv(childEnv); spec != "" {
		os.Exit(runChild(spec))
	}
	os.Exit(m.Run())
}

func kill() {
	killtest.Kill()
	select {} // the signal ends the process
}

// childLoop is the loop the child runs: the four offline goldfish and the
// offline probe, on section S1.12.
func childLoop(spec childSpec) (*Loop, error) {
	seats, err := Materials{}.Cast([]string{"design_critic", "structural", "style", "implementation_readiness", "comprehension"}, nil)
	if err != nil {
		return nil, err
	}
	target := document.Target{ID: "S1.12"}
	seen, points := 0, new(atomic.Int64)
	l := &Loop{Target: target, Dir: DefaultDir, Resolver: OfflineResolver{Intent: []string{"The exporter retries at most 3 times."}},
		JournalObserver: func(journal.Event) {
			if int(points.Add(1)) == spec.KillPoint {
				kill()
			}
		},
		Observer: func(e loop.Event) {
			if e.Kind == spec.KillAt && e.Round == spec.KillRound {
				if seen++; seen == spec.KillCount {
					kill()
				}
			}
		},
		Asker: loop.AskFunc(func(ctx context.Context, q loop.Question) (loop.Answer, error) {
			if q.Key == spec.KillAsk {
				kill()
			}
			return loop.AutoAsker{}.Ask(ctx, q)
		})}
	for _, s := range seats {
		g, err := NewOfflineGoldfish(s, nil, target.String(), offlineConfig())
		if err != nil {
			return nil, err
		}
		l.Reviewers = append(l.Reviewers, g)
	}
	return l, nil
}

func runChild(specJSON string) int {
	var spec childSpec
	if err := json.Unmarshal([]byte(specJSON), &spec); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 3
	}
	l, err := childLoop(spec)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if spec.Undo {
		rounds, err := l.Undo(context.Background(), 0)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		fmt.Printf("undone %v\n", rounds)
		return 0
	}
	run := l.Run
	if spec.Resume {
		run = l.Resume
	}
	o, err := run(context.Background(), "spec.md")
	if spec.Resume && errors.Is(err, loop.ErrNotStarted) { // killed before the start step
		o, err = l.Run(context.Background(), "spec.md")
	}
	if err != nil && !errors.Is(err, loop.ErrNotConverged) {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Printf("%s %d\n", o.Reason, o.Rounds)
	return 0
}

// child runs the test binary as a loop child in dir.
func child(t *testing.T, dir string, spec childSpec) (stdout string, killed bool) {
	t.Helper()
	b, _ := json.Marshal(spec)
	return killtest.Child(t, dir, childEnv, string(b))
}

// snapshot returns the document and every artifact of a run in dir, the
// journal aside (it holds times).
func snapshot(t *testing.T, dir string) map[string]string {
	return killtest.Snapshot(t, dir, loop.JournalName)
}

func newSpecDir(t *testing.T) string {
	dir := t.TempDir()
	data, err := os.ReadFile("testdata/spec.md")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "spec.md"), data, 0o644)
	return dir
}

// TestResumeAfterKill: a run killed at any journal point and resumed ends
// with the same document and the same artifacts (reports included) as an
// uninterrupted run, every fix written exactly once.
func TestResumeAfterKill(t *testing.T) {
	ref := newSpecDir(t)
	refOut, killed := child(t, ref, childSpec{})
	if killed || refOut != "converged 3\n" {
		t.Fatalf("reference run: %q, killed %v", refOut, killed)
	}
	want := snapshot(t, ref)
	if !strings.Contains(want["spec.md"], "Uploads can fail.") || !strings.Contains(want["spec.md"], "The exporter retries at most 3 times.") ||
		!strings.Contains(want[filepath.Join(DefaultDir, "round-1", ReportName)], "but the author meant") {
		t.Fatalf("reference run:\n%s\n%s", want["spec.md"], want[filepath.Join(DefaultDir, "round-1", ReportName)])
	}
	for _, k := range []childSpec{
		{KillAt: rounds.Reviewed, KillRound: 1, KillCount: 1}, // between goldfish calls
		{KillAt: rounds.Reviewed, KillRound: 1, KillCount: 6},
		{KillAt: rounds.Reviewed, KillRound: 2, KillCount: 2},
		{KillAsk: "r1/gate"}, // the resolver journaled, the gate choice not yet
		{KillAt: rounds.Planned, KillRound: 1, KillCount: 1}, // the policy's (empty) patch journaled, not written
		{KillAt: rounds.Decided, KillRound: 1, KillCount: 1}, // the decisions journaled, the fix not written
		{KillAt: rounds.Planned, KillRound: 1, KillCount: 2}, // the fix journaled, not written
		{KillAt: rounds.Written, KillRound: 1, KillCount: 1}, // the fix on disk, not journaled done
		{KillAt: rounds.RoundEnded, KillRound: 1, KillCount: 1},
		{KillAsk: "r1/next"}, // the report written, the turn not answered
		{KillAsk: "r2/next"},
		{KillAt: rounds.RoundEnded, KillRound: 2, KillCount: 1},
	} {
		t.Run(fmt.Sprintf("%s%s-r%d-%d", k.KillAt, k.KillAsk, k.KillRound, k.KillCount), func(t *testing.T) {
			dir := newSpecDir(t)
			if _, killed := child(t, dir, k); !killed {
				t.Fatal("the child was not killed at the planned point")
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
				t.Errorf("the resumed run wrote %d files, the uninterrupted one %d", len(got), len(want))
			}
			done := map[string]int{}
			data, _ := os.ReadFile(filepath.Join(dir, DefaultDir, loop.JournalName))
			recs, _, err := journal.Parse(data)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range recs {
				if r.Kind == journal.KindDone {
					done[r.Key]++
				}
			}
			for k, n := range done {
				if n != 1 {
					t.Errorf("side effect %s journaled done %d times", k, n)
				}
			}
		})
	}
}

// TestUndoAfterRun: an undo restores the document byte for byte, renders
// the summary of what was undone, and a killed undo is finished by the
// next one.
func TestUndoAfterRun(t *testing.T) {
	dir := newSpecDir(t)
	orig, _ := os.ReadFile(filepath.Join(dir, "spec.md"))
	if out, _ := child(t, dir, childSpec{}); out != "converged 3\n" {
		t.Fatal(out)
	}
	if out, _ := child(t, dir, childSpec{Undo: true}); out != "undone [1]\n" {
		t.Fatalf("undo: %q", out)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "spec.md"))
	if string(got) != string(orig) {
		t.Errorf("undo did not restore the document:\n%s", got)
	}
	sum, _ := os.ReadFile(filepath.Join(dir, DefaultDir, "summary.md"))
	if !strings.Contains(string(sum), "Stopped: undone: the document is as it was before the run.") {
		t.Errorf("summary after undo:\n%s", sum)
	}
}

// TestResumeAfterJournalPointKill: a run killed through Loop.JournalObserver
// at a journal point (the first, before the run's start step: the resume
// starts it anew; the start; one mid-run; the next to last) and resumed
// leaves what an uninterrupted run leaves.
func TestResumeAfterJournalPointKill(t *testing.T) {
	ref := newSpecDir(t)
	refOut, _ := child(t, ref, childSpec{})
	want := snapshot(t, ref)
	data, _ := os.ReadFile(filepath.Join(ref, DefaultDir, loop.JournalName))
	recs, _, err := journal.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	for _, at := range []int{1, 2, len(recs) / 2, len(recs) - 1} {
		t.Run(fmt.Sprint(at), func(t *testing.T) {
			dir := newSpecDir(t)
			if _, killed := child(t, dir, childSpec{KillPoint: at}); !killed {
				t.Fatalf("the child was not killed at journal point %d of %d records", at, len(recs))
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
