//go:build unix

package loop_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/internal/drivertest"
	"github.com/kaigi-dev/kaigi/loop/internal/sixthloop"
	"github.com/kaigi-dev/kaigi/loop/journal"
	"github.com/kaigi-dev/kaigi/loop/killtest"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// sixthDoc is the sixth loop's input: CRLF, Japanese text, no final newline.
const sixthDoc = "# 設計\r\n\r\n## Retry\r\n\r\nWe retry a failed call three times, waiting a little longer each time, before we give up.\r\n\r\n## 次\r\n\r\n終わり。"

// sixthWant is the document after the loop: the section rewritten twice,
// the rest as it was.
const sixthWant = "# 設計\r\n\r\n## Retry\r\n\r\nWe retry a failed call three times, waiting each time, before we give up.\r\n\r\n## 次\r\n\r\n終わり。"

func sixthArgs(gate string) json.RawMessage {
	return json.RawMessage(`{"document":"design.md","section":{"heading":"Retry"},"gate":"` + gate + `"}`)
}

func sixthDir(t *testing.T) string {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "design.md"), []byte(sixthDoc), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestSixthLoop: at the file gate the run waits for the write question,
// and once it is answered it ends converged (the current draft held twice
// after two wins) with the section rewritten; UndoRun restores the input
// byte for byte.
func TestSixthLoop(t *testing.T) {
	dir := sixthDir(t)
	l := sixthloop.Scripted()
	got, err := drivertest.RunAnswered(context.Background(), l, dir, sixthArgs("file"))
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Waits) != 1 || got.Waits[0].Question != ".sixth/questions.json" || got.Waits[0].Answer != ".sixth/answers.json" {
		t.Errorf("waits %+v, want one at .sixth/questions.json", got.Waits)
	}
	if got.Stop.Reason != string(loop.Converged) || got.Stop.Usage.Calls != 4*(1+4+2) {
		t.Errorf("stop %+v, want converged after 4 rounds of 7 calls", got.Stop)
	}
	text, _ := os.ReadFile(filepath.Join(dir, "design.md"))
	if string(text) != sixthWant {
		t.Errorf("document\n%q\nwant\n%q", text, sixthWant)
	}
	summary, _ := os.ReadFile(filepath.Join(dir, ".sixth", "summary.md"))
	if !strings.Contains(string(summary), "[R2] the new draft won both orders and was kept") || !strings.Contains(string(summary), "[R4] the current draft held") {
		t.Errorf("summary.md:\n%s", summary)
	}
	if _, err := rounds.UndoRun[sixthloop.Args](context.Background(), l.Config(dir), 0, nil); err != nil {
		t.Fatal(err)
	}
	if text, _ := os.ReadFile(filepath.Join(dir, "design.md")); string(text) != sixthDoc {
		t.Errorf("undone document\n%q\nwant the input", text)
	}
}

// sixthRun runs or resumes the sixth loop in dir at the automatic gate;
// observe sees every journal point. A run killed after its end is done.
func sixthRun(dir string, observe func(journal.Event)) error {
	l := sixthloop.Scripted()
	l.Observe = observe
	_, err := loop.StartOrResume(context.Background(), l, dir, sixthArgs("auto"), true)
	if errors.Is(err, loop.ErrRunFinished) {
		return nil
	}
	return err
}

// TestSixthKillChild is the child process of TestSixthKillAtEveryPoint: it
// runs the loop in KAIGI_SIXTH_DIR and kills itself with SIGKILL at the
// KAIGI_SIXTH_KILL-th journal point (0: never).
func TestSixthKillChild(t *testing.T) {
	dir := os.Getenv("KAIGI_SIXTH_DIR")
	if dir == "" {
		t.Skip("child process of TestSixthKillAtEveryPoint")
	}
	at, _ := strconv.Atoi(os.Getenv("KAIGI_SIXTH_KILL"))
	var points atomic.Int64
	if err := sixthRun(dir, func(journal.Event) {
		if points.Add(1) == int64(at) {
			killtest.Kill()
		}
	}); err != nil {
		t.Fatal(err)
	}
}

// TestSixthKillAtEveryPoint kills the sixth loop at each of its journal
// points and resumes it: the document and the summary are those of an
// uninterrupted run, and undo restores the input.
func TestSixthKillAtEveryPoint(t *testing.T) {
	if testing.Short() {
		t.Skip("re-runs the test binary once per journal point")
	}
	want := sixthDir(t)
	var n atomic.Int64
	if err := sixthRun(want, func(journal.Event) { n.Add(1) }); err != nil {
		t.Fatal(err)
	}
	snapshot := func(dir string) map[string]string { // summary.md names the folder
		files := killtest.Snapshot(t, dir, loop.JournalName)
		for name, text := range files {
			files[name] = strings.ReplaceAll(text, dir, "DIR")
		}
		return files
	}
	wantFiles := snapshot(want)
	child := func(dir string, kill int) error {
		cmd := exec.Command(os.Args[0], "-test.run=^TestSixthKillChild$")
		cmd.Env = append(os.Environ(), "KAIGI_SIXTH_DIR="+dir, "KAIGI_SIXTH_KILL="+strconv.Itoa(kill))
		if out, err := cmd.CombinedOutput(); err != nil {
			return &exec.ExitError{ProcessState: cmd.ProcessState, Stderr: out}
		}
		return nil
	}
	for k := 1; k <= int(n.Load()); k++ {
		dir := sixthDir(t)
		if err := child(dir, k); !killtest.Killed(err) {
			t.Fatalf("kill at point %d: the child was not killed: %v", k, err)
		}
		if err := child(dir, 0); err != nil {
			t.Fatalf("resume after a kill at point %d: %v: %s", k, err, err.(*exec.ExitError).Stderr)
		}
		got := snapshot(dir)
		for name, w := range wantFiles {
			if got[name] != w {
				t.Errorf("kill at point %d: %s\n%q\nwant\n%q", k, name, got[name], w)
			}
		}
		if len(got) != len(wantFiles) {
			t.Errorf("kill at point %d: files %d, want %d", k, len(got), len(wantFiles))
		}
		if _, err := rounds.UndoRun[sixthloop.Args](context.Background(), sixthloop.Loop{}.Config(dir), 0, nil); err != nil {
			t.Fatal(err)
		}
		if text, _ := os.ReadFile(filepath.Join(dir, "design.md")); string(text) != sixthDoc {
			t.Fatalf("kill at point %d: undo left %q", k, text)
		}
	}
	t.Logf("%d journal points", n.Load())
}
