package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/providers/offline"
)

// TestChangedArticleFailsTheResume: an article edited by someone else
// while the run waits at the gate closes the run; the resume is an error
// (exit 1) that says which article changed, prints no report, and leaves
// the edit as it is.
func TestChangedArticleFailsTheResume(t *testing.T) {
	dir := t.TempDir()
	sample, _ := offline.Sample("sample-en.md")
	post := filepath.Join(dir, "post.md")
	os.WriteFile(post, sample, 0o644)
	if code, stdout, stderr := runBin(t, dir, "-reader", "Web engineers", "-rounds", "1", "-auto", "none", "-gate", "file", "post.md"); code != 2 {
		t.Fatalf("first run: exit %d, want 2\n%s\n%s", code, stdout, stderr)
	}
	var pending []map[string]string
	if err := json.Unmarshal(must(os.ReadFile(filepath.Join(dir, ".editorial", "round-1", "pending.json"))), &pending); err != nil {
		t.Fatal(err)
	}
	for _, p := range pending {
		p["action"] = "apply"
	}
	os.WriteFile(filepath.Join(dir, ".editorial", "decisions.json"), must(json.Marshal(pending)), 0o644)
	edited := append([]byte("Someone else's line.\n\n"), sample...)
	os.WriteFile(post, edited, 0o644)
	for _, format := range []string{"text", "json"} {
		code, stdout, stderr := runBin(t, dir, "-resume", "-format", format, "post.md")
		if format == "json" { // the run is closed: nothing is left to resume
			if code != 1 || stdout != "" {
				t.Errorf("a second resume: exit %d\n%s\n%s", code, stdout, stderr)
			}
			break
		}
		if code != 1 || stdout != "" || !strings.Contains(stderr, "editorial-swarm: document changed outside the run") {
			t.Errorf("resume over a changed article: exit %d, want 1 with the change on stderr and no report\n%s\n%s", code, stdout, stderr)
		}
	}
	if got := must(os.ReadFile(post)); !bytes.Equal(got, edited) {
		t.Errorf("the changed article was written:\n%s", got)
	}
}
