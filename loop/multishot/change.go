package multishot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
)

// TargetKind says which change of a repository is reviewed.
type TargetKind string

// The three kinds of target, as the flags -uncommitted, -base and -commit
// name them.
const (
	// Uncommitted: the working tree against HEAD, untracked files (not
	// ignored) included.
	Uncommitted TargetKind = "uncommitted"
	// Base: HEAD against its merge base with Target.Ref (a branch), as a
	// pull request shows it.
	Base TargetKind = "base"
	// Commit: one commit (Target.Ref) against its first parent; a root
	// commit against the empty tree.
	Commit TargetKind = "commit"
)

// DefaultMaxFileSize is the size past which a changed file is skipped with
// a note when Target.MaxFileSize is zero: the kernel's document limit.
const DefaultMaxFileSize = loop.DefaultMaxSize

// Target names the change to review: a repository and what of it.
type Target struct {
	// Repo is a folder inside the repository; the change is read from its
	// top level.
	Repo string `json:"repo"`
	// Kind is the kind of change.
	Kind TargetKind `json:"kind"`
	// Ref is the base branch for Base and the commit for Commit; empty for
	// Uncommitted.
	Ref string `json:"ref,omitempty"`
	// MaxFileSize skips changed files larger than this many bytes; zero
	// means Loop.MaxSize when Run is given the target, else
	// DefaultMaxFileSize.
	MaxFileSize int64 `json:"max_file_size,omitempty"`
}

// Validate reports what is wrong with t, or nil.
func (t Target) Validate() error {
	switch t.Kind {
	case Uncommitted:
		if t.Ref != "" {
			return fmt.Errorf("multishot: an uncommitted target takes no ref (got %q)", t.Ref)
		}
	case Base, Commit:
		if t.Ref == "" || strings.HasPrefix(t.Ref, "-") {
			return fmt.Errorf("multishot: a %s target needs a ref that is not an option (got %q)", t.Kind, t.Ref)
		}
	default:
		return fmt.Errorf("multishot: unknown target kind %q (want uncommitted, base or commit)", t.Kind)
	}
	if t.Repo == "" {
		return errors.New("multishot: the target names no repository")
	}
	return nil
}

// FileStatus says what the change did to a file.
type FileStatus string

// The statuses of a changed file.
const (
	Added    FileStatus = "added"
	Modified FileStatus = "modified"
	Deleted  FileStatus = "deleted"
	Renamed  FileStatus = "renamed"
)

// File is one file of a change.
type File struct {
	// Path is the file's slash-separated path from the repository's top
	// level, after the change (before it, for a deleted file).
	Path string `json:"path"`
	// OldPath is the path before a rename; empty otherwise.
	OldPath string `json:"old_path,omitempty"`
	// Status says what the change did to the file.
	Status FileStatus `json:"status"`
	// Lines are the changed line ranges of the new content, in order; a
	// deletion inside a file is the line after it. Empty for a deleted or
	// skipped file.
	Lines []finding.LineRange `json:"lines,omitempty"`
	// Skipped says why the file is not reviewed (binary, too large);
	// empty when it is.
	Skipped string `json:"skipped,omitempty"`
}

// Change is a target read from its repository.
type Change struct {
	// Target is what was read.
	Target Target `json:"target"`
	// Root is the repository's top level, an absolute path.
	Root string `json:"root"`
	// Rev is the revision whose content the first pass reads: "" for the
	// working tree, else a commit id.
	Rev string `json:"rev,omitempty"`
	// Files are the changed files, sorted by path, skipped ones included.
	Files []File `json:"files"`
}

// Reviewed returns the files that are reviewed (not skipped), in order.
func (c *Change) Reviewed() []File {
	return slices.DeleteFunc(slices.Clone(c.Files), func(f File) bool { return f.Skipped != "" })
}

// emptyTree is git's id of the empty tree, the base of a root commit and of
// a repository without commits.
const emptyTree = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"

// ReadChange reads the change t names with the git command (no shell):
// the changed files with their changed line ranges, renames and deletions,
// files that are not UTF-8 text (binary, UTF-16, Latin-1: loop.CheckText)
// and files past MaxFileSize marked skipped with a note.
func ReadChange(ctx context.Context, t Target) (*Change, error) {
	if err := t.Validate(); err != nil {
		return nil, err
	}
	top, err := git(ctx, t.Repo, "rev-parse", "--show-toplevel")
	if err != nil {
		return nil, err
	}
	c := &Change{Target: t, Root: filepath.Clean(strings.TrimSpace(string(top)))}
	var rng []string
	switch t.Kind {
	case Uncommitted:
		base := "HEAD"
		if _, err := git(ctx, c.Root, "rev-parse", "--verify", "--quiet", "HEAD^{commit}"); err != nil {
			base = emptyTree
		}
		rng = []string{base}
	case Base:
		head, err := revParse(ctx, c.Root, "HEAD")
		if err != nil {
			return nil, err
		}
		base, err := revParse(ctx, c.Root, t.Ref)
		if err != nil {
			return nil, err
		}
		mb, err := git(ctx, c.Root, "merge-base", base, head)
		if err != nil {
			return nil, err
		}
		c.Rev, rng = head, []string{strings.TrimSpace(string(mb)), head}
	case Commit:
		sha, err := revParse(ctx, c.Root, t.Ref)
		if err != nil {
			return nil, err
		}
		parent := emptyTree
		if p, err := revParse(ctx, c.Root, sha+"^1"); err == nil {
			parent = p
		}
		c.Rev, rng = sha, []string{parent, sha}
	}
	if err := c.readDiff(ctx, rng); err != nil {
		return nil, err
	}
	if t.Kind == Uncommitted {
		if err := c.addUntracked(ctx); err != nil {
			return nil, err
		}
	}
	limit := t.MaxFileSize
	if limit <= 0 {
		limit = DefaultMaxFileSize
	}
	for i := range c.Files {
		f := &c.Files[i]
		if f.Status == Deleted || f.Skipped != "" {
			continue
		}
		data, err := c.Read(ctx, f.Path)
		switch {
		case err != nil:
			return nil, fmt.Errorf("multishot: reading %s: %w", f.Path, err)
		case int64(len(data)) > limit:
			f.Skipped, f.Lines = fmt.Sprintf("%d bytes, past the limit of %d (-max-size or Loop.MaxSize raises it)", len(data), limit), nil
		case len(data) > 0:
			// Not text (binary, not UTF-8): never reviewed, so never
			// edited; the kernel's message says what it is.
			if err := loop.CheckText(f.Path, data); err != nil {
				f.Skipped, f.Lines = strings.TrimPrefix(err.Error(), "loop: "), nil
			}
		}
	}
	slices.SortFunc(c.Files, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	return c, nil
}

// Read returns path's content in the change: from the working tree for an
// uncommitted change, from the reviewed commit otherwise.
func (c *Change) Read(ctx context.Context, path string) ([]byte, error) {
	if c.Rev == "" {
		return os.ReadFile(filepath.Join(c.Root, filepath.FromSlash(path)))
	}
	return git(ctx, c.Root, "cat-file", "blob", c.Rev+":"+path)
}

func revParse(ctx context.Context, repo, ref string) (string, error) {
	out, err := git(ctx, repo, "rev-parse", "--verify", "--quiet", "--end-of-options", ref+"^{commit}")
	if err != nil {
		return "", fmt.Errorf("multishot: %q is not a commit: %w", ref, err)
	}
	return strings.TrimSpace(string(out)), nil
}

// readDiff lists the files of the diff over rng (NUL-separated, so any
// file name is read right) and their changed ranges from a -U0 patch.
func (c *Change) readDiff(ctx context.Context, rng []string) error {
	common := []string{"-M", "--no-color", "--no-ext-diff"}
	ns, err := git(ctx, c.Root, append(append([]string{"diff", "--name-status", "-z"}, common...), append(rng, "--")...)...)
	if err != nil {
		return err
	}
	fields := strings.Split(strings.TrimSuffix(string(ns), "\x00"), "\x00")
	byPath := map[string]int{}
	for i := 0; i < len(fields) && fields[0] != ""; {
		st := fields[i]
		f := File{}
		switch st[0] {
		case 'R', 'C':
			if i+2 >= len(fields) {
				return fmt.Errorf("%w: git diff --name-status: a rename without its names", ErrGit)
			}
			f.OldPath, f.Path, f.Status = fields[i+1], fields[i+2], Renamed
			if st[0] == 'C' {
				f.OldPath, f.Status = "", Added
			}
			i += 3
		default:
			if i+1 >= len(fields) {
				return fmt.Errorf("%w: git diff --name-status: a status without its name", ErrGit)
			}
			f.Path = fields[i+1]
			switch st[0] {
			case 'A':
				f.Status = Added
			case 'D':
				f.Status = Deleted
			default:
				f.Status = Modified
			}
			i += 2
		}
		byPath[f.Path] = len(c.Files)
		c.Files = append(c.Files, f)
	}
	if len(c.Files) == 0 {
		return nil
	}
	patch, err := git(ctx, c.Root, append(append([]string{"diff", "-U0"}, common...), append(rng, "--")...)...)
	if err != nil {
		return err
	}
	cur := -1
	for line := range strings.SplitSeq(string(patch), "\n") {
		switch {
		case strings.HasPrefix(line, "diff --git "):
			cur = -1
		case strings.HasPrefix(line, "+++ "):
			name := strings.TrimPrefix(line, "+++ ")
			if uq, err := strconv.Unquote(name); err == nil && strings.HasPrefix(name, `"`) {
				name = uq
			}
			if i, ok := byPath[strings.TrimPrefix(name, "b/")]; ok && name != "/dev/null" {
				cur = i
			}
		case strings.HasPrefix(line, "Binary files ") && strings.HasSuffix(line, " differ"):
			// The name is ambiguous in this line; the content check in
			// ReadChange marks the file.
		case strings.HasPrefix(line, "@@ ") && cur >= 0:
			if r, ok := hunkRange(line); ok {
				c.Files[cur].Lines = append(c.Files[cur].Lines, r)
			}
		}
	}
	return nil
}

// hunkRange reads the new side of "@@ -a,b +c,d @@".
func hunkRange(line string) (finding.LineRange, bool) {
	_, rest, ok := strings.Cut(line, " +")
	if !ok {
		return finding.LineRange{}, false
	}
	spec, _, _ := strings.Cut(rest, " ")
	startS, countS, has := strings.Cut(spec, ",")
	start, err := strconv.Atoi(startS)
	if err != nil {
		return finding.LineRange{}, false
	}
	count := 1
	if has {
		if count, err = strconv.Atoi(countS); err != nil {
			return finding.LineRange{}, false
		}
	}
	if count == 0 { // a deletion: the line after it
		return finding.LineRange{Start: start + 1, End: start + 1}, true
	}
	return finding.LineRange{Start: start, End: start + count - 1}, true
}

// addUntracked adds the untracked, not ignored files of the working tree,
// each changed as a whole.
func (c *Change) addUntracked(ctx context.Context) error {
	out, err := git(ctx, c.Root, "ls-files", "-z", "--others", "--exclude-standard")
	if err != nil {
		return err
	}
	for name := range strings.SplitSeq(strings.TrimSuffix(string(out), "\x00"), "\x00") {
		if name == "" {
			continue
		}
		f := File{Path: name, Status: Added}
		data, err := c.Read(ctx, name)
		if err != nil {
			return fmt.Errorf("multishot: reading %s: %w", name, err)
		}
		if n := bytes.Count(data, []byte("\n")); len(data) > 0 {
			if !bytes.HasSuffix(data, []byte("\n")) {
				n++
			}
			f.Lines = []finding.LineRange{{Start: 1, End: n}}
		}
		c.Files = append(c.Files, f)
	}
	return nil
}
