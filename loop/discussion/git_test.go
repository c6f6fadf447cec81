package discussion

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// gitRepo makes root a git repository with a test identity, its files
// committed, or skips the test without git.
func gitRepo(t *testing.T, root string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	t.Setenv("HOME", t.TempDir())
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	for _, k := range []string{"GIT_AUTHOR_NAME", "GIT_COMMITTER_NAME"} {
		t.Setenv(k, "kaigi test")
	}
	for _, k := range []string{"GIT_AUTHOR_EMAIL", "GIT_COMMITTER_EMAIL"} {
		t.Setenv(k, "test@example.com")
	}
	for _, args := range [][]string{{"init", "--quiet"}, {"add", "."}, {"commit", "--quiet", "-m", "base"}} {
		if _, err := git(context.Background(), root, args...); err != nil {
			t.Fatal(err)
		}
	}
}

// TestCommit: outside a git work tree CheckRepository refuses; inside one
// Commit commits the board (the whiteboard, its entries, the verdict and
// the summary), not the journal, with the verdict in the message.
func TestCommit(t *testing.T) {
	ctx := context.Background()
	root := workspace(t)
	if err := CheckRepository(ctx, root); err == nil || !strings.Contains(err.Error(), "is not inside a git work tree") {
		t.Errorf("outside a repository: %v", err)
	}
	gitRepo(t, root)
	if err := CheckRepository(ctx, root); err != nil {
		t.Fatal(err)
	}
	o := mustRun(t, &Discussion{Spec: testSpec(3, "a", "b"), Participants: concedePlayers(), Lead: NewOfflineLead("lead"), Root: root, Entries: true})
	hash, err := o.Commit(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if head, err := Head(ctx, root); err != nil || head != hash {
		t.Errorf("HEAD %s (%v), the commit %s", head, err, hash)
	}
	files, err := git(ctx, root, "show", "--name-only", "--format=%s", "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	dir := ".discussion/t1/"
	for _, want := range []string{"discussion t1: verdict " + o.Decision(), dir + WhiteboardFile, dir + VerdictFile, dir + SummaryFile, dir + EntriesDir + "/r01_"} {
		if !strings.Contains(files, want) {
			t.Errorf("the commit lacks %q:\n%s", want, files)
		}
	}
	if o.Decision() == "" || strings.Contains(files, "journal") {
		t.Errorf("decision %q; the commit:\n%s", o.Decision(), files)
	}
}

// TestReadChange: the lines changed since a commit and the files changed
// that still exist, but for .discussion; a revision that is an option or
// names no commit is refused.
func TestReadChange(t *testing.T) {
	ctx := context.Background()
	root := workspace(t)
	os.WriteFile(filepath.Join(root, "gone.md"), []byte("one\ntwo\n"), 0o644)
	os.MkdirAll(filepath.Join(root, ".discussion", "t1"), 0o755)
	os.WriteFile(filepath.Join(root, ".discussion", "t1", WhiteboardFile), []byte("board\n"), 0o644)
	gitRepo(t, root)
	os.WriteFile(filepath.Join(root, "post.md"), []byte(doc+"\nOne more line.\n"), 0o644)
	os.Remove(filepath.Join(root, "gone.md"))
	os.WriteFile(filepath.Join(root, ".discussion", "t1", WhiteboardFile), []byte("board, again\n"), 0o644)
	c, err := ReadChange(ctx, root, "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	// post.md: its last line (no final newline) deleted, added again and
	// one more; gone.md: two deleted; the board: one changed, counted too.
	if c.Lines != 3+2+2 || !slices.Equal(c.Files, []string{"post.md"}) {
		t.Errorf("change %+v", c)
	}
	for rev, want := range map[string]string{"--output=x": "is not a revision", "no-such-ref": "no commit no-such-ref"} {
		if _, err := ReadChange(ctx, root, rev); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", rev, err, want)
		}
	}
}
