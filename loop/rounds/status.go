package rounds

import (
	"cmp"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// runStatus is what the journal says about the run in it, before the
// driver runs.
type runStatus struct {
	start *startWire // nil: no run
	ended bool       // the run is over
	undo  *undoWire  // an undo that has not ended
}

func (r *Run[S]) status() (*runStatus, error) {
	st := &runStatus{}
	for _, rec := range r.J.Records() {
		switch {
		case rec.Kind == journal.KindStep && rec.Key == "start":
			st.start = new(startWire)
			if err := rec.Decode(st.start); err != nil {
				return nil, err
			}
			if err := st.start.check(r.J.Path()); err != nil {
				return nil, err
			}
			st.start.relocate(r.moved)
			var set S
			if err := rec.Decode(&set); err != nil {
				return nil, err
			}
			if c, ok := any(&set).(interface{ Check() error }); ok {
				if err := c.Check(); err != nil {
					return nil, fmt.Errorf("%w: %s: the run's start: %w", journal.ErrCorrupt, r.J.Path(), err)
				}
			}
		case rec.Kind == r.cfg.kind("end"):
			st.ended, st.undo = true, nil
		case rec.Kind == r.cfg.kind("undo"):
			st.undo = new(undoWire)
			if err := rec.Decode(st.undo); err != nil {
				return nil, err
			}
		}
	}
	return st, nil
}

// check refuses a start that names no document or one outside its root.
func (w *startWire) check(path string) error {
	ok := len(w.Docs) > 0 && filepath.IsAbs(w.Root)
	for _, d := range w.Docs {
		ok = ok && filepath.IsAbs(d.File) && filepath.IsLocal(filepath.FromSlash(d.Name)) && filepath.Join(w.Root, filepath.FromSlash(d.Name)) == d.File
	}
	if !ok {
		var files []string
		for _, d := range w.Docs {
			files = append(files, d.File)
		}
		return fmt.Errorf("%w: %s: the run's start names %v in %q", journal.ErrCorrupt, path, files, w.Root)
	}
	return nil
}

// files returns the run's documents, absolute.
func (st *runStatus) files() []string {
	var out []string
	for _, d := range st.start.Docs {
		out = append(out, d.File)
	}
	return out
}

// relocate moves w's root and documents with moved; a nil moved (a run
// opened without OpenRun's context) leaves them.
func (w *startWire) relocate(moved func(string) string) {
	if moved == nil {
		return
	}
	w.Root = moved(w.Root)
	for i := range w.Docs {
		w.Docs[i].File = moved(w.Docs[i].File)
	}
}

// checkLocation refuses a run folder copied or moved away from its
// documents (loop.CheckLocation), naming every document it was moved away
// from.
func (st *runStatus) checkLocation(dir string) error {
	var files, there []string
	var first error
	for _, d := range st.start.Docs {
		if err := loop.CheckLocation(dir, d.File, d.FileRel); err != nil {
			first = cmp.Or(first, err)
			files = append(files, d.File)
			there = append(there, loop.RelName(filepath.Join(dir, filepath.FromSlash(d.FileRel))))
		}
	}
	if len(files) > 1 {
		return fmt.Errorf("%w: the journal in %s is for %s, but from where the folder is now the run's documents would be %s; use the folder in its original place (or start a new run here)",
			loop.ErrFolderMoved, dir, strings.Join(files, ", "), strings.Join(there, ", "))
	}
	return first
}

// sameSet reports whether a and b hold the same paths, in any order.
func sameSet(a, b []string) bool {
	return slices.Equal(slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b)))
}

// writable refuses documents the run may not write (CheckWritable).
func (st *runStatus) writable() error {
	for _, f := range st.files() {
		if err := loop.CheckWritable(f); err != nil {
			return err
		}
	}
	return nil
}

// reviewKey reports whether key names a reviewer call of loop.ReviewRound:
// ".../review/NAME#SHOT" (a document's own steps, such as the read of a
// document under a folder named review, are not).
func reviewKey(key string) bool {
	parts := strings.Split(key, "/")
	return len(parts) >= 3 && parts[len(parts)-2] == "review" && strings.Contains(parts[len(parts)-1], "#")
}
