package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/examples/internal/sarifcheck"
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
		"ok=true remaining=0", "docs/logo.png skipped: binary", "ja-no-redundant-expression", "| applied, final |",
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
	repo := t.TempDir()
	for _, args := range [][]string{{"init", "-q"}, {"commit", "-q", "--allow-empty", "-m", "base"}} {
		if out, err := exec.Command("git", append([]string{"-C", repo, "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
	}
	os.WriteFile(filepath.Join(repo, "notes.md"), []byte("# Notes\n\nIn today's fast-paced world, notes matter.\n"), 0o644)
	dir := filepath.Join(t.TempDir(), "s")
	common := []string{"-repo", repo, "-dir", dir, "-memory", "", "-rules", "strict"} // the stock phrase of notes.md is not on by default
	code, out, errs := runCmd(t, append(common, "-uncommitted", "-report", "-task", "write notes")...)
	if code != exitOK || !strings.Contains(out, "ok=true remaining=1") {
		t.Fatalf("report: exit %d\n%s\n%s", code, out, errs)
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
	}
	if code, _, _ := runCmd(t, "-format", "xml"); code != exitError {
		t.Errorf("-format xml: exit %d", code)
	}
}
