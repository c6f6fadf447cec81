package loop

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrNothingToUndo reports a journal with no applied round left to revert.
var ErrNothingToUndo = errors.New("loop: nothing to undo")

// ErrFolderMoved reports a run folder that is no longer where it was,
// relative to its document: it was copied or moved (see Undo).
var ErrFolderMoved = errors.New("loop: the run folder was moved or copied away from its document")

// Undo reverts what the run journaled in dir wrote to its document, byte
// for byte, through the inverse of each round's patch: every round, last
// first, when round is 0, or only the given round, which must then be the
// last one still applied. It returns the rounds reverted, last first.
//
// An undo is two-phase, like a run's writes: it first journals its plan
// (each revert with the SHA-256 the document has before and after it),
// then for each revert writes the document and journals that it did, and
// at last journals the end of the run (an Outcome with StopReason Undone:
// undoing an unfinished run ends it, so a new run can start) after writing
// summary.md anew. An undo cut short (a crash, a kill) is finished, by the
// document's hash, by the next Undo or Run on dir: a document at a
// revert's result is journaled as reverted, one at its start is reverted
// again, and any other content stops with ErrDocumentChanged. The rounds
// returned then include those the interrupted undo had reverted.
//
// The journal names its document by an absolute path, and also by its
// path relative to dir; when the two no longer agree (dir, or the project
// folder holding it, was copied or moved), Undo refuses with
// ErrFolderMoved rather than revert a document of another folder.
//
// Before each write the document's SHA-256 must be what the plan expects;
// if someone else changed it, Undo stops with ErrDocumentChanged and
// writes nothing more. A document that is not writable is refused
// (ErrNotWritable). Undo takes the journal's lock: while a run on dir is
// alive it fails with ErrJournalBusy.
func Undo(dir string, round int) (reverted []int, err error) {
	return (&Loop{Dir: dir}).Undo(context.Background(), round)
}

// Undo is the package's Undo on l.Dir, reporting each step to l.Observer
// (UndoPlanned, UndoWritten, UndoRecorded), logging to l.Logger and
// pricing the closing Outcome with l.Prices; no other field is used. ctx is checked between
// reverts: a cancelled undo is finished by the next Undo or Run.
func (l *Loop) Undo(ctx context.Context, round int) (reverted []int, err error) {
	dir := l.Dir
	jpath := filepath.Join(dir, JournalName)
	if _, err := os.Stat(jpath); errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: no run journal (%s) in %s", ErrNothingToUndo, JournalName, dir)
	}
	j, recs, err := OpenJournal(jpath)
	if err != nil {
		return nil, err
	}
	defer j.Close()
	st, err := replay(recs)
	if err != nil {
		return nil, err
	}
	if st.start == nil {
		return nil, fmt.Errorf("%w: %s holds no run", ErrNothingToUndo, dir)
	}
	if err := checkLocation(dir, st.start); err != nil {
		return nil, err
	}
	removeStaleTemp(ctx, l.logger(), dir, st.start.File)
	u := &undoer{l: l, j: j, st: st}
	if reverted, err = u.finish(ctx); err != nil {
		return reverted, err
	}
	steps, err := u.plan(round)
	if err != nil {
		return reverted, err
	}
	if len(steps) == 0 {
		if len(reverted) > 0 {
			return reverted, nil
		}
		return nil, fmt.Errorf("%w in %s", ErrNothingToUndo, dir)
	}
	if err := u.begin(steps); err != nil {
		return reverted, err
	}
	more, err := u.finish(ctx)
	return append(reverted, more...), err
}

// kindUndoPlan is the journal record that opens an undo: undoPlanRecord.
// Each revert it plans is then journaled as done by a kindUndo record, and
// the undo is closed by a kindEnd record.
const kindUndoPlan = "undo-plan"

// undoPlanRecord is the reverts an undo is about to make, in order.
type undoPlanRecord struct {
	Steps []undoStep `json:"steps"`
}

// undoStep is one planned revert: round Round's patch of phase Phase,
// taking the document from SHA-256 From (the patch's result) to To (its
// base), both hex.
type undoStep struct {
	Round int    `json:"round"`
	Phase int    `json:"phase"`
	From  string `json:"from"`
	To    string `json:"to"`
}

// undoer reverts a run's patches. Undo uses it, and Run to finish an undo
// a crash interrupted.
type undoer struct {
	l  *Loop
	j  *Journal
	st *runState
}

// plan lists the reverts Undo(round) makes, last patch first.
func (u *undoer) plan(round int) ([]undoStep, error) {
	var steps []undoStep
	for i := len(u.st.rounds) - 1; i >= 0; i-- {
		rs := u.st.rounds[i]
		for ph := gatePhase; ph >= policyPhase; ph-- {
			ps := rs.patch(ph)
			if !ps.applied || ps.undone || len(ps.rec.Patch.Changes) == 0 {
				continue
			}
			if round != 0 && rs.n != round {
				if len(steps) == 0 && rs.n > round {
					return nil, fmt.Errorf("loop: undo round %d: round %d, applied after it, must be undone first", round, rs.n)
				}
				continue
			}
			steps = append(steps, undoStep{Round: rs.n, Phase: ph, From: ps.rec.result(), To: ps.rec.base()})
		}
	}
	return steps, nil
}

// begin checks the document is where the plan starts and journals the
// plan. Nothing is written yet.
func (u *undoer) begin(steps []undoStep) error {
	path := u.st.start.File
	if err := checkWritable(path); err != nil {
		return err
	}
	doc, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("loop: undo: %w", err)
	}
	s := steps[0]
	if got := hashHex(doc); got != s.From {
		return fmt.Errorf("%w: %s is not what round %d left (SHA-256 %s, want %s); nothing was reverted", ErrDocumentChanged, relName(path), s.Round, short(got), short(s.From))
	}
	plan := &undoPlanRecord{Steps: steps}
	if _, err := u.j.Append(kindUndoPlan, 0, plan); err != nil {
		return err
	}
	u.st.undo, u.st.undoOpen = plan, true
	u.l.emit(Event{Kind: UndoPlanned})
	return nil
}

// finish carries out the journaled undo that is not finished yet, if any:
// the reverts not journaled as done, then summary.md and the end record.
// It returns the plan's rounds, last first.
func (u *undoer) finish(ctx context.Context) ([]int, error) {
	if !u.st.undoOpen {
		return nil, nil
	}
	var rounds []int
	for _, s := range u.st.undo.Steps {
		if n := len(rounds); n == 0 || rounds[n-1] != s.Round {
			rounds = append(rounds, s.Round)
		}
	}
	path := u.st.start.File
	for _, s := range u.st.undo.Steps {
		ps := u.st.round(s.Round).patch(s.Phase)
		if ps.undone {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("loop: undo round %d: %w (run Undo again to finish it)", s.Round, err)
		}
		if err := u.step(path, s, ps); err != nil {
			return nil, err
		}
		if _, err := u.j.Append(kindUndo, s.Round, undoRecord{Phase: s.Phase, Result: s.To}); err != nil {
			return nil, err
		}
		ps.undone = true
		u.l.emit(Event{Kind: UndoRecorded, Round: s.Round})
	}
	o := outcome(u.st, Undone, u.l.Prices)
	if err := writeFile(filepath.Join(u.l.Dir, "summary.md"), renderSummary(o, u.l.Dir, u.st)); err != nil {
		return nil, fmt.Errorf("loop: %w", err)
	}
	if _, err := u.j.Append(kindEnd, 0, o); err != nil {
		return nil, err
	}
	u.st.end, u.st.undoOpen = o, false
	return rounds, nil
}

// step makes the document at path what step s leaves, reconciled by
// hash: at the step's result it was written before a crash and is left
// alone; at the step's start it is reverted; anything else is someone
// else's change.
func (u *undoer) step(path string, s undoStep, ps *patchState) error {
	if err := checkWritable(path); err != nil {
		return err
	}
	doc, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("loop: undo round %d: %w", s.Round, err)
	}
	switch got := hashHex(doc); got {
	case s.To:
		return nil
	case s.From:
	default:
		return fmt.Errorf("%w: %s is not what round %d left (SHA-256 %s, want %s); nothing more was reverted", ErrDocumentChanged, relName(path), s.Round, short(got), short(s.From))
	}
	before, err := revert(ps.rec, doc)
	if err != nil {
		return fmt.Errorf("%w: undo round %d: the journaled patch does not revert the document: %v", ErrJournalCorrupt, s.Round, err)
	}
	if err := writeDocument(path, s.From, fmt.Sprintf("the undo of round %d", s.Round), before); errors.Is(err, ErrDocumentChanged) {
		return err
	} else if err != nil {
		return fmt.Errorf("loop: undo round %d: %w", s.Round, err)
	}
	u.l.emit(Event{Kind: UndoWritten, Round: s.Round})
	return nil
}

// JournaledFile returns the document the run journaled in dir works on:
// an absolute path with symbolic links resolved, as Run recorded it.
func JournaledFile(dir string) (string, error) {
	recs, err := ReadJournal(filepath.Join(dir, JournalName))
	if err != nil {
		return "", err
	}
	st, err := replay(recs)
	if err != nil {
		return "", err
	}
	if st.start == nil {
		return "", fmt.Errorf("%w: %s holds no run", ErrNothingToUndo, dir)
	}
	return st.start.File, nil
}

// fileRel returns file's path relative to the run folder dir (made
// absolute, with symbolic links resolved), slash-separated; "" when there
// is none (another volume) or dir cannot be resolved.
func fileRel(dir, file string) string {
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

// checkLocation refuses a run folder that was copied or moved away from
// its document (ErrFolderMoved): the document's path relative to dir,
// journaled when the run started, must still lead from dir to the
// journaled absolute path. A journal written before the relative path was
// recorded (no file_rel) cannot be checked and is trusted.
func checkLocation(dir string, start *startRecord) error {
	if start.FileRel == "" {
		return nil
	}
	if got := fileRel(dir, start.File); got != start.FileRel {
		there := filepath.Join(dir, filepath.FromSlash(start.FileRel))
		return fmt.Errorf("%w: the journal in %s is for %s, but from where the folder is now the run's document would be %s; use the folder in its original place (or start a new run here)",
			ErrFolderMoved, dir, start.File, relName(there))
	}
	return nil
}
