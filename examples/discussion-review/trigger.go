package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/kaigi-dev/kaigi/loop/discussion"
)

// change is what -changed-since found: the changed lines, and the files
// changed under -root that still exist, relative to it, sorted.
type change struct {
	lines int
	files []string
}

// readChange reads the change from rev to the working tree of the git
// repository holding root (`git diff --numstat`), limited to root. Binary
// files count no lines; deleted files and the discussion's own folder are
// no targets.
func readChange(ctx context.Context, root, rev string) (change, error) {
	if strings.HasPrefix(rev, "-") {
		return change{}, fmt.Errorf("-changed-since %q: not a revision", rev)
	}
	if _, err := git(ctx, root, "rev-parse", "--verify", "--quiet", rev+"^{commit}"); err != nil {
		return change{}, fmt.Errorf("-changed-since %s: no such commit in the repository holding %s: %w", rev, root, err)
	}
	out, err := git(ctx, root, "diff", "--numstat", "--relative", "--no-renames", rev, "--", ".")
	if err != nil {
		return change{}, fmt.Errorf("-changed-since %s: %w", rev, err)
	}
	var c change
	for line := range strings.Lines(out) {
		f := strings.SplitN(strings.TrimRight(line, "\n"), "\t", 3)
		if len(f) != 3 {
			continue
		}
		added, _ := strconv.Atoi(f[0]) // "-" for a binary file
		deleted, _ := strconv.Atoi(f[1])
		c.lines += added + deleted
		name := filepath.FromSlash(f[2])
		if strings.HasPrefix(f[2], ".discussion/") {
			continue
		}
		if fi, err := os.Stat(filepath.Join(root, name)); err == nil && fi.Mode().IsRegular() {
			c.files = append(c.files, name)
		}
	}
	slices.Sort(c.files)
	return c, nil
}

// triggered applies -changed-since: it reports whether the change
// warrants the discussion (with why), and when it does makes the changed
// files the targets of a spec that names none.
func (o *options) triggered(ctx context.Context, spec *discussion.Spec) (bool, string, error) {
	c, err := readChange(ctx, o.root, o.changedSince)
	if err != nil {
		return false, "", err
	}
	tr := discussion.Trigger{MinLines: o.minLines}
	var labels []string
	for l := range strings.SplitSeq(o.labels, ",") {
		if l = strings.TrimSpace(l); l != "" {
			labels = append(labels, l)
		}
	}
	ok, why := tr.Decide(discussion.Change{Lines: c.lines, Labels: labels})
	if !ok {
		return false, why, nil
	}
	if len(c.files) == 0 {
		return false, why + ", but no changed file under " + o.root + " is left to review", nil
	}
	if len(spec.Targets) == 0 && o.targets == "" {
		o.targets = strings.Join(c.files, ",")
	}
	if spec.ID == "" && o.id == "" {
		head, err := git(ctx, o.root, "rev-parse", "--short", "HEAD")
		if err != nil {
			return false, "", err
		}
		o.id = "change-" + head
	}
	return true, why, nil
}
