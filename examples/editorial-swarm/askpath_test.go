package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestAskMissing: a missing article's path is asked again (a wrong answer
// too, up to askAttempts times); an empty answer or the end of the input
// stops naming the article; existing paths are kept.
func TestAskMissing(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "post.md")
	os.WriteFile(real, []byte("# x\n"), 0o644)
	missing := filepath.Join(dir, "psot.md")
	var out bytes.Buffer
	got, err := askMissing([]string{real, missing}, strings.NewReader(filepath.Join(dir, "nope.md")+"\n"+real+"\n"), &out)
	if err != nil || !slices.Equal(got, []string{real, real}) {
		t.Fatalf("askMissing = %v, %v", got, err)
	}
	if strings.Count(out.String(), "does not exist. Path to the article (empty to stop): ") != 2 || !strings.Contains(out.String(), "nope.md does not exist") {
		t.Errorf("prompts:\n%s", out.String())
	}
	for name, in := range map[string]string{"empty answer": "\n", "end of input": "", "three wrong answers": "a\nb\nc\n"} {
		out.Reset()
		if _, err := askMissing([]string{missing}, strings.NewReader(in), &out); err == nil || !strings.Contains(err.Error(), "psot.md does not exist") {
			t.Errorf("%s: %v", name, err)
		}
	}
}
