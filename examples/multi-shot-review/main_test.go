package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/examples/internal/cli"
	"github.com/kaigi-dev/kaigi/examples/internal/sarifcheck"
)

// The command's exit codes.
const (
	exitOK        = cli.ExitOK
	exitError     = cli.ExitError
	exitRemaining = cli.ExitStopped
)

// runCmd runs the command in process with stdin not a terminal.
func runCmd(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func TestDemoOffline(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	for _, k := range []string{"KAIGI_PROVIDER", "OPENAI_API_KEY", "ANTHROPIC_API_KEY", "OPENROUTER_API_KEY"} {
		t.Setenv(k, "")
	}
	code, out, errs := runCmd(t)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	for _, want := range []string{
		"offline", "wave 1: 3 slice(s), 6 shot(s)", "code-cart dedupe: 1 automatic duplicate(s)",
		"code-cart judge: continue", "docs judge: stop", "wave 2: 1 slice(s), 1 shot(s)", "pass 2 (window 2",
		"ok=true remaining=0", "docs/logo.png skipped: not a text document: docs/logo.png looks binary", "ja-no-redundant-expression", "| applied, final |",
		// The follow-ups: a slice with its shots and harness, a refused
		// and an allowed reclassification, the out records.
		"classifier log: ", "wave 3: 1 slice(s), 3 shot(s)", "  docs-ja shot 3:", "(active: code-cart, docs, tests-cart, docs-ja)",
		"slice docs-ja: remove: ", "wave 4: 3 slice(s), 6 shot(s)", "classifier-3.log", "out: {s:code-cart p:1 sh:1 f:logs/w1_code-cart-1.md ids:[f_",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the demo's output lacks %q:\n%s", want, out)
		}
	}
}

func TestFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-uncommitted", "-commit", "HEAD"},
		{"extra"},
		{"-repo", t.TempDir(), "-uncommitted"}, // no task
		{"-repo", t.TempDir(), "-uncommitted", "-task", "x", "-gate", "maybe"},
		{"-continue", "-slice-shots", "3"},                 // no -add-slice
		{"-continue", "-slice-harness", "offline"},         // no -add-slice
		{"-remove-slice", "docs", "-directive", "drop it"}, // not a follow-up
	} {
		if code, _, _ := runCmd(t, args...); code != exitError {
			t.Errorf("%q: exit %d, want %d", args, code, exitError)
		}
	}
	if code, _, _ := runCmd(t, "-h"); code != exitOK {
		t.Errorf("-h: exit %d", code)
	}
}

// TestSessionFlags: a Report session on a repository of one's own, then a
// follow-up that removes its slice with the user's words, then -resume of
// the finished session.
func TestSessionFlags(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	t.Setenv("KAIGI_PROVIDER", "")
	t.Setenv("OPENAI_API_KEY", "")
	t.Setenv("ANTHROPIC_API_KEY", "")
	t.Setenv("OPENROUTER_API_KEY", "")
	repo := emptyRepo(t)
	os.WriteFile(filepath.Join(repo, "notes.md"), []byte("# Notes\n\nIn today's fast-paced world, notes matter.\n"), 0o644)
	dir := filepath.Join(t.TempDir(), "s")
	common := []string{"-repo", repo, "-dir", dir, "-memory", "", "-rules", "strict"} // the stock phrase of notes.md is not on by default
	code, out, errs := runCmd(t, append(common, "-uncommitted", "-report", "-task", "write notes")...)
	if code != exitRemaining || !strings.Contains(out, "ok=true remaining=1") {
		t.Fatalf("report with a finding remaining: exit %d, want %d\n%s\n%s", code, exitRemaining, out, errs)
	}
	if code, out, errs := runCmd(t, append(common, "-continue", "-remove-slice", "docs")...); code != exitError || !strings.Contains(errs, "verbatim") {
		t.Errorf("a removal without the user's words: exit %d\n%s\n%s", code, out, errs)
	}
	code, out, errs = runCmd(t, append(common, "-continue", "-remove-slice", "docs", "-directive", "stop reviewing the notes")...)
	if code != exitOK || !strings.Contains(out, "ok=true remaining=0") {
		t.Errorf("follow-up: exit %d\n%s\n%s", code, out, errs)
	}
	if code, out, errs := runCmd(t, append(common, "-resume")...); code != exitOK || !strings.Contains(out, "remaining=0") {
		t.Errorf("resume of a finished session: exit %d\n%s\n%s", code, out, errs)
	}
}

func TestDemoFormats(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	t.Setenv("KAIGI_PROVIDER", "")
	for _, f := range []string{"sarif", "rdjsonl", "json"} {
		code, out, errs := runCmd(t, "-format", f)
		if code != exitOK || !strings.Contains(errs, "wave 1") || strings.Contains(out, "wave 1") {
			t.Errorf("-format %s: exit %d; progress belongs on stderr\n%s", f, code, out)
		}
		if !strings.Contains(out, "fmt.Printf format %d has arg it.Name") && !strings.Contains(out, `has arg it.Name`) {
			t.Errorf("-format %s lacks the vet finding:\n%s", f, out)
		}
		if f == "sarif" {
			sarifcheck.Check(t, []byte(out))
		}
		if f == "json" && (!strings.Contains(out, `"wave": 4`) || !strings.Contains(out, `"sh": 3`)) {
			t.Errorf("-format json is not the summary of the session after its follow-ups:\n%s", out)
		}
	}
	if code, _, _ := runCmd(t, "-format", "xml"); code != exitError {
		t.Errorf("-format xml: exit %d", code)
	}
}

// TestCountFlags: a count that would be replaced by a default, or that
// means nothing, is refused with a message naming the flag.
func TestCountFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-shots", "0"}, "-shots 0"},
		{[]string{"-shots", "-2"}, "-shots -2"},
		{[]string{"-max-passes", "0"}, "-max-passes 0"},
		{[]string{"-shot-passes", "0"}, "-shot-passes 0"},
		{[]string{"-max-parallel", "-1"}, "-max-parallel -1"},
		{[]string{"-timeout", "-1s"}, "-timeout -1s"},
	} {
		code, out, errs := runCmd(t, tc.args...)
		if code != exitError || !strings.Contains(errs, tc.want) || strings.Contains(out, "wave 1") {
			t.Errorf("%q: exit %d, want %d with %q\n%s\n%s", tc.args, code, exitError, tc.want, out, errs)
		}
	}
}

// TestRefusedRunCreatesNothing: outside a git repository, or on a
// repository folder that does not exist, the run is refused and no session
// folder is left behind.
func TestRefusedRunCreatesNothing(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	t.Setenv("KAIGI_PROVIDER", "")
	wd := t.TempDir()
	t.Chdir(wd)
	for _, args := range [][]string{
		{"-uncommitted", "-task", "x"},
		{"-repo", "nosuchdir", "-dir", "ms1", "-uncommitted", "-task", "x"},
		{"-repo", ".", "-dir", "ms1", "-commit", "nosuchref", "-task", "x"},
	} {
		if code, out, errs := runCmd(t, args...); code != exitError {
			t.Errorf("%q: exit %d, want %d\n%s\n%s", args, code, exitError, out, errs)
		}
		if left, _ := os.ReadDir(wd); len(left) > 0 {
			t.Errorf("%q left %s", args, left[0].Name())
		}
	}
}

// TestDemoSaysWhere: the demo names its temporary repository and session
// folder; they are removed at its end unless -keep is given, and a demo
// whose file gate waits keeps them and says how to go on.
func TestDemoSaysWhere(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	t.Setenv("KAIGI_PROVIDER", "")
	t.Chdir(t.TempDir())
	where := func(out string) (repo, session string) {
		for _, line := range strings.Split(out, "\n") {
			if v, ok := strings.CutPrefix(line, "repository: "); ok {
				repo = strings.Fields(v)[0]
			}
			if v, ok := strings.CutPrefix(line, "session: "); ok {
				session = strings.Fields(v)[0]
			}
		}
		return repo, session
	}
	code, out, errs := runCmd(t)
	repo, session := where(out)
	if code != exitOK || repo == "" || session == "" || !strings.HasPrefix(session, repo) {
		t.Fatalf("exit %d; the demo does not say where its repository (%q) and session (%q) are:\n%s\n%s", code, repo, session, out, errs)
	}
	if _, err := os.Stat(repo); !os.IsNotExist(err) {
		t.Errorf("the demo's repository %s is still there (%v)", repo, err)
	}
	code, out, errs = runCmd(t, "-keep")
	repo, session = where(out)
	if repo != "" {
		defer os.RemoveAll(repo)
	}
	if _, err := os.Stat(filepath.Join(session, "summary.md")); code != exitOK || err != nil {
		t.Errorf("-keep: exit %d, %v\n%s\n%s", code, err, out, errs)
	}
	code, out, errs = runCmd(t, "-gate", "file")
	repo, session = where(out)
	if repo != "" {
		defer os.RemoveAll(repo)
	}
	if _, err := os.Stat(filepath.Join(session, "questions.json")); code != exitRemaining || err != nil || !strings.Contains(out, "-resume") {
		t.Errorf("-gate file: exit %d, %v\n%s\n%s", code, err, out, errs)
	}
	if left, _ := os.ReadDir("."); len(left) > 0 {
		t.Errorf("the demo wrote %s into the working directory", left[0].Name())
	}
}

// TestTaskSizeLimit: a request past the kernel's document limit is
// refused, from a file or from standard input, not cut short silently.
func TestTaskSizeLimit(t *testing.T) {
	big := strings.Repeat("request ", (4<<20)/8+1)
	name := filepath.Join(t.TempDir(), "task.md")
	os.WriteFile(name, []byte(big), 0o644)
	repo := t.TempDir()
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"-repo", repo, "-uncommitted", "-task-file", "-"}, strings.NewReader(big), &out, &errb)
	if code != exitError || !strings.Contains(errb.String(), "too large") {
		t.Errorf("-task-file -: exit %d\n%s", code, errb.String())
	}
	if code, _, errs := runCmd(t, "-repo", repo, "-uncommitted", "-task-file", name); code != exitError || !strings.Contains(errs, "too large") {
		t.Errorf("-task-file %s: exit %d\n%s", name, code, errs)
	}
}
