//go:build unix

package journal_test

import (
	"context"
	"crypto/sha256"
	"fmt"
	"github.com/kaigi-dev/kaigi/loop/killtest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// miniLoop is a two-step loop built from the kernel's blocks alone: each
// round a "review" step proposes one edit (drop the first "very ") and a
// side effect writes it; it stops when a review finds nothing or after
// three rounds.
func miniLoop(ctx context.Context, dir string, observe func(journal.Event)) error {
	j, err := journal.Open(filepath.Join(dir, "journal.jsonl"), journal.Options{Driver: "mini", Observe: observe})
	if err != nil {
		return err
	}
	defer j.Close()
	root, err := apply.OpenDir(filepath.Join(dir, "work"))
	if err != nil {
		return err
	}
	defer root.Close()
	for n := 1; n <= 3; n++ {
		p, err := journal.Step(ctx, j, fmt.Sprintf("r%d/review", n), func(context.Context) (*apply.Patch, error) {
			doc, err := root.ReadFile("draft.md")
			if err != nil {
				return nil, err
			}
			i := strings.Index(string(doc), "very ")
			if i < 0 {
				return nil, nil
			}
			return apply.NewPatch(doc, []apply.Change{{Keys: []string{fmt.Sprint("r", n)}, Edit: apply.Edit{Start: i, End: i + 5, Old: "very "}}})
		})
		if err != nil || p == nil {
			return err
		}
		if err := j.Commit(ctx, fmt.Sprintf("r%d/write", n), root, []journal.FileChange{{Name: "draft.md", Patch: p}}); err != nil {
			return err
		}
	}
	return nil
}

// TestMiniLoopChild is the child process of TestMiniLoopSurvivesKill: it
// runs miniLoop in KAIGI_MINI_DIR and kills itself with SIGKILL at the
// KAIGI_MINI_KILL-th journal point.
func TestMiniLoopChild(t *testing.T) {
	dir := os.Getenv("KAIGI_MINI_DIR")
	if dir == "" {
		t.Skip("child process of TestMiniLoopSurvivesKill")
	}
	at, _ := strconv.Atoi(os.Getenv("KAIGI_MINI_KILL"))
	points := 0
	err := miniLoop(context.Background(), dir, func(journal.Event) {
		if points++; points == at {
			killtest.Kill()
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("points=%d\n", points)
}

func TestMiniLoopSurvivesKill(t *testing.T) {
	const text = "a very very short and very \r\n日本語 text"
	run := func(dir string, killAt int) (string, error) {
		cmd := exec.Command(os.Args[0], "-test.run=^TestMiniLoopChild$", "-test.v")
		cmd.Env = append(os.Environ(), "KAIGI_MINI_DIR="+dir, "KAIGI_MINI_KILL="+strconv.Itoa(killAt))
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	setup := func() string {
		dir := t.TempDir()
		os.Mkdir(filepath.Join(dir, "work"), 0o755)
		os.WriteFile(filepath.Join(dir, "work", "draft.md"), []byte(text), 0o644)
		return dir
	}
	result := func(dir string) string {
		doc, _ := os.ReadFile(filepath.Join(dir, "work", "draft.md"))
		j, err := journal.Open(filepath.Join(dir, "journal.jsonl"), journal.Options{Driver: "mini"})
		if err != nil {
			t.Fatal(err)
		}
		defer j.Close()
		var keys []string
		for _, r := range j.Records() {
			keys = append(keys, r.Kind+" "+r.Key)
		}
		return fmt.Sprintf("%x %s", sha256.Sum256(doc), strings.Join(keys, ","))
	}
	ref := setup()
	out, err := run(ref, 0)
	if err != nil {
		t.Fatalf("uninterrupted run: %v\n%s", err, out)
	}
	var points int
	fmt.Sscanf(out[strings.Index(out, "points="):], "points=%d", &points)
	want := result(ref)
	if doc, _ := os.ReadFile(filepath.Join(ref, "work", "draft.md")); string(doc) != "a short and \r\n日本語 text" || points < 10 {
		t.Fatalf("uninterrupted run made %q in %d points", doc, points)
	}
	for at := 1; at <= points; at++ {
		dir := setup()
		out, err := run(dir, at)
		if !killtest.Killed(err) {
			t.Fatalf("kill at %d: the child was not killed: %v\n%s", at, err, out)
		}
		if out, err := run(dir, 0); err != nil {
			t.Fatalf("resume after kill at %d: %v\n%s", at, err, out)
		}
		if got := result(dir); got != want {
			t.Fatalf("kill at %d: resumed run differs:\n got %s\nwant %s", at, got, want)
		}
	}
}
