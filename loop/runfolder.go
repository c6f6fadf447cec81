package loop

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// rotate moves a finished run out of its run folder dir, into
// dir/history/run-K (the first K free), so that a new run starts clean:
// the entries of dir for which move returns true (its artifacts), then the
// journal j (which must be in dir), which it closes; the caller opens a
// new one. The journal is moved last and while it is open (and locked,
// where the system can rename an open file), so a run that starts
// meanwhile finds either the old journal, still locked, or none; a crash
// midway leaves the finished journal in dir, and the next rotate moves the
// rest. It returns the history folder.
func rotate(dir string, j *journal.Journal, move func(name string) bool) (string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", err
	}
	hist := filepath.Join(dir, "history")
	if err := os.MkdirAll(hist, 0o755); err != nil {
		return "", err
	}
	var dst string
	for k := 1; ; k++ {
		dst = filepath.Join(hist, "run-"+strconv.Itoa(k))
		err := os.Mkdir(dst, 0o755)
		if err == nil {
			break
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", err
		}
	}
	for _, e := range entries {
		n := e.Name()
		if n != filepath.Base(j.Path()) && move(n) {
			if err := os.Rename(filepath.Join(dir, n), filepath.Join(dst, n)); err != nil {
				return "", err
			}
		}
	}
	from := j.Path()
	to := filepath.Join(dst, filepath.Base(from))
	if err := os.Rename(from, to); err != nil { // a system that cannot rename an open file
		j.Close()
		if err := os.Rename(from, to); err != nil {
			return "", fmt.Errorf("move the finished journal to the history: %w", err)
		}
	}
	return dst, j.Close()
}

// FileRel returns file's path relative to the run folder dir (made
// absolute, with symbolic links resolved), slash-separated; "" when there
// is none (another volume) or dir cannot be resolved. A driver journals it
// with the file's absolute path, for CheckLocation.
func FileRel(dir, file string) string {
	d, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	if real, err := filepath.EvalSymlinks(d); err == nil {
		d = real
	}
	rel, err := filepath.Rel(d, file)
	if err != nil {
		return ""
	}
	return filepath.ToSlash(rel)
}

// ErrFolderMoved reports a run folder that is no longer where it was,
// relative to its document: it was copied or moved.
var ErrFolderMoved = errors.New("the run folder was moved or copied away from its document")

// CheckLocation refuses a run folder that was copied or moved away from
// its document (ErrFolderMoved): rel, the document's path relative to dir
// journaled when the run started (FileRel), must still lead from dir to
// file, the journaled absolute path. Without it a journal in a copy of a
// project folder would make the run edit, or an undo revert, the original.
func CheckLocation(dir, file, rel string) error {
	if got := FileRel(dir, file); got != rel {
		there := filepath.Join(dir, filepath.FromSlash(rel))
		return fmt.Errorf("%w: the journal in %s is for %s, but from where the folder is now the run's document would be %s; use the folder in its original place (or start a new run here)",
			ErrFolderMoved, dir, file, RelName(there))
	}
	return nil
}

// WriteRendering replaces the file at path with data atomically
// (apply.Dir's temporary file, fsync and rename), creating its folder: for
// what a driver renders from its journal (artifacts, summaries), which can
// be rendered again, so the folder sync is best effort.
func WriteRendering(path string, data []byte) error {
	return WriteRenderings(filepath.Dir(path), map[string][]byte{filepath.Base(path): data})
}

// WriteRenderings writes each of files (name -> content) into dir as
// WriteRendering does, in name order, creating dir first; a file that
// already holds its content is left as it is (a resumed run renders its
// replayed rounds again).
func WriteRenderings(dir string, files map[string][]byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	d, err := apply.OpenDir(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	for _, name := range slices.Sorted(maps.Keys(files)) {
		if old, err := os.ReadFile(filepath.Join(dir, name)); err == nil && bytes.Equal(old, files[name]) {
			continue // a replay renders what is there: no write, no fsync
		}
		if err := d.WriteFile(name, files[name]); err != nil {
			return err
		}
	}
	return nil
}

// CommonDir returns the deepest folder holding every one of files (paths
// of one kind: all absolute, or all relative to one folder); files must
// not be empty. A run over several documents keeps their names relative
// to it.
func CommonDir(files []string) string {
	root := filepath.Dir(files[0])
	for _, f := range files[1:] {
		for {
			rel, err := filepath.Rel(root, f)
			if err == nil && filepath.IsLocal(rel) {
				break
			}
			up := filepath.Dir(root)
			if up == root {
				break
			}
			root = up
		}
	}
	return root
}
