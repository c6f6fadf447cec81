package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/examples/internal/sarifcheck"
)

// env is a test environment: no key of the test's own environment reaches
// the command.
func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

func runCmd(t *testing.T, vars map[string]string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb strings.Builder
	code := run(context.Background(), args, env(vars), strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// TestDemoOffline is `go run ./examples/goldfish-loop` on a fresh clone:
// the offline demo runs the whole cycle (fixes applied, advice contested,
// the comprehension probe's mismatch fixed, two clean rounds), writes the
// report of every round and stops for a stated reason.
func TestDemoOffline(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	code, out, errs := runCmd(t, nil)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	if !strings.Contains(out, "Stopped after 3 round(s): converged: 2 consecutive clean rounds") || !strings.Contains(out, "Applied 2,") {
		t.Errorf("stdout:\n%s", out)
	}
	if !strings.Contains(errs, "Go on to the next stage, or is there something to check last?\n  -> Next stage: the review is done") {
		t.Errorf("the demo does not show the closing question:\n%s", errs)
	}
	dirs, _ := filepath.Glob(filepath.Join(tmp, "kaigi-goldfish-demo-*"))
	if len(dirs) != 1 {
		t.Fatalf("demo folders %v", dirs)
	}
	spec, _ := os.ReadFile(filepath.Join(dirs[0], "sample-spec.md"))
	if !strings.Contains(string(spec), "Uploads can fail.") || !strings.Contains(string(spec), "The exporter retries at most 3 times.") {
		t.Errorf("the demo's fixes were not applied:\n%s", spec)
	}
	for _, r := range []string{"round-1", "round-2", "round-3"} {
		rep, err := os.ReadFile(filepath.Join(dirs[0], ".goldfish", r, "goldfish_review_report.md"))
		if err != nil {
			t.Fatal(err)
		}
		if r == "round-1" && (!strings.Contains(string(rep), "## Contested (3)") || !strings.Contains(string(rep), "## Proposed fixes (2)")) {
			t.Errorf("round 1 report:\n%s", rep)
		}
	}
}

// TestOwnFileWaitsThenResumes: without a terminal and without -yes the
// gate choice is asked through files; the run waits (exit 2), and resumes
// once answered; -undo restores the file.
func TestOwnFileWaitsThenResumes(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "spec.md")
	os.WriteFile(spec, sampleSpec, 0o644)
	out := filepath.Join(dir, ".goldfish")
	code, stdout, stderr := runCmd(t, nil, "-target", "h3:S1.12", "-reviewers", "style", "-rules", "strict", "-out", out, spec)
	if code != 2 || !strings.Contains(stdout, "Waiting for an answer") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	os.WriteFile(filepath.Join(out, "answers.json"), []byte(`[{"key":"r1/gate","choice":"auto"},{"key":"r1/next","choice":"yes"},{"key":"r2/next","choice":"yes"},{"key":"r3/close","choice":"next"}]`), 0o644)
	code, stdout, stderr = runCmd(t, nil, "-target", "h3:S1.12", "-reviewers", "style", "-rules", "strict", "-out", out, "-resume", spec)
	if code != 0 || !strings.Contains(stdout, "Applied 1,") {
		t.Fatalf("resume: exit %d\n%s\n%s", code, stdout, stderr)
	}
	if got, _ := os.ReadFile(spec); !strings.Contains(string(got), "Uploads can fail.") {
		t.Errorf("not applied:\n%s", got)
	}
	if code, stdout, stderr = runCmd(t, nil, "-undo", "-out", out); code != 0 {
		t.Fatalf("undo: exit %d\n%s\n%s", code, stdout, stderr)
	}
	if got, _ := os.ReadFile(spec); string(got) != string(sampleSpec) {
		t.Errorf("undo left:\n%s", got)
	}
	// The undo replays the run from its journal alone (no reviewers
	// given) to render what was undone.
	sum, _ := os.ReadFile(filepath.Join(out, "summary.md"))
	rep, _ := os.ReadFile(filepath.Join(out, "goldfish_review_report.md"))
	if !strings.Contains(string(sum), "# Goldfish summary (3 round(s))") || !strings.Contains(string(rep), "Stopped: undone") || !strings.Contains(string(rep), "| style | clean |") {
		t.Errorf("after undo:\n%s\n%s", sum, rep)
	}
}

func TestBadFlags(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	for _, args := range [][]string{{"-reviewers", "nobody"}, {"-target", "marker:"}, {"-standard", "design_critic"}, {"-rounds", "0"}, {"a.md", "b.md"}} {
		if code, _, _ := runCmd(t, nil, args...); code != 1 {
			t.Errorf("%v: exit %d, want 1", args, code)
		}
	}
}

// TestFormatSARIF: -format sarif prints the demo's findings as one SARIF
// 2.1.0 run, every result in the sample spec, the applied ones marked so.
func TestFormatSARIF(t *testing.T) {
	code, stdout, stderr := runCmd(t, nil, "-format", "sarif")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Results []struct {
				Kind      string `json:"kind"`
				Locations []struct {
					Physical struct {
						Artifact struct {
							URI string `json:"uri"`
						} `json:"artifactLocation"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	sarifcheck.Check(t, []byte(stdout))
	if err := json.Unmarshal([]byte(stdout), &log); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, stdout)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 || len(log.Runs[0].Results) == 0 {
		t.Fatalf("SARIF: version %q, %d runs", log.Version, len(log.Runs))
	}
	applied := 0
	for _, r := range log.Runs[0].Results {
		if len(r.Locations) == 0 || !strings.HasSuffix(r.Locations[0].Physical.Artifact.URI, "sample-spec.md") {
			t.Errorf("a result outside the sample spec: %+v", r)
		}
		if r.Kind == "informational" {
			applied++
		}
	}
	if applied == 0 {
		t.Error("no applied finding is marked informational")
	}
	if code, _, _ := runCmd(t, nil, "-format", "yaml"); code != 1 {
		t.Errorf("-format yaml: exit %d, want 1", code)
	}
}

// TestBadTargetBlocksNothing: a -target the file does not have, or a form
// with nothing after its colon, exits 1 with the target in the message
// and leaves no run folder, so the corrected command runs (issue 22,
// items 10 and 19).
func TestBadTargetBlocksNothing(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "spec.md")
	os.WriteFile(spec, sampleSpec, 0o644)
	out := filepath.Join(dir, ".goldfish")
	for target, want := range map[string]string{
		"S9.99":                   `the section with id "S9.99"`,
		"heading:No such heading": `the section under heading "No such heading"`,
		"marker:<!-- nowhere -->": `"<!-- nowhere -->"`,
		"heading:":                `"heading:" names nothing after its colon`,
		"marker:":                 `"marker:" names nothing after its colon`,
	} {
		code, stdout, stderr := runCmd(t, nil, "-target", target, "-yes", "-reviewers", "style", "-out", out, spec)
		if code != 1 || !strings.Contains(stderr, want) {
			t.Errorf("-target %s: exit %d, want 1 with %s\n%s\n%s", target, code, want, stdout, stderr)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Fatalf("-target %s left %s behind (%v)", target, out, err)
		}
	}
	if code, stdout, stderr := runCmd(t, nil, "-target", "S1.12", "-yes", "-reviewers", "style", "-out", out, spec); code == exitError {
		t.Fatalf("-target S1.12 after the bad ones: exit %d\n%s\n%s", code, stdout, stderr)
	}
}

// TestRoundCapMessage is issue 22 item 4 from outside: at the round cap,
// stdout, stderr and summary.md say the same true thing, and none says
// "high findings open" of a run that has none open. The spec is plain
// enough that no offline rule finds anything in it.
func TestRoundCapMessage(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "spec.md")
	os.WriteFile(spec, []byte("# Spec\n\n### S1.1 Retries\n\nThe exporter retries a failed upload three times.\n"), 0o644)
	out := filepath.Join(dir, ".goldfish")
	code, stdout, stderr := runCmd(t, nil, "-target", "S1.1", "-yes", "-rounds", "1", "-reviewers", "style", "-out", out, spec)
	want := "the round cap of 1 round(s) was reached with 1 of the 2 consecutive clean rounds needed"
	if code != exitUnresolved || !strings.Contains(stdout, "Stopped after 1 round(s): "+want+"\n") || !strings.Contains(stderr, want+"; 0 finding(s) left open") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	sum, _ := os.ReadFile(filepath.Join(out, "summary.md"))
	for _, text := range []string{stdout, stderr, string(sum)} {
		if strings.Contains(text, "high findings open") {
			t.Errorf("says high findings are open, with none open:\n%s", text)
		}
	}
}

// TestUndoOfARunThatWroteNothing: a run waiting at the gate before any
// edit is ended by -undo, which says it had written nothing (not
// "Reverted round(s) []"), and a new run can start.
func TestUndoOfARunThatWroteNothing(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "spec.md")
	os.WriteFile(spec, sampleSpec, 0o644)
	out := filepath.Join(dir, ".goldfish")
	args := []string{"-target", "h3:S1.12", "-reviewers", "style", "-rules", "strict", "-out", out, spec}
	if code, stdout, stderr := runCmd(t, nil, args...); code != 2 || !strings.Contains(stdout, "Waiting for an answer") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	code, stdout, stderr := runCmd(t, nil, "-undo", "-out", out)
	if code != 0 || !strings.Contains(stdout, "had written nothing") || strings.Contains(stdout, "[]") {
		t.Fatalf("undo: exit %d\n%s\n%s", code, stdout, stderr)
	}
	if got, _ := os.ReadFile(spec); string(got) != string(sampleSpec) {
		t.Errorf("undo left:\n%s", got)
	}
	if code, stdout, stderr := runCmd(t, nil, args...); code != 2 || !strings.Contains(stdout, "Waiting for an answer") {
		t.Fatalf("a new run after the undo: exit %d\n%s\n%s", code, stdout, stderr)
	}
}
