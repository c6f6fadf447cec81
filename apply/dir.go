package apply

import (
	"crypto/rand"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Why Dir refuses a file name.
var (
	// ErrOutsideRoot: the name is absolute, climbs out with "..", or
	// passes through a symbolic link that leads out of the root folder.
	ErrOutsideRoot = errors.New("path leads outside the root folder")
	// ErrNotRegular: the name is a symbolic link, a folder or another
	// non-regular file, which Dir never overwrites.
	ErrNotRegular = errors.New("not a regular file")
)

// Dir is the root folder whose files findings may name. Every name is
// relative to it, and nothing outside it is ever read or written: absolute
// names, names that climb out with "..", and symbolic links that lead out
// are refused with ErrOutsideRoot. Dir is built on os.Root, so the
// confinement also holds against links changed while the program runs.
//
// A Dir is safe for concurrent use; writers of one file must coordinate.
type Dir struct {
	root *os.Root
	real string // the root's path with symbolic links resolved

	// fail, when set by tests, is called before each step of WriteFile
	// and may make it fail there.
	fail func(step string) error
}

// OpenDir opens path as the root folder for finding-named files. Close it
// when done.
func OpenDir(path string) (*Dir, error) {
	real, err := filepath.EvalSymlinks(path)
	if err == nil {
		real, err = filepath.Abs(real)
	}
	if err != nil {
		return nil, fmt.Errorf("apply: open root folder: %w", err)
	}
	root, err := os.OpenRoot(real)
	if err != nil {
		return nil, fmt.Errorf("apply: open root folder: %w", err)
	}
	return &Dir{root: root, real: real}, nil
}

// Close releases the folder.
func (d *Dir) Close() error { return d.root.Close() }

// Name returns the root folder's path, as OpenDir resolved it.
func (d *Dir) Name() string { return d.real }

// ReadFile reads the file name inside the root folder. Like WriteFile it
// refuses a symbolic link, a folder, a named pipe or any other non-regular
// file (ErrNotRegular): reading a pipe or a device could block for ever.
func (d *Dir) ReadFile(name string) ([]byte, error) {
	name, err := d.check(name)
	if err != nil {
		return nil, err
	}
	fi, err := d.root.Lstat(name)
	if err != nil {
		return nil, fmt.Errorf("apply: read %s: %w", name, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("apply: read %s: %w (%s)", name, ErrNotRegular, fi.Mode().Type())
	}
	b, err := d.root.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("apply: read %s: %w", name, err)
	}
	return b, nil
}

// check refuses names that lead out of the root, with a message that says
// how, and returns the name cleaned ("a/../b" is "b"). os.Root enforces the
// same confinement on every call; check explains.
func (d *Dir) check(name string) (string, error) {
	switch {
	case name == "":
		return "", fmt.Errorf("apply: empty file name: %w", ErrOutsideRoot)
	case filepath.IsAbs(name):
		return "", fmt.Errorf("apply: %s is an absolute path: %w", name, ErrOutsideRoot)
	case !filepath.IsLocal(name):
		return "", fmt.Errorf("apply: %s climbs out with \"..\": %w", name, ErrOutsideRoot)
	}
	// Resolve links on the longest part of the name that exists.
	p := filepath.Join(d.real, name)
	for {
		real, err := filepath.EvalSymlinks(p)
		if err == nil {
			if rel, err := filepath.Rel(d.real, real); err != nil || !filepath.IsLocal(rel) && rel != "." {
				return "", fmt.Errorf("apply: %s leads through a symbolic link to %s: %w", name, real, ErrOutsideRoot)
			}
			return filepath.Clean(name), nil
		}
		if !errors.Is(err, fs.ErrNotExist) || p == d.real {
			return filepath.Clean(name), nil // os.Root decides and reports
		}
		p = filepath.Dir(p)
	}
}

// WriteFile replaces the file name inside the root folder with data,
// atomically: it writes a temporary file in the same folder, syncs it,
// gives it the original file's permissions (0644 for a new file), renames
// it over the original and syncs the folder. On any error before the rename
// the original is untouched and the temporary file is removed; once the
// rename is done WriteFile succeeds. The rename is what makes the write
// atomic; the folder sync only hardens it against power loss, where the
// system supports it, so a failure to sync the folder is ignored. A
// symbolic link or other non-regular file is refused (ErrNotRegular).
func (d *Dir) WriteFile(name string, data []byte) error {
	name, err := d.check(name)
	if err != nil {
		return err
	}
	mode := fs.FileMode(0o644)
	switch fi, err := d.root.Lstat(name); {
	case err == nil && !fi.Mode().IsRegular():
		return fmt.Errorf("apply: write %s: %w (%s)", name, ErrNotRegular, fi.Mode().Type())
	case err == nil:
		mode = fi.Mode().Perm()
	case !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("apply: write %s: %w", name, err)
	}

	folder := filepath.Dir(name)
	tmp, err := d.writeTemp(folder, filepath.Base(name), data, mode)
	if err == nil {
		err = d.step("rename")
	}
	if err == nil {
		err = d.root.Rename(tmp, name)
	}
	if err != nil {
		if tmp != "" {
			d.root.Remove(tmp)
		}
		return fmt.Errorf("apply: write %s: %w", name, err)
	}
	// The new content is in place: the rename is what made the write
	// atomic. Syncing the folder only hardens it against a power cut, where
	// the system supports that (Windows does not), so it is best effort.
	if dir, err := d.root.Open(folder); err == nil {
		if err := d.step("sync folder"); err == nil {
			_ = dir.Sync() // best effort, see above
		}
		dir.Close()
	}
	return nil
}

// writeTemp writes data with the given permissions to a new temporary file
// next to base in folder and syncs it. It returns the temporary file's name
// even on error, when the file exists and must be removed.
func (d *Dir) writeTemp(folder, base string, data []byte, mode fs.FileMode) (string, error) {
	tmp, f, err := d.createTemp(folder, base)
	if err != nil {
		return "", err
	}
	for _, step := range []func() error{
		func() error { return d.step("write") },
		func() error { _, err := f.Write(data); return err },
		func() error { return f.Chmod(mode) },
		func() error { return d.step("sync") },
		f.Sync,
	} {
		if err := step(); err != nil {
			f.Close()
			return tmp, err
		}
	}
	return tmp, f.Close()
}

// createTemp creates a new, empty temporary file next to base in folder,
// named as isTemp expects.
func (d *Dir) createTemp(folder, base string) (string, *os.File, error) {
	for range 10 {
		tmp := filepath.Join(folder, "."+base+"."+rand.Text()[:tempRandLen]+".tmp")
		f, err := d.root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return tmp, f, err
	}
	return "", nil, errors.New("no free temporary file name")
}

// step lets tests fail WriteFile at a given step.
func (d *Dir) step(name string) error {
	if d.fail == nil {
		return nil
	}
	return d.fail(name)
}

// tempRandLen is the length of the random part of a temporary file's
// name: characters of crypto/rand.Text, the base32 alphabet A-Z and 2-7.
const tempRandLen = 10

// tempBase returns the base name of the file a temporary file called name
// (a base name) was made for by WriteFile, and whether name is such a file:
// "." + base + "." + tempRandLen characters of A-Z and 2-7 + ".tmp".
func tempBase(name string) (string, bool) {
	const suffix = ".tmp"
	n := len(name) - len(suffix) - tempRandLen - 1 // the dot before the random part
	if n < 2 || name[0] != '.' || name[n] != '.' || name[len(name)-len(suffix):] != suffix {
		return "", false
	}
	for _, c := range name[n+1 : n+1+tempRandLen] {
		if (c < 'A' || c > 'Z') && (c < '2' || c > '7') {
			return "", false
		}
	}
	return name[1:n], true
}

// RemoveStaleTemp removes the temporary files that WriteFile calls cut
// short by a crash left next to the file name inside the root folder, and
// returns their names relative to the root, sorted. The last element of name may
// be a filepath.Match pattern: "round-1/*" removes those of every file in
// round-1. Only names WriteFile itself makes are removed ("." + base + "."
// + ten characters of A-Z and 2-7 + ".tmp", regular files only); name is
// confined like every other name. The temporary file of a WriteFile in
// progress looks the same, so call RemoveStaleTemp only while no other
// writer of those files can run (for example under a lock the writers
// share). A folder that does not exist holds nothing to remove.
func (d *Dir) RemoveStaleTemp(name string) ([]string, error) {
	name, err := d.check(name)
	if err != nil {
		return nil, err
	}
	folder, pattern := filepath.Dir(name), filepath.Base(name)
	if _, err := filepath.Match(pattern, ""); err != nil {
		return nil, fmt.Errorf("apply: remove temporary files of %s: %w", name, err)
	}
	f, err := d.root.Open(folder)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("apply: remove temporary files of %s: %w", name, err)
	}
	entries, err := f.ReadDir(-1)
	f.Close()
	if err != nil {
		return nil, fmt.Errorf("apply: remove temporary files of %s: %w", name, err)
	}
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	var removed []string
	for _, e := range entries {
		base, ok := tempBase(e.Name())
		if !ok || !e.Type().IsRegular() {
			continue
		}
		if match, _ := filepath.Match(pattern, base); !match {
			continue
		}
		p := filepath.Join(folder, e.Name())
		if err := d.root.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return removed, fmt.Errorf("apply: remove temporary file %s: %w", p, err)
		}
		removed = append(removed, p)
	}
	return removed, nil
}
