package rounds

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
	"github.com/kaigi-dev/kaigi/loop/internal/runfile"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// UndoRun reverts what the run journaled in cfg.Dir wrote to its
// documents, byte for byte: every round, last first, when round is 0, or
// only the given round, which must then be the last one still applied
// (undoPlan). It returns the rounds reverted, last first.
//
// An undo is two-phase, like a run's writes: it journals what it will
// revert, then reverts each side effect through journal.Undo (itself
// planned, written and journaled as done, by content hash), then calls
// undone with the run replaying only (Run.ReplayOnly: the driver replays
// its rounds from the journal and renders its artifacts, calling, asking
// and writing nothing) and journals the end of the run (loop.StopReason
// loop.Undone). Undoing an unfinished run ends it, so a new run can start, even
// when it had written nothing: UndoRun then returns no rounds and a nil
// error. ErrNothingToUndo reports an ended run with nothing left to
// revert, or a round with nothing to revert. An undo cut short (a crash,
// a kill, ctx) is finished by the next UndoRun or OpenRun on the folder;
// the rounds returned then include those the interrupted undo had
// reverted. Before each write the document must be
// what the revert expects; if someone else changed it, UndoRun stops with
// ErrDocumentChanged and writes nothing more. A document that is not
// writable is refused (loop.ErrNotWritable); a folder copied or moved away from
// its documents is refused (loop.ErrFolderMoved); while a run on the folder is
// alive UndoRun fails with journal.ErrBusy. ctx is checked between
// reverts.
func UndoRun[S any](ctx context.Context, cfg RunConfig, round int, undone func(context.Context, *Run[S]) error) (reverted []int, err error) {
	r, st, err := openJournaled[S](cfg)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	if err := st.checkLocation(cfg.Dir); err != nil {
		return nil, err
	}
	runfile.SweepStale(ctx, cfg.logger(), cfg.Dir, st.files()...)
	if st.undo != nil {
		if reverted, err = r.finishUndo(ctx, st, undone); err != nil {
			return reverted, err
		}
		st.ended = true
	}
	var plan undoWire
	if plan.Keys, plan.Rounds, err = undoPlan(r.J, round); err != nil {
		return reverted, err
	}
	switch {
	case len(plan.Keys) == 0 && len(reverted) > 0:
		return reverted, nil
	case len(plan.Keys) == 0 && (st.ended || round != 0):
		return nil, fmt.Errorf("%w in %s", ErrNothingToUndo, cfg.Dir)
	case len(plan.Keys) > 0:
		if err := st.writable(); err != nil {
			return reverted, err
		}
	}
	// An unfinished run that wrote nothing is ended all the same, by an
	// undo with nothing to revert.
	if _, err := r.J.Append(cfg.kind("undo"), "", plan); err != nil {
		return reverted, err
	}
	st.undo = &plan
	more, err := r.finishUndo(ctx, st, undone)
	return append(reverted, more...), err
}

// finishUndo carries out the journaled undo st.undo: the reverts not yet
// journaled as done, then the driver's renderings and the end of the run.
// It returns the undo's rounds, last first.
func (r *Run[S]) finishUndo(ctx context.Context, st *runStatus, undone func(context.Context, *Run[S]) error) ([]int, error) {
	if len(st.undo.Keys) > 0 {
		if err := st.writable(); err != nil {
			return nil, err
		}
	}
	root, err := apply.OpenDir(st.start.Root)
	if err != nil {
		return nil, fmt.Errorf("undo: %w", err)
	}
	defer root.Close()
	r.mu.Lock()
	r.undoing = true
	r.mu.Unlock()
	_, err = r.J.Undo(ctx, root, func(k string) bool { return slices.Contains(st.undo.Keys, k) })
	r.mu.Lock()
	r.undoing = false
	r.mu.Unlock()
	if errors.Is(err, journal.ErrChanged) {
		return nil, fmt.Errorf("%w: nothing more was reverted: %w", ErrDocumentChanged, err)
	} else if err != nil {
		return nil, fmt.Errorf("undo: %w (run the undo again to finish it)", err)
	}
	if undone != nil {
		if err := r.replay(ctx, undone); err != nil {
			return nil, err
		}
	}
	if _, err := r.J.Append(r.cfg.kind("end"), "", endWire{Reason: loop.Undone}); err != nil {
		return nil, err
	}
	return st.undo.Rounds, nil
}

// replay runs fn on a replay-only execution of the run journaled in r.J.
func (r *Run[S]) replay(ctx context.Context, fn func(context.Context, *Run[S]) error) error {
	rp := &Run[S]{J: r.J, Dir: r.Dir, cfg: r.cfg, replayOnly: true}
	for _, rec := range r.J.Records() {
		if rec.Kind == journal.KindStep && rec.Key == "start" {
			if err := rp.load(rec.Data); err != nil {
				return err
			}
		}
	}
	r.J.SetReplayOnly(true)
	defer r.J.SetReplayOnly(false)
	if err := fn(ctx, rp); err != nil && !errors.Is(err, journal.ErrNotJournaled) {
		return err
	}
	return nil
}

// JournaledFiles returns the documents of the run journaled in cfg.Dir,
// in order: absolute paths with symbolic links resolved, as the run
// recorded them. It takes the journal's lock for the moment it reads.
func JournaledFiles(cfg RunConfig) ([]string, error) {
	r, st, err := openJournaled[struct{}](cfg)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return st.files(), nil
}

// JournaledSettings returns the driver's settings S as the run journaled
// in cfg.Dir started with them (what a resume goes on with). It takes the
// journal's lock for the moment it reads.
func JournaledSettings[S any](cfg RunConfig) (S, error) {
	var set S
	r, _, err := openJournaled[S](cfg)
	if err != nil {
		return set, err
	}
	defer r.Close()
	for _, rec := range r.J.Records() {
		if rec.Kind == journal.KindStep && rec.Key == "start" {
			err = rec.Decode(&set)
		}
	}
	return set, err
}

// openJournaled opens the journal of the run in cfg.Dir, which must hold
// one (ErrNothingToUndo otherwise), and reads its status.
func openJournaled[S any](cfg RunConfig) (*Run[S], *runStatus, error) {
	if _, err := os.Stat(filepath.Join(cfg.Dir, loop.JournalName)); errors.Is(err, fs.ErrNotExist) {
		return nil, nil, fmt.Errorf("%w: no run journal (%s) in %s", ErrNothingToUndo, loop.JournalName, cfg.Dir)
	}
	r := &Run[S]{Dir: filepath.Clean(cfg.Dir), cfg: cfg}
	if err := r.open(); err != nil {
		r.Close()
		return nil, nil, err
	}
	st, err := r.status()
	if err == nil && st.start == nil {
		err = fmt.Errorf("%w: %s holds no run", ErrNothingToUndo, cfg.Dir)
	}
	if err != nil {
		r.Close()
		return nil, nil, err
	}
	return r, st, nil
}
