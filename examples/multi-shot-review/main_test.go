package main

import (
	"bytes"
	"context"
	"os/exec"
	"strings"
	"testing"
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
