package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// git runs git in dir for a test and returns its output, trimmed.
func git(ctx context.Context, dir string, args ...string) (string, error) {
	out, err := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...).CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("git %s: %w: %s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out)), nil
}

// gitEnv gives git an identity and a home of the test's own.
func gitEnv(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	for _, k := range []string{"GIT_AUTHOR_NAME", "GIT_COMMITTER_NAME"} {
		t.Setenv(k, "kaigi test")
	}
	for _, k := range []string{"GIT_AUTHOR_EMAIL", "GIT_COMMITTER_EMAIL"} {
		t.Setenv(k, "test@example.com")
	}
}

// TestCommitBoard: -commit commits the board as the original does (the
// whiteboard, its entries, the verdict), not the journal; outside a git
// work tree it is refused before anything is written.
func TestCommitBoard(t *testing.T) {
	noKeys(t)
	gitEnv(t)
	ctx := context.Background()
	root := sampleWorkspace(t)
	var out, errb bytes.Buffer
	if code := run(ctx, []string{"-spec", filepath.Join(root, "spec.json"), "-root", root, "-commit"}, &out, &errb); code != exitError ||
		!strings.Contains(errb.String(), "is not inside a git work tree") {
		t.Errorf("outside a repository: exit %d: %s", code, errb.String())
	}
	if _, err := os.Stat(filepath.Join(root, ".discussion")); !os.IsNotExist(err) {
		t.Errorf("the refused run left .discussion (%v)", err)
	}
	if _, err := git(ctx, root, "init", "--quiet"); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	errb.Reset()
	if code := run(ctx, []string{"-spec", filepath.Join(root, "spec.json"), "-root", root, "-rules", "all", "-commit"}, &out, &errb); code == exitError {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "Committed the board: ") {
		t.Errorf("stdout:\n%s", out.String())
	}
	files, err := git(ctx, root, "show", "--name-only", "--format=%s", "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	dir := ".discussion/release-notes-review/"
	for _, want := range []string{"discussion release-notes-review: verdict WARN", dir + "whiteboard.md", dir + "verdict.json", dir + "entries/r01_"} {
		if !strings.Contains(files, want) {
			t.Errorf("the commit lacks %q:\n%s", want, files)
		}
	}
	if strings.Contains(files, "journal.jsonl") {
		t.Errorf("the journal was committed:\n%s", files)
	}
}
