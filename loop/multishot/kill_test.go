//go:build unix

package multishot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/kaigi-dev/kaigi/loop/killtest"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// killLoop is the session the kill test interrupts: two slices, two shots,
// a fix written through the journal, a judge, a second wave; calls made one
// at a time, each logged to calls.log when it finishes.
func killLoop(dir string, observe func(journal.Event)) *Loop {
	fixable := sf(P3, "docs/guide.md", 3, 3, "doubled word")
	fixable.Quote, fixable.Fix = "とても とても", "とても"
	sc := &script{answers: map[string][]ShotFinding{
		"code/1/1": {sf(P1, "app/main.go", 6, 6, "Error from os.Open is ignored")},
		"code/1/2": {sf(P2, "app/main.go", 6, 6, "error from os.Open ignored"), sf(P3, "app/main.go", 7, 7, "Close error dropped")},
		"docs/1/1": {fixable},
		"docs/1/2": {fixable},
	}}
	var mu sync.Mutex
	logged := ReviewerFunc(func(ctx context.Context, in ShotInput) (Result, agent.Usage, error) {
		res, u, err := sc.Review(ctx, in)
		mu.Lock()
		defer mu.Unlock()
		f, ferr := os.OpenFile(filepath.Join(dir, "calls.log"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if ferr == nil {
			fmt.Fprintf(f, "w%d/%s/%d/%d\n", in.Wave, in.Slice.Name, in.Pass, in.Shot)
			f.Close()
		}
		return res, u, err
	})
	return &Loop{Dir: filepath.Join(dir, "session"), Memory: filepath.Join(dir, "memory.json"), Reviewer: logged,
		Classifier: fixedSlices(codeSlice, docsSlice), Shots: 2, MaxPasses: 1, MaxParallel: 1,
		Asker: &answers{choice: func(q loop.Question) (string, string) {
			switch {
			case q.Default == ChoiceFix:
				return ChoiceFix, ""
			case strings.Contains(q.Prompt, " P1 "):
				return ChoiceFixed, "checked the error"
			}
			return ChoiceIgnore, "not now"
		}}, JournalObserver: observe}
}

// TestKillChild is the child process of TestKillAndResume.
func TestKillChild(t *testing.T) {
	dir := os.Getenv("KAIGI_MS_DIR")
	if dir == "" {
		t.Skip("child process of TestKillAndResume")
	}
	at, _ := strconv.Atoi(os.Getenv("KAIGI_MS_KILL"))
	points := 0
	l := killLoop(dir, func(journal.Event) {
		if points++; points == at {
			killtest.Kill()
		}
	})
	var err error
	if os.Getenv("KAIGI_MS_RESUME") != "" {
		_, err = l.Resume(context.Background())
	}
	if os.Getenv("KAIGI_MS_RESUME") == "" || errors.Is(err, loop.ErrNotStarted) {
		// A kill before the session's start was journaled: it never
		// started, so it is run again.
		_, err = l.Run(context.Background(), Target{Repo: filepath.Join(dir, "repo"), Kind: Uncommitted}, "task")
	}
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("points=%d\n", points)
}

// canonical is a summary with its session-specific parts (random ids,
// times) replaced: ids by their finding's position.
func canonical(t *testing.T, dir string) string {
	data, err := os.ReadFile(filepath.Join(dir, "session", "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	var s Summary
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	repl := []string{}
	for i, f := range s.Findings {
		repl = append(repl, f.ID, fmt.Sprintf("F%d", i))
	}
	for i := range s.Findings {
		s.Findings[i].State.At = time.Time{}
	}
	// The out and err records are derived from the rest (recorded
	// summaries predate them).
	s.Out, s.Err = nil, nil
	out, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	doc, _ := os.ReadFile(filepath.Join(dir, "repo", "docs", "guide.md"))
	return strings.NewReplacer(repl...).Replace(string(out)) + "\n" + string(doc)
}

func TestKillAndResume(t *testing.T) {
	if testing.Short() {
		t.Skip("re-runs the test binary many times")
	}
	tmpl := sampleRepo(t)
	child := func(dir string, killAt int, resume bool) (string, error) {
		cmd := exec.Command(os.Args[0], "-test.run=^TestKillChild$", "-test.v")
		cmd.Env = append(os.Environ(), "KAIGI_MS_DIR="+dir, "KAIGI_MS_KILL="+strconv.Itoa(killAt))
		if resume {
			cmd.Env = append(cmd.Env, "KAIGI_MS_RESUME=1")
		}
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	setup := func() string {
		dir := t.TempDir()
		if err := copyDir(tmpl.dir, filepath.Join(dir, "repo")); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	ref := setup()
	out, err := child(ref, 0, false)
	if err != nil {
		t.Fatalf("uninterrupted run: %v\n%s", err, out)
	}
	var points int
	fmt.Sscanf(out[strings.Index(out, "points="):], "points=%d", &points)
	want := canonical(t, ref)
	wantCalls, _ := os.ReadFile(filepath.Join(ref, "calls.log"))
	if points < 20 || !strings.Contains(want, "とても 大事な") || strings.Count(string(wantCalls), "\n") != 5 {
		t.Fatalf("uninterrupted run: %d points, calls\n%s\n%s", points, wantCalls, want)
	}
	for at := 1; at <= points; at++ {
		dir := setup()
		out, err := child(dir, at, false)
		if !killtest.Killed(err) {
			t.Fatalf("kill at %d: the child was not killed: %v\n%s", at, err, out)
		}
		resume := !errors.Is(statErr(filepath.Join(dir, "session", "journal.jsonl")), fs.ErrNotExist)
		if out, err := child(dir, 0, resume); err != nil {
			t.Fatalf("resume after kill at %d: %v\n%s", at, err, out)
		}
		if got := canonical(t, dir); got != want {
			t.Fatalf("kill at %d: resumed session differs:\n got %s\nwant %s", at, got, want)
		}
		if stale := tempFiles(t, dir); len(stale) > 0 {
			t.Fatalf("kill at %d: temporary files left after the resume: %q", at, stale)
		}
		calls, _ := os.ReadFile(filepath.Join(dir, "calls.log"))
		if string(calls) != string(wantCalls) {
			t.Fatalf("kill at %d: calls\n%s\nwant (each finished shot once)\n%s", at, calls, wantCalls)
		}
	}
}

func statErr(p string) error { _, err := os.Stat(p); return err }

// tempRE matches the names of apply.Dir's temporary files.
var tempRE = regexp.MustCompile(`^\..+\.[A-Z2-7]{10}\.tmp$`)

// tempFiles returns the temporary files of interrupted writes under dir.
func tempFiles(t *testing.T, dir string) []string {
	var out []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && tempRE.MatchString(d.Name()) {
			out = append(out, p)
		}
		return nil
	})
	return out
}

// copyDir copies a folder tree (a repository with its working tree).
func copyDir(from, to string) error {
	return filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		dst := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
}
