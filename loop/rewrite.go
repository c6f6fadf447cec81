package loop

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"unicode/utf8"

	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// RewriteFiles changes the files names (slash-separated, relative to
// root) as one side effect keyed key: edit gets each file's content
// (empty when the file does not exist yet) and returns what it must hold.
// The step key+"/plan" reads the files, calls edit and journals the
// patches (each the smallest span that differs, at character boundaries,
// so a tracker that gains one row journals one row); then the side effect
// is committed through j.Commit, so a crash neither loses nor repeats the
// change and a file someone else changed meanwhile stops it with
// journal.ErrChanged. A file edit leaves unchanged is not written (nor is
// a missing file edit leaves empty). A file that does not exist is created, with its folders (as an empty file
// first, which the commit then fills, so the creation is reconciled by
// hash like any other write). On replay the journaled plan is used and
// edit is not called.
func RewriteFiles(ctx context.Context, j *journal.Journal, key string, root *apply.Dir, names []string, edit func(name string, old []byte) ([]byte, error)) error {
	type planned struct {
		Name   string       `json:"name"`
		Create bool         `json:"create,omitempty"`
		Patch  *apply.Patch `json:"patch"`
	}
	plan, err := journal.Step(ctx, j, key+"/plan", func(context.Context) ([]planned, error) {
		var out []planned
		for _, name := range names {
			old, err := root.ReadFile(name)
			create := errors.Is(err, fs.ErrNotExist)
			if err != nil && !create {
				return nil, fmt.Errorf("%s: %w", key, err)
			}
			data, err := edit(name, old)
			if err != nil {
				return nil, fmt.Errorf("%s: %s: %w", key, name, err)
			}
			if string(data) == string(old) {
				continue // unchanged, or a new file left empty: nothing to write
			}
			p, err := apply.NewPatch(old, []apply.Change{{Edit: smallestEdit(old, data), Keys: []string{key}}})
			if err != nil {
				return nil, fmt.Errorf("%s: %s: %w", key, name, err)
			}
			out = append(out, planned{Name: name, Create: create, Patch: p})
		}
		return out, nil
	})
	if err != nil {
		return err
	}
	done := false
	for _, e := range j.Effects() {
		done = done || e.Key == key && e.Done
	}
	var changes []journal.FileChange
	for _, p := range plan {
		if p.Create && !done && !j.ReplayOnly() { // a replay creates nothing
			if err := createEmpty(root, p.Name); err != nil {
				return fmt.Errorf("%s: %w", key, err)
			}
		}
		changes = append(changes, journal.FileChange{Name: p.Name, Patch: p.Patch})
	}
	if len(changes) == 0 {
		return nil
	}
	return j.Commit(ctx, key, root, changes)
}

// createEmpty creates name (and its folders) inside root as an empty file,
// unless it exists.
func createEmpty(root *apply.Dir, name string) error {
	if _, err := root.ReadFile(name); !errors.Is(err, fs.ErrNotExist) {
		return nil // it exists (or the commit will say what is wrong)
	}
	if !filepath.IsLocal(filepath.FromSlash(name)) {
		return fmt.Errorf("%s: %w", name, apply.ErrOutsideRoot)
	}
	if dir := path.Dir(name); dir != "." {
		if err := os.MkdirAll(filepath.Join(root.Name(), filepath.FromSlash(dir)), 0o755); err != nil {
			return err
		}
	}
	return root.WriteFile(name, nil)
}

// smallestEdit returns the edit of old into data that replaces only the
// span between their common prefix and suffix, cut at rune starts.
func smallestEdit(old, data []byte) apply.Edit {
	p := 0
	for p < len(old) && p < len(data) && old[p] == data[p] {
		p++
	}
	for p > 0 && (p < len(old) && !utf8.RuneStart(old[p]) || p < len(data) && !utf8.RuneStart(data[p])) {
		p--
	}
	s := 0
	for s < len(old)-p && s < len(data)-p && old[len(old)-1-s] == data[len(data)-1-s] {
		s++
	}
	for s > 0 && (!utf8.RuneStart(old[len(old)-s]) || !utf8.RuneStart(data[len(data)-s])) {
		s--
	}
	return apply.Edit{Start: p, End: len(old) - s, Old: string(old[p : len(old)-s]), New: string(data[p : len(data)-s])}
}
