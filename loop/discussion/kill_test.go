//go:build unix

package discussion

import (
	"context"
	"errors"
	"fmt"
	"github.com/kaigi-dev/kaigi/loop/killtest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"sync/atomic"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/discussion/board"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// killDebate is the debate the kill test interrupts: three offline
// participants over three rounds and the offline lead, run or resumed in
// root; onRecord sees every journal point.
func killDebate(root string, onRecord func(journal.Event)) (*Outcome, error) {
	names := []string{"slop", "facts", "narr"}
	d := &Discussion{Spec: testSpec(3, names...), Participants: offlineSeat(names...), Lead: NewOfflineLead("lead"), Root: root, JournalObserver: onRecord,
		Seeds: func(key string) uint64 { return uint64(len(key)) * 0x9e3779b97f4a7c15 }}
	dir := filepath.Join(root, ".discussion", "t1")
	if _, err := os.Stat(filepath.Join(dir, VerdictFile)); err == nil {
		return nil, nil // killed after the artifacts: the run ended, or its end record alone is missing
	}
	o, err := d.Resume(context.Background())
	if errors.Is(err, loop.ErrNotStarted) { // killed before the start step
		return d.Run(context.Background())
	}
	return o, err
}

// TestKillChild is the child process of TestKillAtEveryJournalPoint: it
// runs killDebate in KAIGI_DISCUSSION_ROOT and kills itself with SIGKILL
// at the KAIGI_DISCUSSION_KILL-th journal point (0: never).
func TestKillChild(t *testing.T) {
	root := os.Getenv("KAIGI_DISCUSSION_ROOT")
	if root == "" {
		t.Skip("child process of TestKillAtEveryJournalPoint")
	}
	at, _ := strconv.Atoi(os.Getenv("KAIGI_DISCUSSION_KILL"))
	var points atomic.Int64
	_, err := killDebate(root, func(journal.Event) {
		if points.Add(1) == int64(at) {
			killtest.Kill()
		}
	})
	if err != nil {
		t.Fatal(err)
	}
}

// postKey is a post without its time.
func postKey(p board.Post) string {
	return fmt.Sprintf("%s|%s|%d|%s|%s|%v|%v", p.ID, p.Author, p.Round, p.Kind, p.Body, p.Refs, p.Finding != nil)
}

// TestKillAtEveryJournalPoint kills a debate at each of its journal points
// and resumes it: the board (every post once, in order), the whiteboard and
// the verdict are those of an uninterrupted debate.
func TestKillAtEveryJournalPoint(t *testing.T) {
	if testing.Short() {
		t.Skip("re-runs the test binary once per journal point")
	}
	var n atomic.Int64
	want, err := killDebate(workspace(t), func(journal.Event) { n.Add(1) })
	points := int(n.Load())
	if err != nil {
		t.Fatal(err)
	}
	var wantPosts []string
	for _, p := range want.Board.Posts() {
		wantPosts = append(wantPosts, postKey(p))
	}
	child := func(root string, kill int) error {
		cmd := exec.Command(os.Args[0], "-test.run=^TestKillChild$")
		cmd.Env = append(os.Environ(), "KAIGI_DISCUSSION_ROOT="+root, "KAIGI_DISCUSSION_KILL="+strconv.Itoa(kill))
		out, err := cmd.CombinedOutput()
		if err != nil {
			return fmt.Errorf("%w\n%s", err, out)
		}
		return nil
	}
	for k := 1; k <= points; k++ {
		root := workspace(t)
		err := child(root, k)
		if !killtest.Killed(err) {
			t.Fatalf("kill at point %d: the child was not killed: %v", k, err)
		}
		if err := child(root, 0); err != nil {
			t.Fatalf("resume after a kill at point %d: %v", k, err)
		}
		dir := filepath.Join(root, ".discussion", "t1")
		b, err := journaledBoard(dir)
		if err != nil {
			t.Fatalf("kill at point %d: %v", k, err)
		}
		var got []string
		for _, p := range b.Posts() {
			got = append(got, postKey(p))
		}
		if !slices.Equal(got, wantPosts) {
			i := 0
			for i < min(len(got), len(wantPosts)) && got[i] == wantPosts[i] {
				i++
			}
			t.Fatalf("kill at point %d: the board differs at post %d (%d posts, want %d):\n%q\nwant\n%q", k, i, len(got), len(wantPosts), got[i:], wantPosts[i:])
		}
		wb, _ := os.ReadFile(filepath.Join(dir, WhiteboardFile))
		if string(wb) != string(b.Render()) {
			t.Errorf("kill at point %d: whiteboard.md is not the journaled board", k)
		}
		v, _ := os.ReadFile(filepath.Join(dir, VerdictFile))
		if string(v) != string(want.Verdict)+"\n" {
			t.Errorf("kill at point %d: verdict.json\n%s\nwant\n%s", k, v, want.Verdict)
		}
	}
	t.Logf("%d journal points", points)
}

// journaledBoard reads the board from the journal of the run folder dir;
// board.Read refuses a post journaled twice.
func journaledBoard(dir string) (*board.Board, error) {
	j, err := journal.Open(filepath.Join(dir, loop.JournalName), journal.Options{Driver: Driver, Kinds: []string{kindEnd}})
	if err != nil {
		return nil, err
	}
	defer j.Close()
	return board.Read(j.Records())
}
