package editorial_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"github.com/kaigi-dev/kaigi/loop/rounds"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// TestResumeARunOfTheFormerDriver: a run the driver before the kernel's
// Run journaled (its rounds kept each document's text and findings in an
// "items" step, its gate waits in "wait" steps), stopped waiting for
// decisions, is resumed by this driver with the decisions filled in, goes
// on to its end, and is undone to the original text.
func TestResumeARunOfTheFormerDriver(t *testing.T) {
	src := filepath.Join("testdata", "v2-waiting")
	root := t.TempDir()
	dir := filepath.Join(root, ".editorial")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	article := filepath.Join(root, "article.md")
	os.WriteFile(article, []byte(readFile(t, filepath.Join(src, "article.md"))), 0o644)
	os.WriteFile(filepath.Join(dir, editorial.JournalName), []byte(strings.ReplaceAll(readFile(t, filepath.Join(src, "journal.jsonl")), "@ROOT@", root)), 0o644)
	os.WriteFile(filepath.Join(dir, editorial.DecisionsName), []byte(readFile(t, filepath.Join(src, "decisions.json"))), 0o644)
	c := council.Council{Members: council.Members(offline.Editorial(offline.Config{})...), Limit: 4}
	l := &editorial.Loop{Council: c, Dir: dir, Gate: rounds.FileGate{Path: filepath.Join(dir, editorial.DecisionsName)}}
	out, err := l.Resume(context.Background(), article)
	if out == nil {
		t.Fatalf("resume: %v", err)
	}
	if out.Reason == loop.AwaitingDecisions && out.Rounds == 1 {
		t.Fatalf("resume still waits in round 1: the decisions were not taken (%v)", err)
	}
	t.Logf("resumed: %s after %d round(s), %d applied, %d rejected, err %v", out.Reason, out.Rounds, len(out.Applied), len(out.Rejected), err)
	if len(out.Rejected) < 24 {
		t.Errorf("the 24 rejections of the decisions file were not all kept: %d", len(out.Rejected))
	}
	for _, e := range out.Rejected {
		if e.Round == 1 && e.Reason != "kept as written" {
			t.Errorf("round 1 rejection %s: reason %q", e.Item.Key, e.Reason)
		}
	}
	if _, err := editorial.Undo(dir, 0); err != nil {
		t.Fatalf("undo: %v", err)
	}
	if readFile(t, article) != readFile(t, filepath.Join(src, "article.orig.md")) {
		t.Error("undo did not bring the original text back")
	}
}
