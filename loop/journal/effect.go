package journal

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"path"

	"github.com/kaigi-dev/kaigi/apply"
)

// Errors of side effects.
var (
	// ErrChanged: a file is neither what a side effect was built on nor
	// what it makes (nor, for an undo, what the undo makes): someone else
	// changed it. Nothing more is written.
	ErrChanged = errors.New("file changed outside the run")
	// ErrUndone: Commit was called for a side effect that was undone.
	ErrUndone = errors.New("side effect was undone")
	// ErrNondeterministic: a replayed driver asked for a side effect under
	// a key journaled with other changes.
	ErrNondeterministic = errors.New("replay differs from the journal")
)

// FileChange is one file's part of a side effect.
type FileChange struct {
	// Name is the file's slash-separated name relative to the root folder
	// the side effect writes in. Example: "docs/intro.md".
	Name string `json:"name"`
	// Patch turns the file from its base (Patch.Base) into its result
	// (Patch.Result). A patch with no changes writes nothing.
	Patch *apply.Patch `json:"patch"`
}

// effectRecord is the payload of a KindPlanned record.
type effectRecord struct {
	Files []FileChange `json:"files"`
}

// Effect is what the journal says about one side effect.
type Effect struct {
	Key    string
	Files  []FileChange
	Done   bool // every file written and the effect journaled as done
	Undone bool // reverted by Undo (and the revert journaled)

	undoPlanned bool
}

// Commit makes a side effect in two phases: it checks that every file
// still has its patch's base (a file someone else changed meanwhile stops
// it with ErrChanged before anything is written), journals the plan (the
// patches), writes each file atomically through root, and journals that it
// is done. A crash in between is reconciled by content hash when the
// resumed driver calls Commit again with the same key and changes: a file
// already at its result is left alone, a file at its base is written, any
// other content is ErrChanged. So an edit is neither lost nor made twice.
//
// Commits and Undos on one Journal run one at a time, so two concurrent
// Commits of patches with the same base to one file cannot both succeed:
// the second finds the first one's result and fails with ErrChanged.
// (Writers that do not go through the Journal are caught by the hash
// checks, just before each write.)
//
// Commit with a key journaled as done returns nil at once (after checking
// that the changes are the journaled ones: ErrNondeterministic otherwise);
// with a key journaled as undone it returns ErrUndone.
func (j *Journal) Commit(ctx context.Context, key string, root *apply.Dir, changes []FileChange) error {
	if err := j.claimEffect(key); err != nil {
		return err
	}
	j.write.Lock() // no other Commit or Undo writes between the checks and the writes
	defer j.write.Unlock()
	e := j.effect(key)
	if j.replayOnly() {
		if e == nil {
			return fmt.Errorf("%w: side effect %s", ErrNotJournaled, key)
		}
		return nil
	}
	if e != nil {
		if !sameChanges(e.Files, changes) {
			return fmt.Errorf("%w: side effect %s was journaled with other changes", ErrNondeterministic, key)
		}
		switch {
		case e.Undone || e.undoPlanned:
			return fmt.Errorf("%w: %s", ErrUndone, key)
		case e.Done:
			return nil
		}
	} else {
		for _, c := range changes {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("%s: %w", key, err)
			}
			if err := checkHash(root, c.Name, c.Patch.Base); err != nil {
				return fmt.Errorf("%w (side effect %s: nothing was written)", err, key)
			}
		}
		if _, err := j.append(KindPlanned, key, effectRecord{Files: changes}); err != nil {
			return err
		}
	}
	for _, c := range changes {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("%s: %w", key, err)
		}
		if err := j.move(root, c.Name, c.Patch); err != nil {
			return fmt.Errorf("%w (side effect %s)", err, key)
		}
	}
	_, err := j.append(KindDone, key, struct{}{})
	return err
}

// move brings the file name from p's base to p's result: nothing to do if
// it is at the result already, a write if it is at the base, ErrChanged
// otherwise.
func (j *Journal) move(root *apply.Dir, name string, p *apply.Patch) error {
	if len(p.Changes) == 0 {
		return nil
	}
	data, err := root.ReadFile(name)
	if err != nil {
		return err
	}
	switch h := sha256.Sum256(data); h {
	case p.Result:
		return nil
	case p.Base:
	default:
		return changedError(name, h, p.Base)
	}
	out, err := p.Apply(data)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if err := root.WriteFile(name, out); err != nil {
		return err
	}
	j.observe(Event{File: name})
	return nil
}

// checkHash checks that the file name has the SHA-256 want.
func checkHash(root *apply.Dir, name string, want [32]byte) error {
	data, err := root.ReadFile(name)
	if err != nil {
		return err
	}
	if h := sha256.Sum256(data); h != want {
		return changedError(name, h, want)
	}
	return nil
}

func changedError(name string, got, want [32]byte) error {
	return fmt.Errorf("%w: %s: its SHA-256 is %x…, the run expected %x…", ErrChanged, name, got[:6], want[:6])
}

// Undo reverts the side effects for which keep returns true (all, when
// keep is nil), last first, through the inverse of each file's patch, and
// returns the keys it reverted. Each revert is two-phase like Commit and
// reconciled the same way, so Undo is safe to repeat after a crash: a file
// already at its base is left alone, a file at its result is reverted,
// anything else stops Undo with ErrChanged and writes nothing more. A side
// effect planned but never journaled as done is reverted too (what it
// wrote is undone by hash). Effects already undone are skipped.
func (j *Journal) Undo(ctx context.Context, root *apply.Dir, keep func(key string) bool) ([]string, error) {
	j.write.Lock()
	defer j.write.Unlock()
	var reverted []string
	effects := j.Effects()
	for i := len(effects) - 1; i >= 0; i-- {
		e := effects[i]
		if e.Undone || (keep != nil && !keep(e.Key)) {
			continue
		}
		if !e.undoPlanned {
			// Check every file before journaling the plan, so that a
			// refused undo leaves no trace.
			for _, c := range e.Files {
				if err := checkEither(root, c); err != nil {
					return reverted, fmt.Errorf("%w (undo of %s: nothing was written)", err, e.Key)
				}
			}
			if _, err := j.append(KindUndoPlanned, e.Key, struct{}{}); err != nil {
				return reverted, err
			}
		}
		for k := len(e.Files) - 1; k >= 0; k-- {
			if err := ctx.Err(); err != nil {
				return reverted, fmt.Errorf("undo %s: %w", e.Key, err)
			}
			c := e.Files[k]
			if err := j.move(root, c.Name, c.Patch.Inverse()); err != nil {
				return reverted, fmt.Errorf("%w (undo of %s)", err, e.Key)
			}
		}
		if _, err := j.append(KindUndone, e.Key, struct{}{}); err != nil {
			return reverted, err
		}
		reverted = append(reverted, e.Key)
	}
	return reverted, nil
}

// checkEither checks that a file is at its change's base or result.
func checkEither(root *apply.Dir, c FileChange) error {
	if len(c.Patch.Changes) == 0 {
		return nil
	}
	data, err := root.ReadFile(c.Name)
	if err != nil {
		return err
	}
	if h := sha256.Sum256(data); h != c.Patch.Base && h != c.Patch.Result {
		return changedError(c.Name, h, c.Patch.Result)
	}
	return nil
}

// Effects returns what the journal says about each side effect, in the
// order they were planned.
func (j *Journal) Effects() []Effect {
	j.mu.Lock()
	defer j.mu.Unlock()
	var out []Effect
	idx := map[string]int{}
	for _, rec := range j.recs {
		switch rec.Kind {
		case KindPlanned:
			var er effectRecord
			_ = rec.Decode(&er) // checked when the record was admitted
			idx[rec.Key] = len(out)
			out = append(out, Effect{Key: rec.Key, Files: er.Files})
		case KindDone:
			out[idx[rec.Key]].Done = true
		case KindUndoPlanned:
			out[idx[rec.Key]].undoPlanned = true
		case KindUndone:
			out[idx[rec.Key]].Undone = true
		}
	}
	return out
}

// effect returns the journal's state of the side effect key, or nil.
func (j *Journal) effect(key string) *Effect {
	for _, e := range j.Effects() {
		if e.Key == key {
			return &e
		}
	}
	return nil
}

// claimEffect marks an effect key as used by this execution.
func (j *Journal) claimEffect(key string) error {
	if key == "" {
		return errors.New("empty side-effect key")
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	k := "effect\x00" + key
	if j.used[k] {
		return fmt.Errorf("%w: side effect %q", ErrDuplicateKey, key)
	}
	j.used[k] = true
	return nil
}

// sameChanges reports whether two side effects change the same files the
// same way (by name and the hashes of base and result).
func sameChanges(a, b []FileChange) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if path.Clean(a[i].Name) != path.Clean(b[i].Name) || a[i].Patch.Base != b[i].Patch.Base || a[i].Patch.Result != b[i].Patch.Result {
			return false
		}
	}
	return true
}

// admitEffect checks a side-effect record against those before it.
func admitEffect(state map[string]string, rec Record) error {
	prev := state[rec.Key]
	var want string
	switch rec.Kind {
	case KindPlanned:
		var er effectRecord
		if err := rec.Decode(&er); err != nil {
			return err
		}
		for _, f := range er.Files {
			if f.Patch == nil || f.Name == "" {
				return fmt.Errorf("%w: record %d: side effect %s has a file without name or patch", ErrCorrupt, rec.Seq, rec.Key)
			}
		}
		want = ""
	case KindDone:
		want = KindPlanned
	case KindUndoPlanned:
		if prev != KindPlanned && prev != KindDone {
			return fmt.Errorf("%w: record %d: undo of side effect %s, which is not planned", ErrCorrupt, rec.Seq, rec.Key)
		}
		state[rec.Key] = rec.Kind
		return nil
	case KindUndone:
		want = KindUndoPlanned
	default:
		return nil
	}
	if rec.Key == "" || prev != want {
		return fmt.Errorf("%w: record %d: %s of side effect %q after %q", ErrCorrupt, rec.Seq, rec.Kind, rec.Key, prev)
	}
	state[rec.Key] = rec.Kind
	return nil
}
