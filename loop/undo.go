package loop

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrNothingToUndo reports a journal with no applied round left to revert.
var ErrNothingToUndo = errors.New("loop: nothing to undo")

// Undo reverts what the run journaled in dir wrote to its document, byte
// for byte, through the inverse of each round's patch: every round, last
// first, when round is 0, or only the given round, which must then be the
// last one still applied. Before each revert the document's SHA-256 must be
// the round's result; if someone else changed it, Undo stops with
// ErrDocumentChanged and writes nothing more. Each revert is journaled, so
// Undo is safe to repeat. Undoing an unfinished run ends it, so a new run
// can start; summary.md is written anew.
func Undo(dir string, round int) (reverted []int, err error) {
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
	type step struct {
		rs *roundState
		ph int
	}
	var todo []step
	for i := len(st.rounds) - 1; i >= 0; i-- {
		rs := st.rounds[i]
		for ph := gatePhase; ph >= policyPhase; ph-- {
			ps := rs.patch(ph)
			if !ps.applied || ps.undone || len(ps.rec.Patch.Changes) == 0 {
				continue
			}
			if round != 0 && rs.n != round {
				if len(todo) == 0 && rs.n > round {
					return nil, fmt.Errorf("loop: undo round %d: round %d, applied after it, must be undone first", round, rs.n)
				}
				continue
			}
			todo = append(todo, step{rs, ph})
		}
	}
	if len(todo) == 0 {
		return nil, fmt.Errorf("%w in %s", ErrNothingToUndo, dir)
	}
	path := st.start.File
	if err := checkWritable(path); err != nil {
		return nil, err
	}
	for _, s := range todo {
		rs, ps := s.rs, s.rs.patch(s.ph)
		doc, err := os.ReadFile(path)
		if err != nil {
			return reverted, fmt.Errorf("loop: undo round %d: %w", rs.n, err)
		}
		if got, want := hashHex(doc), ps.rec.result(); got != want {
			return reverted, fmt.Errorf("%w: %s is not what round %d left (SHA-256 %s, want %s); nothing more was reverted", ErrDocumentChanged, relName(path), rs.n, short(got), short(want))
		}
		before, err := revert(ps.rec, doc)
		if err != nil {
			return reverted, fmt.Errorf("loop: undo round %d: %w", rs.n, err)
		}
		if err := writeDocument(path, ps.rec.result(), fmt.Sprintf("the undo of round %d", rs.n), before); errors.Is(err, ErrDocumentChanged) {
			return reverted, err
		} else if err != nil {
			return reverted, fmt.Errorf("loop: undo round %d: %w", rs.n, err)
		}
		if _, err := j.Append(kindUndo, rs.n, undoRecord{Phase: s.ph, Result: hashHex(before)}); err != nil {
			return reverted, err
		}
		ps.undone = true
		if n := len(reverted); n == 0 || reverted[n-1] != rs.n {
			reverted = append(reverted, rs.n)
		}
	}
	o := outcome(st, Undone, nil)
	if st.end == nil { // an unfinished run: undoing it ends it
		if _, err := j.Append(kindEnd, 0, o); err != nil {
			return reverted, err
		}
	}
	if err := writeFile(filepath.Join(dir, "summary.md"), renderSummary(o, dir, st)); err != nil {
		return reverted, fmt.Errorf("loop: %w", err)
	}
	return reverted, nil
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
