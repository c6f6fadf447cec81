package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"time"

	"github.com/kaigi-dev/kaigi/loop/temporal"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// maxLinkFiles bounds the names a run's link listing holds.
const maxLinkFiles = 200_000

// linkListing is what the offline fact-checker needs of the document's
// workspace to check its relative links on a worker, which has the
// documents only: the names of the workspace's files (offline.WorkspaceRoot:
// the repository, else the current folder) and the document's folder in
// it. The client makes it, the run's settings carry its reference in the
// Store, and every worker checks links against it, as a process does
// against the disk.
type linkListing struct {
	Dir   string   `json:"dir"`   // the document's folder in the workspace (offline.Config.LinkDir)
	Files []string `json:"files"` // slash-separated, sorted
}

// listLinks lists the workspace of the document file (but the store's
// folder skip, which a document does not link into), stores the listing
// in store and returns its reference. A workspace of more than
// maxLinkFiles files is an error naming it.
func listLinks(ctx context.Context, store temporal.Store, skip, file string) (string, error) {
	root, rel, err := offline.WorkspaceRoot(filepath.Dir(file))
	if err != nil {
		return "", err
	}
	if skip, err = filepath.Abs(skip); err != nil {
		return "", err
	}
	l := linkListing{Dir: rel}
	errTooMany := errors.New("too many files")
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == root {
				return err
			}
			return nil // an unreadable folder: its files cannot be linked to in a process either
		}
		if d.IsDir() && (d.Name() == ".git" || p == skip) {
			return filepath.SkipDir
		}
		if d.IsDir() {
			return nil
		}
		r, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		if len(l.Files) == maxLinkFiles {
			return errTooMany
		}
		l.Files = append(l.Files, filepath.ToSlash(r))
		return nil
	})
	if errors.Is(err, errTooMany) {
		return "", fmt.Errorf("checking the links of %s: its workspace %s holds more than %d files", file, root, maxLinkFiles)
	}
	if err != nil {
		return "", fmt.Errorf("checking the links of %s: %w", file, err)
	}
	slices.Sort(l.Files)
	data, err := json.Marshal(l)
	if err != nil {
		return "", err
	}
	return store.Put(ctx, data)
}

// linkConfig returns the offline reviewers' link checking for the listing
// ref in store; ref "" checks no links (a run started before listings).
func linkConfig(ctx context.Context, store temporal.Store, ref string) (offline.Config, error) {
	if ref == "" {
		return offline.Config{}, nil
	}
	data, err := store.Get(ctx, ref)
	if err != nil {
		return offline.Config{}, fmt.Errorf("the run's link listing: %w", err)
	}
	var l linkListing
	if err := json.Unmarshal(data, &l); err != nil {
		return offline.Config{}, fmt.Errorf("the run's link listing %s: %w", ref, err)
	}
	return offline.Config{LinkFS: newListFS(l.Files), LinkDir: l.Dir}, nil
}

// listFS is a read-only fs.FS of empty files with the given names, and
// the folders above them: what fs.Stat needs to tell that a link's
// target exists.
type listFS struct {
	files, dirs map[string]bool
}

func newListFS(names []string) listFS {
	f := listFS{files: map[string]bool{}, dirs: map[string]bool{".": true}}
	for _, n := range names {
		f.files[n] = true
		for d := path.Dir(n); d != "." && !f.dirs[d]; d = path.Dir(d) {
			f.dirs[d] = true
		}
	}
	return f
}

// Stat returns the file info of name.
func (f listFS) Stat(name string) (fs.FileInfo, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrInvalid}
	}
	switch {
	case f.files[name]:
		return listInfo{name: path.Base(name)}, nil
	case f.dirs[name]:
		return listInfo{name: path.Base(name), dir: true}, nil
	}
	return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrNotExist}
}

// Open opens name: an empty file, or a folder that lists nothing.
func (f listFS) Open(name string) (fs.File, error) {
	info, err := f.Stat(name)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err.(*fs.PathError).Err}
	}
	return listFile{info: info}, nil
}

type listInfo struct {
	name string
	dir  bool
}

func (i listInfo) Name() string { return i.name }
func (i listInfo) Size() int64  { return 0 }
func (i listInfo) Mode() fs.FileMode {
	if i.dir {
		return fs.ModeDir | 0o555
	}
	return 0o444
}
func (i listInfo) ModTime() time.Time { return time.Time{} }
func (i listInfo) IsDir() bool        { return i.dir }
func (i listInfo) Sys() any           { return nil }

type listFile struct{ info fs.FileInfo }

func (f listFile) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f listFile) Read([]byte) (int, error)   { return 0, io.EOF }
func (f listFile) Close() error               { return nil }

var _ fs.StatFS = listFS{}
