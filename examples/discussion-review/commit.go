package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/kaigi-dev/kaigi/loop/discussion"
)

// git runs git in dir and returns its output; a failure carries git's own
// words.
func git(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("git %s: %w: %s", strings.Join(args, " "), err, strings.TrimSpace(errb.String()))
	}
	return strings.TrimSpace(out.String()), nil
}

// checkRepository refuses -commit outside a git work tree, before the run
// writes anything.
func checkRepository(ctx context.Context, root string) error {
	if _, err := git(ctx, root, "rev-parse", "--is-inside-work-tree"); err != nil {
		return fmt.Errorf("-commit: %s is not inside a git work tree: %w", root, err)
	}
	return nil
}

// commitBoard commits the discussion's board as the original does: the
// whiteboard, its entries and the verdict (with summary.md and fanout.md
// when there), not the journal or the history. It returns the commit's
// short hash.
func commitBoard(ctx context.Context, o *discussion.Outcome, verdict string) (string, error) {
	var paths []string
	for _, name := range []string{discussion.WhiteboardFile, discussion.EntriesDir, discussion.VerdictFile, discussion.SummaryFile, discussion.FanOutFile} {
		if _, err := os.Stat(filepath.Join(o.Dir, name)); err == nil {
			paths = append(paths, name)
		}
	}
	if _, err := git(ctx, o.Dir, append([]string{"add", "--"}, paths...)...); err != nil {
		return "", err
	}
	msg := fmt.Sprintf("discussion %s: %s", o.ID, verdict)
	if _, err := git(ctx, o.Dir, append([]string{"commit", "--quiet", "-m", msg, "--"}, paths...)...); err != nil {
		return "", err
	}
	return git(ctx, o.Dir, "rev-parse", "--short", "HEAD")
}
