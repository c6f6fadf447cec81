package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/examples/internal/cli"
	"github.com/kaigi-dev/kaigi/examples/internal/sarifcheck"
)

func runArgs(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(""), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// TestDemo is `go run ./examples/write-episode` on a fresh clone: offline,
// every step shown, every artifact written.
func TestDemo(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	for _, k := range []string{"OPENAI_API_KEY", "ANTHROPIC_API_KEY", "OPENROUTER_API_KEY", "KAIGI_PROVIDER"} {
		t.Setenv(k, "")
	}
	code, stdout, stderr := runArgs(t)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	for _, step := range []string{"step0", "step1", "step2", "step2q", "step3", "step4", "step4d", "step5", "step6", "step6.5", "step7", "step7.5", "step7.6", "step8"} {
		if !regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(step) + ` +✓`).MatchString(stderr) {
			t.Errorf("step %s is not shown completed:\n%s", step, stderr)
		}
	}
	dirs, _ := filepath.Glob(filepath.Join(tmp, "kaigi-write-episode-*"))
	if len(dirs) != 1 {
		t.Fatalf("demo folders %v", dirs)
	}
	dir := dirs[0]
	for _, f := range []string{"archive/episode-03/draft-v0.txt", "archive/episode-03/draft-v1.txt", "archive/episode-03/progress.md",
		"archive/episode-03/reader-feedback-yuki.md", "archive/episode-03/reader-feedback-mei-v0.md", "archive/episode-03/episode-brief.md",
		"archive/episode-03/arc-review.md", "archive/episode-03/discussion-log.md", "archive/episode-03/revision-log.md", "archive/episode-03/retro.md",
		"episodes/03_The_Dark_Lamp.txt"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("the demo did not write %s: %v", f, err)
		}
	}
	// The brief has the writing accents, and 2Q's question is answered
	// from the sample's answers file.
	brief, _ := os.ReadFile(filepath.Join(dir, "archive/episode-03/episode-brief.md"))
	for _, want := range []string{"## Writing accents (suggestions)", "Recommended: parallel threads", "### Tempo profile", "### Hook type", "## The designer's answers (2Q)", "The designer: Sato stays off the page in episode 3"} {
		if !strings.Contains(string(brief), want) {
			t.Errorf("the brief lacks %q:\n%s", want, brief)
		}
	}
	if !strings.Contains(stderr, "answered from answers.json: Sato stays off the page") {
		t.Errorf("the demo does not show the 2Q answer from the file:\n%s", stderr)
	}
	if tr, _ := os.ReadFile(filepath.Join(dir, "story/series-tracker.md")); !strings.Contains(string(tr), "| 3 | parallel threads | parallel threads |") {
		t.Errorf("the tracker's history lacks episode 3:\n%s", tr)
	}
	if q, _ := os.ReadFile(filepath.Join(dir, "story/quality-log.md")); !strings.Contains(string(q), "\n| 3 | ") {
		t.Errorf("no quality-log row for episode 3:\n%s", q)
	}
	if p, _ := os.ReadFile(filepath.Join(dir, "archive/episode-03/progress.md")); !strings.Contains(string(p), `current_step: "step8"`) || strings.Contains(string(p), "- [ ]") {
		t.Errorf("progress.md:\n%s", p)
	}
	for _, want := range []string{"saved:", "1 accepted by the readers' pairwise comparison", "PASS_WITH_POLISH", "never moves", "discussion:   2Q: 1 question(s) to the designer"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the report lacks %q:\n%s", want, stdout)
		}
	}
	if entries, _ := os.ReadDir(filepath.Join(dir, "workspace")); len(entries) != 0 {
		t.Errorf("the workspace was not cleared: %v", entries)
	}
}

// TestFileGateWaitsAndResumes: with the file gate the run stops at the
// save question, progress.md shows the step it waits in, and the same
// command goes on once the answer is written.
func TestFileGateWaitsAndResumes(t *testing.T) {
	dir := t.TempDir()
	if err := copySample(dir); err != nil {
		t.Fatal(err)
	}
	args := []string{"-provider", "offline", "-story", dir, "-episode", "3", "-draft", filepath.Join(dir, demoDraft), "-gate", "file"}
	code, stdout, stderr := runArgs(t, args...)
	if code != exitNotSaved || !strings.Contains(stdout, "Waiting for an answer") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	p, _ := os.ReadFile(filepath.Join(dir, "workspace", "progress.md"))
	if !strings.Contains(string(p), `current_step: "step7"`) || !strings.Contains(string(p), "step_status: in_progress") {
		t.Fatalf("progress.md while waiting:\n%s", p)
	}
	runDir := filepath.Join(dir, ".write-episode", "episode-03")
	if q, err := os.ReadFile(filepath.Join(runDir, "questions.json")); err != nil || !strings.Contains(string(q), "s7/save") {
		t.Fatalf("questions.json: %s %v", q, err)
	}
	os.WriteFile(filepath.Join(runDir, "answers.json"), []byte(`[{"key":"s7/save","choice":"yes"},{"key":"s7.6/try","choice":"reject","text":"not now"}]`), 0o644)
	code, stdout, stderr = runArgs(t, args...)
	if code != 0 {
		t.Fatalf("resume: exit %d\n%s\n%s", code, stdout, stderr)
	}
	if d, _ := os.ReadFile(filepath.Join(dir, "archive/episode-03/discussion-log.md")); !strings.Contains(string(d), "Try rejected: not now") {
		t.Errorf("discussion-log.md:\n%s", d)
	}
	if h, _ := os.ReadFile(filepath.Join(dir, "story/handover-notes.md")); strings.Contains(string(h), "retro of episode 3") {
		t.Errorf("a rejected Try reached the handover notes:\n%s", h)
	}
}

// TestFormats: -format json prints the Outcome, -format github one
// workflow command per polish fix in the saved episode, and nothing else
// on stdout.
func TestFormats(t *testing.T) {
	code, stdout, stderr := runArgs(t, "-format", "json")
	var res struct {
		Saved  bool              `json:"saved"`
		File   string            `json:"file"`
		Polish []json.RawMessage `json:"polish"`
	}
	if code != 0 || json.Unmarshal([]byte(stdout), &res) != nil || !res.Saved {
		t.Fatalf("-format json: exit %d, %q\n%s", code, stdout, stderr)
	}
	code, stdout, stderr = runArgs(t, "-format", "github")
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if code != 0 || len(lines) != len(res.Polish) {
		t.Fatalf("-format github: exit %d, %d lines for %d polish fixes\n%s\n%s", code, len(lines), len(res.Polish), stdout, stderr)
	}
	for _, l := range lines {
		if !strings.HasPrefix(l, "::") || !strings.Contains(l, "file="+res.File) {
			t.Errorf("not a command about %s: %s", res.File, l)
		}
	}
	if code, _, _ := runArgs(t, "-format", "yaml"); code != 1 {
		t.Errorf("-format yaml: exit %d", code)
	}
}

// TestFormatSARIF: the polish fixes as SARIF validate (schema, and
// Microsoft's validator where installed).
func TestFormatSARIF(t *testing.T) {
	code, stdout, stderr := runArgs(t, "-format", "sarif")
	if code != 0 || !strings.Contains(stdout, `"results"`) {
		t.Fatalf("exit %d: %s\n%s", code, stdout, stderr)
	}
	sarifcheck.Check(t, []byte(stdout))
}

// The exit codes.
const (
	exitSaved    = cli.ExitOK
	exitError    = cli.ExitError
	exitNotSaved = cli.ExitStopped
)
