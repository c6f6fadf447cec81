package apply

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Why a Workspace refuses a finding's file.
var (
	// ErrNotTarget: the finding names a file inside the root folder that
	// is not one of the workspace's target files.
	ErrNotTarget = errors.New("file is not one of the target files")
	// ErrNoFile: the finding names no file, and the workspace has more
	// than one target, so which file it concerns is not known.
	ErrNoFile = errors.New("finding names no file and there are several targets")
)

// File is one target file of a Workspace: its name inside the root folder
// and the text the reviewers saw.
type File struct {
	// Name is the file's name relative to the root folder, cleaned
	// ("docs/./a.md" is "docs/a.md"). Example: "docs/intro.md".
	Name string

	// Text is the content the findings were made on; the anchors' offsets
	// are into it.
	Text []byte

	// Protected lists parts of this file no edit may touch, in addition
	// to Options.Protected; empty means none beyond those.
	Protected []Protected
}

// Workspace is the set of target files of one review round under one root
// folder. It sends each finding to the file its Finding.File names and
// anchors it there, and refuses, as data, a finding that names a file
// outside the target set: outside the root (an absolute name, one that
// climbs out with "..", one through a symbolic link leading out; ErrOutsideRoot),
// inside the root but not a target (ErrNotTarget), or no file while there
// are several targets (ErrNoFile). A finding that names no file concerns
// the target when there is exactly one.
//
// A Workspace reads and writes nothing after it is made: the texts are the
// ones given or read by ReadWorkspace, through the Dir, which confines
// every read to the root. It does not own the Dir: close that separately.
// A Workspace is not changed by its methods and is safe for concurrent use.
type Workspace struct {
	dir    *Dir
	files  []File
	byName map[string]int
}

// NewWorkspace makes the workspace of the given target files of d, with
// the texts the reviewers saw (see ReadWorkspace to read them). Each name
// must be a regular file inside the root, reached without a symbolic link
// that leads out (ErrOutsideRoot, ErrNotRegular), and no two names may name
// the same file. The files' names are cleaned; their texts are not copied.
func NewWorkspace(d *Dir, files []File) (*Workspace, error) {
	if len(files) == 0 {
		return nil, errors.New("apply: a workspace needs at least one target file")
	}
	w := &Workspace{dir: d, files: slices.Clone(files), byName: make(map[string]int, len(files))}
	for i := range w.files {
		f := &w.files[i]
		name, err := d.check(f.Name)
		if err != nil {
			return nil, err // it names the file and says how it leads out
		}
		fi, err := d.root.Lstat(name)
		switch {
		case err != nil:
			return nil, fmt.Errorf("apply: target file %s: %w", name, err)
		case !fi.Mode().IsRegular():
			return nil, fmt.Errorf("apply: target file %s: %w (%s)", name, ErrNotRegular, fi.Mode().Type())
		}
		if j, dup := w.byName[name]; dup {
			return nil, fmt.Errorf("apply: target files %q and %q are both %s", files[j].Name, f.Name, name)
		}
		f.Name, w.byName[name] = name, i
	}
	return w, nil
}

// ReadWorkspace reads the named target files through d (see Dir.ReadFile)
// and makes their workspace.
func ReadWorkspace(d *Dir, names ...string) (*Workspace, error) {
	files := make([]File, len(names))
	for i, name := range names {
		text, err := d.ReadFile(name)
		if err != nil {
			return nil, err
		}
		files[i] = File{Name: name, Text: text}
	}
	return NewWorkspace(d, files)
}

// Files returns the target files in the order given, with cleaned names.
// The slice is a copy; the texts are shared and must not be modified.
func (w *Workspace) Files() []File { return slices.Clone(w.files) }

// Target returns the cleaned name of the target file that a finding's File
// names, or why it names none: ErrNoFile, ErrOutsideRoot (saying how the
// name leads out) or ErrNotTarget.
func (w *Workspace) Target(file string) (string, error) {
	if file == "" {
		if len(w.files) == 1 {
			return w.files[0].Name, nil
		}
		return "", fmt.Errorf("apply: %w (%d targets)", ErrNoFile, len(w.files))
	}
	name, err := w.dir.check(file)
	if err != nil {
		return "", err
	}
	if _, ok := w.byName[name]; !ok {
		return "", fmt.Errorf("apply: %s: %w", name, ErrNotTarget)
	}
	return name, nil
}

// FileAnchors is what Workspace.Resolve made of the findings of one target
// file. Merge and NewPatch each file's anchors on their own, against that
// file's Text: offsets are per file.
type FileAnchors struct {
	File    File     // the target file
	Anchors []Anchor // the file's anchors, in input order
	Skips   []Skip   // the file's findings that could not be anchored in it
}

// Resolve groups props by the file each names (see Target) and anchors
// each group in its own file with the package function Resolve, under opt
// plus the file's own Protected parts. It returns one FileAnchors per
// target, in target order (a target no finding names has none), and the
// proposals refused for the file they name, in input order; each such
// Skip's Err wraps ErrNoFile, ErrOutsideRoot or ErrNotTarget and names the
// proposal's key and the file.
func (w *Workspace) Resolve(props []Proposal, opt Options) (files []FileAnchors, refused []Skip) {
	groups := make([][]Proposal, len(w.files))
	for _, p := range props {
		name, err := w.Target(p.Finding.File)
		if err != nil {
			msg := fmt.Sprintf("apply: %s (file %q): %s", p.Key, p.Finding.File, strings.TrimPrefix(err.Error(), "apply: "))
			refused = append(refused, Skip{Key: p.Key, Err: &wrapped{msg: msg, err: err}})
			continue
		}
		i := w.byName[name]
		groups[i] = append(groups[i], p)
	}
	files = make([]FileAnchors, len(w.files))
	for i, f := range w.files {
		files[i].File = f
		if len(groups[i]) == 0 {
			continue
		}
		o := opt
		if len(f.Protected) > 0 {
			o.Protected = append(slices.Clip(opt.Protected), f.Protected...)
		}
		files[i].Anchors, files[i].Skips = Resolve(f.Text, groups[i], o)
	}
	return files, refused
}

// wrapped is err with another message: the same reason, said once.
type wrapped struct {
	msg string
	err error
}

func (e *wrapped) Error() string { return e.msg }
func (e *wrapped) Unwrap() error { return e.err }
