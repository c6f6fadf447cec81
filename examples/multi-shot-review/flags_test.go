package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/loop/multishot"
)

// TestClassifierAndSliceFlags: -user-directives-file and
// -executor-context-file reach the classifier verbatim (its log, every
// slice's prompt); -variant is recorded only when given; -slice-shots and
// -slice-harness define an added slice that runs so; -reclassify is
// refused over active slices and classifies anew once -remove-slice
// removed every one.
func TestClassifierAndSliceFlags(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	for _, k := range []string{"KAIGI_PROVIDER", "OPENAI_API_KEY", "ANTHROPIC_API_KEY", "OPENROUTER_API_KEY", "KAIGI_REVIEWER_MODELS"} {
		t.Setenv(k, "")
	}
	repo := emptyRepo(t)
	os.WriteFile(filepath.Join(repo, "notes.md"), []byte("# Notes\n\nIn today's fast-paced world, notes matter.\n"), 0o644)
	os.WriteFile(filepath.Join(repo, "main.go"), []byte("package main\n\nfunc main() {}\n"), 0o644)
	in := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(in, name)
		os.WriteFile(p, []byte(text), 0o644)
		return p
	}
	directives := "\ufeffOnly the notes matter.\r\nメモだけを見てください。"
	dirFile := write("directives.txt", directives)
	ctxFile := write("context.txt", "The parent wrote main.go by hand.")
	dir := filepath.Join(t.TempDir(), "s")
	common := []string{"-repo", repo, "-dir", dir, "-memory", "", "-rules", "strict", "-gate", "auto"}
	summary := func() (map[string]any, multishot.Summary) {
		data, err := os.ReadFile(filepath.Join(dir, "summary.json"))
		if err != nil {
			t.Fatal(err)
		}
		var raw map[string]any
		var sum multishot.Summary
		json.Unmarshal(data, &raw)
		json.Unmarshal(data, &sum)
		return raw, sum
	}
	code, out, errs := runCmd(t, append(common, "-uncommitted", "-report", "-task", "write notes", "-user-directives-file", dirFile, "-executor-context-file", ctxFile)...)
	if code == exitError {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	log, _ := os.ReadFile(multishot.ClassifierLog(dir, 1))
	if !strings.Contains(string(log), directives) || !strings.Contains(string(log), "The parent wrote main.go by hand.") {
		t.Errorf("the classifier log lacks the directives or the context:\n%s", log)
	}
	raw, sum := summary()
	if _, ok := raw["variant"]; ok {
		t.Errorf("a variant is recorded without -variant")
	}
	for _, sl := range sum.Slices {
		if !strings.Contains(sl.Prompt, directives) {
			t.Errorf("slice %s's prompt lacks the directives verbatim", sl.Name)
		}
	}
	if _, ok := raw["out"]; !ok {
		t.Errorf("summary.json has no out records")
	}

	prompt := write("prompt.txt", "Read the notes twice.")
	add := append(common, "-continue", "-add-slice", "notes-deep", "-slice-files", "notes.md", "-slice-prompt-file", prompt,
		"-slice-shots", "3", "-directive", "look at the notes with three shots")
	if code, out, errs := runCmd(t, append(add, "-slice-harness", "nosuch")...); code != exitError || !strings.Contains(errs, `unknown harness "nosuch"`) {
		t.Errorf("an unknown harness: exit %d\n%s\n%s", code, out, errs)
	}
	if code, out, errs := runCmd(t, append(add, "-slice-harness", "offline")...); code == exitError || !strings.Contains(out, "notes-deep shot 3:") {
		t.Errorf("the added slice's three shots: exit %d\n%s\n%s", code, out, errs)
	}
	_, sum = summary()
	var names []string
	for _, sl := range sum.Slices {
		if sl.Name == "notes-deep" && sl.Harness != "offline" {
			t.Errorf("the added slice %+v", sl.Slice)
		}
		names = append(names, sl.Name)
	}
	if journal, _ := os.ReadFile(filepath.Join(dir, "journal.jsonl")); !strings.Contains(string(journal), `"shots":3,"harness":"offline"`) {
		t.Errorf("the journaled definition lacks the shots and harness")
	}
	if code, _, errs := runCmd(t, append(common, "-reclassify")...); code != exitError || !strings.Contains(errs, "active slices") {
		t.Errorf("-reclassify over active slices: exit %d\n%s", code, errs)
	}
	code, out, errs = runCmd(t, append(common, "-reclassify", "-remove-slice", strings.Join(names, ","), "-directive", "cut it again", "-variant", "ignored-on-follow-up")...)
	if code == exitError || !strings.Contains(out, "slices: [") {
		t.Fatalf("-reclassify: exit %d\n%s\n%s", code, out, errs)
	}
	if _, err := os.Stat(multishot.ClassifierLog(dir, 3)); err != nil {
		t.Errorf("the reclassification's log: %v", err)
	}
	if raw, _ := summary(); raw["variant"] != nil {
		t.Errorf("the variant is the session's start's: %v", raw["variant"])
	}

	// -variant on a new session is recorded.
	dir2 := filepath.Join(t.TempDir(), "s2")
	if code, out, errs := runCmd(t, "-repo", repo, "-dir", dir2, "-memory", "", "-uncommitted", "-report", "-task", "x", "-variant", "fast"); code == exitError {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	data, _ := os.ReadFile(filepath.Join(dir2, "summary.json"))
	if !strings.Contains(string(data), `"variant": "fast"`) {
		t.Errorf("-variant fast is not in the summary:\n%s", data)
	}
}

// emptyRepo returns a new git repository with one empty commit.
func emptyRepo(t *testing.T) string {
	t.Helper()
	repo := t.TempDir()
	for _, args := range [][]string{{"init", "-q"}, {"commit", "-q", "--allow-empty", "-m", "base"}} {
		if out, err := exec.Command("git", append([]string{"-C", repo, "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
	}
	return repo
}

// TestExitCodeNoSlices: a session the classification left with no slice
// exits 2, as the original does; other errors keep their code.
func TestExitCodeNoSlices(t *testing.T) {
	noSlices := fmt.Errorf("run: %w", multishot.ErrNoSlices)
	if got := failedCode(exitError, noSlices); got != exitRemaining {
		t.Errorf("failedCode(no slices) = %d, want %d", got, exitRemaining)
	}
	if got := failedCode(exitError, errors.New("other")); got != exitError {
		t.Errorf("failedCode(other) = %d, want %d", got, exitError)
	}
}
