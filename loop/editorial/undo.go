package editorial

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// Undo reverts what the run journaled in dir wrote to its document, byte
// for byte: every round, last first, when round is 0, or only the given
// round, which must then be the last one still applied. It returns the
// rounds reverted, last first. See Loop.Undo.
func Undo(dir string, round int) (reverted []int, err error) {
	return (&Loop{Dir: dir}).Undo(context.Background(), round)
}

// Undo reverts the run journaled in l.Dir (see the package's Undo),
// reporting each step to l.Observer (UndoPlanned, UndoWritten,
// UndoRecorded), logging to l.Logger and pricing the closing Outcome with
// l.Prices; no other field is used. ctx is checked between reverts.
//
// An undo is two-phase, like a run's writes: it journals what it will
// revert, then reverts each side effect through journal.Undo (itself
// planned, written and journaled as done, by content hash), then writes
// summary.md anew and journals the end of the run (StopReason Undone:
// undoing an unfinished run ends it, so a new run can start). An undo cut
// short (a crash, a kill, ctx) is finished by the next Undo or Run on dir;
// the rounds returned then include those the interrupted undo had
// reverted. Before each write the document must be what the revert
// expects; if someone else changed it, Undo stops with ErrDocumentChanged
// and writes nothing more. A document that is not writable is refused
// (loop.ErrNotWritable); a dir copied or moved away from its document is
// refused with ErrFolderMoved rather than revert a document of another
// folder; while a run on dir is alive Undo fails with journal.ErrBusy; a
// journal of an older format is refused with journal.ErrFormat.
func (l *Loop) Undo(ctx context.Context, round int) (reverted []int, err error) {
	jpath := filepath.Join(l.Dir, JournalName)
	if _, err := os.Stat(jpath); errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: no run journal (%s) in %s", ErrNothingToUndo, JournalName, l.Dir)
	}
	r := &runner{l: l}
	if err := r.open(); err != nil {
		return nil, err
	}
	defer r.close()
	st, err := status(r.j)
	if err != nil {
		return nil, err
	}
	if st.start == nil {
		return nil, fmt.Errorf("%w: %s holds no run", ErrNothingToUndo, l.Dir)
	}
	if err := st.start.checkLocation(l.Dir); err != nil {
		return nil, err
	}
	loop.RemoveStaleTemp(ctx, l.logger(), l.Dir, st.start.files()...)
	if st.undo != nil {
		if reverted, err = r.finishUndo(ctx, st); err != nil {
			return reverted, err
		}
	}
	var plan undoWire
	if plan.Keys, plan.Rounds, err = loop.UndoPlan(r.j, round); err != nil {
		return reverted, err
	}
	if len(plan.Keys) == 0 {
		if len(reverted) > 0 {
			return reverted, nil
		}
		return nil, fmt.Errorf("%w in %s", ErrNothingToUndo, l.Dir)
	}
	if err := st.start.writable(); err != nil {
		return reverted, err
	}
	if _, err := r.j.Append(kindUndo, "", plan); err != nil {
		return reverted, err
	}
	st.undo = &plan
	more, err := r.finishUndo(ctx, st)
	return append(reverted, more...), err
}

// finishUndo carries out the journaled undo st.undo: the reverts not yet
// journaled as done, then summary.md and the end of the run. It returns
// the undo's rounds, last first.
func (r *runner) finishUndo(ctx context.Context, st *runStatus) ([]int, error) {
	if err := st.start.writable(); err != nil {
		return nil, err
	}
	root, err := apply.OpenDir(st.start.Root)
	if err != nil {
		return nil, fmt.Errorf("editorial: undo: %w", err)
	}
	defer root.Close()
	r.mu.Lock()
	r.undoing = true
	r.mu.Unlock()
	_, err = r.j.Undo(ctx, root, func(k string) bool { return slices.Contains(st.undo.Keys, k) })
	r.mu.Lock()
	r.undoing = false
	r.mu.Unlock()
	if errors.Is(err, journal.ErrChanged) {
		return nil, fmt.Errorf("%w: nothing more was reverted: %w", ErrDocumentChanged, err)
	} else if err != nil {
		return nil, fmt.Errorf("editorial: undo: %w (run Undo again to finish it)", err)
	}
	// The outcome is rendered from the journal: replay the run without
	// calling, asking or writing anything.
	rp := &runner{l: r.l, j: r.j, start: *st.start, readOnly: true}
	if _, err := rp.replay(ctx); err != nil && !errors.Is(err, errMissing) {
		return nil, err
	}
	if _, err := rp.finish(loop.Undone); err != nil && !errors.Is(err, ErrNotConverged) {
		return nil, err
	}
	return st.undo.Rounds, nil
}

// writable refuses documents the run may not write (loop.CheckWritable).
func (s *startWire) writable() error {
	for _, f := range s.files() {
		if err := loop.CheckWritable(f); err != nil {
			return err
		}
	}
	return nil
}

// JournaledFile returns the document the run journaled in dir works on
// (the first, in a run over several; see JournaledFiles).
func JournaledFile(dir string) (string, error) {
	files, err := JournaledFiles(dir)
	if err != nil {
		return "", err
	}
	return files[0], nil
}

// JournaledFiles returns the documents the run journaled in dir works on,
// in order: absolute paths with symbolic links resolved, as Run recorded
// them.
func JournaledFiles(dir string) ([]string, error) {
	jpath := filepath.Join(dir, JournalName)
	if _, err := os.Stat(jpath); err != nil {
		return nil, fmt.Errorf("%w: no run journal (%s) in %s", ErrNothingToUndo, JournalName, dir)
	}
	j, err := journal.Open(jpath, journal.Options{Driver: Driver, Kinds: []string{kindEnd, kindUndo}})
	if err != nil {
		return nil, err
	}
	defer j.Close()
	st, err := status(j)
	if err != nil {
		return nil, err
	}
	if st.start == nil {
		return nil, fmt.Errorf("%w: %s holds no run", ErrNothingToUndo, dir)
	}
	return st.start.files(), nil
}
