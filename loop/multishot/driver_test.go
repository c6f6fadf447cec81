package multishot

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"slices"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/internal/drivertest"
)

// driverRepo returns a repository with an uncommitted change of a Go
// file and a Japanese document (CRLF, a BOM, no final newline).
func driverRepo(t *testing.T) *repo {
	r := newRepo(t)
	r.write("app/main.go", "package main\n\nfunc main() {}\n")
	r.write("docs/guide.md", "# Guide\n\nOld text.\n")
	r.commit("base")
	r.write("app/main.go", "package main\n\nimport \"os\"\n\nfunc main() {\n\tf, _ := os.Open(\"x\")\n\tf.Close()\n}\n")
	r.write("docs/guide.md", "\ufeff# ガイド\r\n\r\nとても とても 大事な 変更。\r\nNew text")
	return r
}

// TestDriverAnsweredByFile: the multi-shot review as a loop.Driver with
// the file gate stops at the triage naming the session's questions.json
// and answers.json; answered with each question's default and resumed,
// it fixes the same files with the same stop as the automatic gate. A
// resume where no session was started is loop.ErrNotStarted.
func TestDriverAnsweredByFile(t *testing.T) {
	ctx := context.Background()
	configure := func(Args) (*Loop, error) { return killLoop(t.TempDir(), nil), nil }
	d := NewDriver(configure)
	autoRepo := driverRepo(t)
	auto, _ := json.Marshal(Args{Kind: Uncommitted, Task: "open a file", Gate: loop.GateAuto, Memory: ".multishot/memory.json"})
	want, err := d.Run(ctx, autoRepo.dir, auto, false)
	if err != nil || want.Waiting() || want.Usage.Calls == 0 || !slices.Equal(want.Artifacts, []string{".multishot/session/summary.md", ".multishot/session/summary.json"}) {
		t.Fatalf("auto gate: %+v, %v", want, err)
	}

	r := driverRepo(t)
	args, _ := json.Marshal(Args{Kind: Uncommitted, Task: "open a file", Memory: ".multishot/memory.json"})
	if _, err := d.Run(ctx, r.dir, args, true); !errors.Is(err, loop.ErrNotStarted) {
		t.Fatalf("resume before any run: %v, want ErrNotStarted", err)
	}
	ran, err := drivertest.RunAnswered(ctx, d, r.dir, args)
	if err != nil {
		t.Fatal(err)
	}
	stop, answers := ran.Stop, ran.Answers
	for _, w := range ran.Waits {
		if w.Answer != ".multishot/session/"+loop.AnswersFile {
			t.Errorf("waited for %+v", w)
		}
	}
	if len(answers) == 0 {
		t.Error("the file gate asked nothing")
	}
	if stop.Reason != want.Reason || stop.Text != want.Text || stop.Usage != want.Usage {
		t.Errorf("stopped %+v, with the automatic gate %+v", stop, want)
	}
	for _, f := range []string{"app/main.go", "docs/guide.md"} {
		if got, auto := r.read(f), autoRepo.read(f); got != auto {
			t.Errorf("%s is %q, with the automatic gate %q", f, got, auto)
		}
	}
}

// TestDriverRefusesPathsOutside: a session folder, repository or memory
// outside the Driver's folder is refused before anything is written.
func TestDriverRefusesPathsOutside(t *testing.T) {
	d := NewDriver(func(Args) (*Loop, error) { return killLoop(t.TempDir(), nil), nil })
	dir := t.TempDir()
	for _, a := range []Args{{Dir: "../s"}, {Repo: "/"}, {Memory: "a/../../m.json"}, {Gate: "terminal"}} {
		a.Kind, a.Task = Uncommitted, "task"
		raw, _ := json.Marshal(a)
		if _, err := d.Run(context.Background(), dir, raw, false); err == nil {
			t.Errorf("%+v: no error", a)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("refused runs left %d entries", len(entries))
	}
}
