package discussion

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// git runs git in dir and returns its output, trimmed; a failure carries
// git's own words.
func git(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("git %s: %w: %s", strings.Join(args, " "), err, strings.TrimSpace(errb.String()))
	}
	return strings.TrimSpace(out.String()), nil
}

// CheckRepository returns an error unless root lies inside a git work
// tree: check it before a run whose board is to be committed
// (Outcome.Commit), so that a commit that cannot be made writes nothing.
func CheckRepository(ctx context.Context, root string) error {
	if _, err := git(ctx, root, "rev-parse", "--is-inside-work-tree"); err != nil {
		return fmt.Errorf("discussion: %s is not inside a git work tree: %w", root, err)
	}
	return nil
}

// Commit commits the board in the git repository holding Dir, as the
// original closes a discussion: the whiteboard, its entries (see
// Discussion.Entries) and verdict.json, with summary.md and fanout.md
// when there, not the journal or the history; the message is
// "discussion <ID>: verdict <Decision>" ("verdict written" for a
// verdict without a decision, "no verdict" without one). It returns the
// commit's short hash; its error carries git's words.
func (o *Outcome) Commit(ctx context.Context) (string, error) {
	var paths []string
	for _, name := range []string{WhiteboardFile, EntriesDir, VerdictFile, SummaryFile, FanOutFile} {
		if _, err := os.Stat(filepath.Join(o.Dir, name)); err == nil {
			paths = append(paths, name)
		}
	}
	said := "no verdict"
	if o.Verdict != nil {
		said = "verdict " + cmp.Or(o.Decision(), "written")
	}
	if _, err := git(ctx, o.Dir, append([]string{"add", "--"}, paths...)...); err != nil {
		return "", fmt.Errorf("discussion: %w", err)
	}
	msg := fmt.Sprintf("discussion %s: %s", o.ID, said)
	if _, err := git(ctx, o.Dir, append([]string{"commit", "--quiet", "-m", msg, "--"}, paths...)...); err != nil {
		return "", fmt.Errorf("discussion: %w", err)
	}
	return Head(ctx, o.Dir)
}

// ReadChange reads the change from the commit rev to the working tree of
// the git repository holding root (git diff --numstat), limited to root,
// for Trigger.Decide: its Lines (a binary file counts none) and its Files,
// the regular files changed under root that still exist, relative to it,
// sorted, but for the discussions' own folder (.discussion). A rev that
// looks like an option, or names no commit, is an error saying so; any
// other carries git's words.
func ReadChange(ctx context.Context, root, rev string) (Change, error) {
	if strings.HasPrefix(rev, "-") {
		return Change{}, fmt.Errorf("discussion: %q is not a revision", rev)
	}
	if _, err := git(ctx, root, "rev-parse", "--verify", "--quiet", rev+"^{commit}"); err != nil {
		return Change{}, fmt.Errorf("discussion: no commit %s in the repository holding %s: %w", rev, root, err)
	}
	out, err := git(ctx, root, "diff", "--numstat", "--relative", "--no-renames", rev, "--", ".")
	if err != nil {
		return Change{}, fmt.Errorf("discussion: the change since %s: %w", rev, err)
	}
	var c Change
	for line := range strings.Lines(out) {
		f := strings.SplitN(strings.TrimRight(line, "\n"), "\t", 3)
		if len(f) != 3 {
			continue
		}
		added, _ := strconv.Atoi(f[0]) // "-" for a binary file
		deleted, _ := strconv.Atoi(f[1])
		c.Lines += added + deleted
		name := filepath.FromSlash(f[2])
		if strings.HasPrefix(f[2], ".discussion/") {
			continue
		}
		if fi, err := os.Stat(filepath.Join(root, name)); err == nil && fi.Mode().IsRegular() {
			c.Files = append(c.Files, name)
		}
	}
	slices.Sort(c.Files)
	return c, nil
}

// Head returns the short hash of the commit checked out in the git
// repository holding root; its error carries git's words.
func Head(ctx context.Context, root string) (string, error) {
	h, err := git(ctx, root, "rev-parse", "--short", "HEAD")
	if err != nil {
		return "", fmt.Errorf("discussion: %w", err)
	}
	return h, nil
}
