//go:build unix

package editorial_test

import (
	"context"
	"errors"
	"fmt"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"github.com/kaigi-dev/kaigi/loop/journal"
	"github.com/kaigi-dev/kaigi/loop/rounds"
	"os"
	"path/filepath"
	"testing"
)

// TestUndoAfterKill kills an undo at each point between its phases (the
// plan journaled, a revert written, a revert journaled). Every later undo
// must work, and the article must end byte-identical to the original; a
// run started instead finishes the interrupted undo first.
func TestUndoAfterKill(t *testing.T) {
	for _, tc := range []struct {
		kill childSpec
		then []string // what the user does next
	}{
		{childSpec{KillAt: editorial.UndoPlanned, KillRound: 0, KillCount: 1}, []string{"undo", "run"}},                   // planned, nothing written
		{childSpec{KillAt: editorial.UndoWritten, KillRound: 2, KillCount: 1}, []string{"undo", "resume", "run", "edit"}}, // round 2 reverted, not journaled
		{childSpec{KillAt: editorial.UndoRecorded, KillRound: 2, KillCount: 1}, []string{"undo", "resume", "run"}},        // round 2 done, round 1 not begun
		{childSpec{KillAt: editorial.UndoWritten, KillRound: 1, KillCount: 1}, []string{"undo", "resume"}},                // round 1 reverted, not journaled
		{childSpec{KillAt: editorial.UndoRecorded, KillRound: 1, KillCount: 1}, []string{"undo", "run"}},                  // all reverted, the end not journaled
	} {
		kill := tc.kill
		for _, then := range tc.then {
			t.Run(fmt.Sprintf("%s-r%d-then-%s", kill.KillAt, kill.KillRound, then), func(t *testing.T) {
				dir := t.TempDir()
				article := filepath.Join(dir, "article.md")
				os.WriteFile(article, []byte(chainDoc), 0o644)
				if out, killed := child(t, dir, childSpec{}); killed || out != "stalled 3\n" {
					t.Fatalf("the run: %q, killed %v", out, killed)
				}
				kill.Undo = true
				if _, killed := child(t, dir, kill); !killed {
					t.Fatal("the undo was not killed at the planned point")
				}
				edir := filepath.Join(dir, ".editorial")
				switch then {
				case "edit": // someone edits the half-reverted article: nothing more is written
					edited := readFile(t, article) + "an edit\n"
					os.WriteFile(article, []byte(edited), 0o644)
					if _, err := editorial.Undo(edir, 0); !errors.Is(err, rounds.ErrDocumentChanged) {
						t.Errorf("undo after an edit: %v, want ErrDocumentChanged", err)
					}
					if readFile(t, article) != edited {
						t.Error("the undo wrote over the edit")
					}
					return
				case "undo":
					if out, killed := child(t, dir, childSpec{Undo: true}); killed || out != "undone [2 1]\n" {
						t.Fatalf("the undo after the kill: %q, want \"undone [2 1]\"", out)
					}
				case "resume": // a run resumed instead finishes the undo; nothing is left to resume
					_, err := (&editorial.Loop{Council: chainCouncil(), Dir: edir}).Resume(context.Background(), article)
					if !errors.Is(err, loop.ErrNothingToResume) {
						t.Fatalf("resume after the kill: %v, want ErrNothingToResume", err)
					}
				case "run": // a new run finishes the undo, then reviews the original
					if out, killed := child(t, dir, childSpec{}); killed || out != "stalled 3\n" {
						t.Fatalf("a new run after the kill: %q", out)
					}
					undone := 0
					for _, r := range records(t, filepath.Join(edir, "history", "run-1", editorial.JournalName)) {
						if r.Kind == journal.KindUndone {
							undone++
						}
					}
					if undone != 2 {
						t.Errorf("the finished run's journal records %d reverts, want 2", undone)
					}
					if _, err := editorial.Undo(edir, 0); err != nil {
						t.Fatalf("undo of the new run: %v", err)
					}
				}
				if got := readFile(t, article); got != chainDoc {
					t.Fatalf("the article is\n%q\nwant the original\n%q", got, chainDoc)
				}
				mustContain(t, "summary.md", readFile(t, filepath.Join(edir, "summary.md")), "undone")
				if _, err := editorial.Undo(edir, 0); !errors.Is(err, rounds.ErrNothingToUndo) {
					t.Errorf("a later undo: %v, want ErrNothingToUndo", err)
				}
				if got := readFile(t, article); got != chainDoc {
					t.Errorf("a later undo changed the article")
				}
			})
		}
	}
}
