package main

import (
	"context"
	_ "embed"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"

	"github.com/kaigi-dev/kaigi/examples/internal/cli"
	"github.com/kaigi-dev/kaigi/examples/internal/sarifcheck"
)

// sampleSpec is the demo's sample spec, for the tests' own files.
//
//go:embed sample-spec.md
var sampleSpec []byte

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
	if !strings.Contains(errs, "- Reviewers:\n  - design_critic (against feature-spec-standard)\n") || !strings.Contains(errs, "Start round 1 with this plan?\n  -> yes") {
		t.Errorf("the demo does not show the plan and its confirmation:\n%s", errs)
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
	args := []string{"-target", "h3:S1.12", "-reviewers", "style", "-rules", "strict", "-out", out, spec}
	code, stdout, stderr := runCmd(t, nil, args...)
	if code != 2 || !strings.Contains(stdout, "Waiting for an answer before the first round") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	answer(t, out, nil) // the plan's confirmation
	code, stdout, stderr = runCmd(t, nil, args...)
	if code != 2 || !strings.Contains(stdout, "Waiting for an answer") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	// Another plan over the unfinished run is refused before its intake
	// asks anything.
	qs, _ := os.ReadFile(filepath.Join(out, loop.QuestionsFile))
	code, stdout, stderr = runCmd(t, nil, "-target", "S1.13", "-reviewers", "style", "-out", out, spec)
	if after, _ := os.ReadFile(filepath.Join(out, loop.QuestionsFile)); code != 1 || !strings.Contains(stderr, "unfinished run") || string(after) != string(qs) {
		t.Fatalf("a new run over the unfinished one: exit %d\n%s\n%s\nquestions.json:\n%s", code, stdout, stderr, after)
	}
	answer(t, out, map[string]string{"r1/gate": "auto", "r1/next": "yes", "r2/next": "yes", "r3/close": "next"})
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
	if code, stdout, stderr := runCmd(t, nil, "-target", "S1.12", "-yes", "-reviewers", "style", "-out", out, spec); code == cli.ExitError {
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
	if code != cli.ExitStopped || !strings.Contains(stdout, "Stopped after 1 round(s): "+want+"\n") || !strings.Contains(stderr, want+"; 0 finding(s) left open") {
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
	spec, out, args := waitingAtTheGate(t)
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

// answer answers every question waiting in out/questions.json that
// answers.json does not answer yet: with choices[key] when given, else
// with the question's default (yes for a confirmation).
func answer(t *testing.T, out string, choices map[string]string) {
	t.Helper()
	var qs []loop.Question
	var as []loop.Answer
	data, err := os.ReadFile(filepath.Join(out, loop.QuestionsFile))
	if err != nil || json.Unmarshal(data, &qs) != nil {
		t.Fatalf("questions: %s %v", data, err)
	}
	if data, err := os.ReadFile(filepath.Join(out, loop.AnswersFile)); err == nil {
		json.Unmarshal(data, &as)
	}
	for k, c := range choices {
		if !slices.ContainsFunc(as, func(a loop.Answer) bool { return a.Key == k }) {
			as = append(as, loop.Answer{Key: k, Choice: c})
		}
	}
	for _, q := range qs {
		if slices.ContainsFunc(as, func(a loop.Answer) bool { return a.Key == q.Key }) {
			continue
		}
		a := loop.Answer{Key: q.Key, Choice: q.Default}
		switch {
		case q.Kind == loop.Input:
			a.Choice, a.Text = "", q.Default
		case a.Choice == "":
			a.Choice = loop.Yes
		}
		as = append(as, a)
	}
	data, _ = json.Marshal(as)
	if err := os.WriteFile(filepath.Join(out, loop.AnswersFile), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestIntakeThroughFiles is issue 26: a file given without -target and
// -reviewers asks, through the files, for the target (the headings
// offered), then the document's kind (spec recommended, its reviewers),
// one question per run, then shows the plan and waits for its yes; only
// then does round 1 start. A resume takes the plan from the journal.
func TestIntakeThroughFiles(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "spec.md")
	os.WriteFile(spec, sampleSpec, 0o644)
	out := filepath.Join(dir, ".goldfish")
	args := []string{"-rules", "strict", "-out", out, spec}
	for i, want := range []string{"intake/target", "intake/kind", "intake/confirm-"} {
		code, stdout, stderr := runCmd(t, nil, args...)
		if code != 2 || !strings.Contains(stdout, "Waiting for an answer before the first round") {
			t.Fatalf("step %d: exit %d\n%s\n%s", i+1, code, stdout, stderr)
		}
		var qs []loop.Question
		data, _ := os.ReadFile(filepath.Join(out, loop.QuestionsFile))
		json.Unmarshal(data, &qs)
		if len(qs) != i+1 || !strings.HasPrefix(qs[i].Key, want) {
			t.Fatalf("step %d: questions %s, want %s last", i+1, data, want)
		}
		if _, err := os.Stat(filepath.Join(out, "journal.jsonl")); err == nil {
			t.Fatalf("step %d: a run started before the plan was confirmed", i+1)
		}
		if i == 2 && (!strings.Contains(qs[i].Prompt, `the section with id "S1.12"`) || !strings.Contains(qs[i].Prompt, "- structural (against feature-spec-standard)")) {
			t.Errorf("the plan shown:\n%s", qs[i].Prompt)
		}
		answer(t, out, map[string]string{"intake/target": "id:S1.12"})
	}
	code, stdout, stderr := runCmd(t, nil, args...)
	if code != 2 || !strings.Contains(stdout, "see "+filepath.Join(out, loop.QuestionsFile)) || !strings.Contains(stderr, `the section with id "S1.12"`) {
		t.Fatalf("round 1: exit %d\n%s\n%s", code, stdout, stderr)
	}
	answer(t, out, map[string]string{"r1/next": "yes", "r2/close": "next"})
	code, stdout, stderr = runCmd(t, nil, "-rules", "strict", "-out", out, "-resume", spec)
	if code != 0 || !strings.Contains(stdout, "converged") || !strings.Contains(stdout, "Self-agreement of structural") {
		t.Fatalf("resume with the journal's plan: exit %d\n%s\n%s", code, stdout, stderr)
	}
}
