package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/examples/internal/cli"
)

// TestChangedFileClosesTheRun: a file edited by someone else while the
// run waits closes the run with what it applied; the command prints its
// report, says why on stderr and exits 2 (stopped before converging), as
// a run stopped short does, and the next run starts anew.
func TestChangedFileClosesTheRun(t *testing.T) {
	spec, out, args := waitingAtTheGate(t)
	edited := append([]byte("Someone else's line.\n\n"), sampleSpec...)
	os.WriteFile(spec, edited, 0o644)
	answer(t, out, map[string]string{"r1/gate": "auto", "r1/next": "yes", "r2/next": "yes", "r3/close": "next"})
	code, stdout, stderr := runCmd(t, nil, append([]string{"-resume"}, args...)...)
	if code != cli.ExitStopped {
		t.Fatalf("resume over a changed file: exit %d, want %d\n%s\n%s", code, cli.ExitStopped, stdout, stderr)
	}
	if !strings.Contains(stdout, "Stopped after 1 round(s): ") || !strings.Contains(stdout, "Report: ") {
		t.Errorf("no report on stdout:\n%s", stdout)
	}
	if !strings.Contains(stderr, "document changed outside the run") {
		t.Errorf("stderr does not say the file changed:\n%s", stderr)
	}
	if got, _ := os.ReadFile(spec); string(got) != string(edited) {
		t.Errorf("the changed file was written:\n%s", got)
	}
}

// waitingAtTheGate starts a run on a copy of the sample spec through the
// run folder's files, confirms its plan and runs it again, to wait at
// round 1's gate before any edit; it returns the spec, the run folder and
// the command's arguments.
func waitingAtTheGate(t *testing.T) (spec, out string, args []string) {
	t.Helper()
	dir := t.TempDir()
	spec = filepath.Join(dir, "spec.md")
	os.WriteFile(spec, sampleSpec, 0o644)
	out = filepath.Join(dir, ".goldfish")
	args = []string{"-target", "h3:S1.12", "-reviewers", "style", "-rules", "strict", "-out", out, spec}
	runCmd(t, nil, args...)
	answer(t, out, nil) // the plan's confirmation
	if code, stdout, stderr := runCmd(t, nil, args...); code != 2 || !strings.Contains(stdout, "Waiting for an answer") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	return spec, out, args
}
