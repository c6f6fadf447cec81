package apply

import (
	"cmp"
	"crypto/sha256"
	"errors"
	"fmt"
	"slices"
)

// Patch is a set of non-overlapping changes against one base document, with
// the SHA-256 of that base and of the result. Every change keeps its Old
// text, so a Patch has an exact Inverse and any subset of its findings can
// be reverted.
//
// Build a Patch with NewPatch, which validates it; a Patch decoded from
// storage carries only hashes and changes, which is enough for Apply and
// Inverse but not for Revert. No method modifies a Patch, so one may be
// used from many goroutines at once.
type Patch struct {
	// Changes are sorted by Start and do not overlap.
	Changes []Change
	// Base and Result are the SHA-256 of the document before and after.
	Base, Result [32]byte

	// base and result are the texts NewPatch saw and produced, kept so that
	// Revert can hash the document it produces. Never modified.
	base, result []byte
}

// Why a Patch or a change is refused.
var (
	// ErrBaseMismatch: the document is not the one the patch was made for.
	ErrBaseMismatch = errors.New("document does not match the patch's base")
	// ErrResultMismatch: applying the patch did not produce its recorded
	// result, so the patch itself is corrupt.
	ErrResultMismatch = errors.New("patch result does not match its recorded hash")
	// ErrBadChange: a change lies outside the document, overlaps the one
	// before it, or its Old text is not what the document holds.
	ErrBadChange = errors.New("invalid change")
	// ErrUnknownKey: Revert was given a key the patch does not hold.
	ErrUnknownKey = errors.New("unknown finding key")
	// ErrNoText: Revert was called on a Patch not built by NewPatch.
	ErrNoText = errors.New("patch carries no document text")
)

// ChangeError says which change of a patch is wrong and why. It wraps
// ErrBadChange.
type ChangeError struct {
	Index  int    // position of the change in sorted order
	Change Change // the offending change
	Reason string // what is wrong with it
}

// Error says which change is wrong and why.
func (e *ChangeError) Error() string {
	return fmt.Sprintf("apply: change %d [%d,%d) of %v: %s", e.Index, e.Change.Edit.Start, e.Change.Edit.End, e.Change.Keys, e.Reason)
}

// Unwrap returns ErrBadChange.
func (e *ChangeError) Unwrap() error { return ErrBadChange }

// NewPatch validates changes against base and returns the Patch that makes
// them. The changes are sorted by Start, then End (a stable sort of a copy;
// the argument is not modified); each must lie inside base and must not
// overlap the one before it, and its Old must equal the bytes of base it
// replaces. An insertion may sit at the start or end of a replacement, and
// several insertions at one offset apply in the order given: that is what
// the inverse of adjacent deletions needs. (Merge never offers different
// insertions at one offset; it reports them as a conflict.) An error is a
// *ChangeError naming the offending change.
//
// NewPatch keeps a private copy of base (base itself may be changed
// afterwards).
func NewPatch(base []byte, changes []Change) (*Patch, error) {
	cs := slices.Clone(changes)
	slices.SortStableFunc(cs, func(a, b Change) int {
		return cmp.Or(cmp.Compare(a.Edit.Start, b.Edit.Start), cmp.Compare(a.Edit.End, b.Edit.End))
	})
	// Never nil, even for an empty base: a nil text means "no text"
	// (a decoded Patch) to Revert, here and in the Inverse.
	p := &Patch{Changes: cs, base: append([]byte{}, base...)}
	p.Base = sha256.Sum256(p.base)
	out, err := p.apply(p.base)
	if err != nil {
		return nil, err
	}
	p.result, p.Result = out, sha256.Sum256(out)
	return p, nil
}

// Apply applies p to doc and returns the result in a new slice; doc is never
// modified. It refuses, with ErrBaseMismatch, a doc whose SHA-256 is not
// p.Base. The changes are applied in one forward pass into a buffer sized
// once, so the result equals applying them bottom-up and the allocations do
// not grow with the number of changes.
func (p *Patch) Apply(doc []byte) ([]byte, error) {
	if sha256.Sum256(doc) != p.Base {
		return nil, fmt.Errorf("apply: %w (have sha256 %x, want %x)", ErrBaseMismatch, sha256.Sum256(doc), p.Base)
	}
	out, err := p.apply(doc)
	if err != nil {
		return nil, err
	}
	if sha256.Sum256(out) != p.Result {
		return nil, fmt.Errorf("apply: %w", ErrResultMismatch)
	}
	return out, nil
}

// apply validates p's changes against doc and applies them in one pass.
func (p *Patch) apply(doc []byte) ([]byte, error) {
	size, prev := len(doc), Edit{}
	for i, c := range p.Changes {
		e := c.Edit
		bad := func(why string, args ...any) error {
			return &ChangeError{Index: i, Change: c, Reason: fmt.Sprintf(why, args...)}
		}
		switch {
		case e.Start < 0 || e.End < e.Start || e.End > len(doc):
			return nil, bad("span outside the %d-byte document", len(doc))
		case e.Start < prev.End:
			return nil, bad("overlaps change %d [%d,%d)", i-1, prev.Start, prev.End)
		case string(doc[e.Start:e.End]) != e.Old:
			return nil, bad("old text %s does not match the document's %s", brief(e.Old), brief(string(doc[e.Start:e.End])))
		}
		size += len(e.New) - len(e.Old)
		prev = e
	}
	out := make([]byte, 0, size)
	last := 0
	for _, c := range p.Changes {
		out = append(out, doc[last:c.Edit.Start]...)
		out = append(out, c.Edit.New...)
		last = c.Edit.End
	}
	return append(out, doc[last:]...), nil
}

// Inverse returns the exact reverse of p: a patch against p's result whose
// result is p's base. Its changes keep p's keys.
func (p *Patch) Inverse() *Patch {
	inv := &Patch{Changes: make([]Change, len(p.Changes)), Base: p.Result, Result: p.Base, base: p.result, result: p.base}
	shift := 0
	for i, c := range p.Changes {
		start := c.Edit.Start + shift
		inv.Changes[i] = Change{
			Edit: Edit{Start: start, End: start + len(c.Edit.New), Old: c.Edit.New, New: c.Edit.Old},
			Keys: slices.Clone(c.Keys),
		}
		shift += len(c.Edit.New) - len(c.Edit.Old)
	}
	return inv
}

// Revert returns a patch against p's result that undoes only the changes
// whose supporting findings are all among keys: a change that another,
// unlisted finding also supports stays applied. So reverting a set of keys
// gives the same document as applying only the other findings to the base.
// An unknown key is an error (ErrUnknownKey), as is a Patch not built by
// NewPatch (ErrNoText).
func (p *Patch) Revert(keys ...string) (*Patch, error) {
	if p.result == nil {
		return nil, fmt.Errorf("apply: revert: %w; build the patch with NewPatch", ErrNoText)
	}
	drop := make(map[string]bool, len(keys))
	for _, k := range keys {
		drop[k] = true
	}
	known := make(map[string]bool)
	for _, c := range p.Changes {
		for _, k := range c.Keys {
			known[k] = true
		}
	}
	for _, k := range keys {
		if !known[k] {
			return nil, fmt.Errorf("apply: revert: %w %q", ErrUnknownKey, k)
		}
	}
	inv := p.Inverse()
	var undo []Change
	for _, c := range inv.Changes {
		if !slices.ContainsFunc(c.Keys, func(k string) bool { return !drop[k] }) {
			undo = append(undo, c)
		}
	}
	return NewPatch(p.result, undo)
}

// Keys lists the finding keys the patch applies, in change order, each once.
func (p *Patch) Keys() []string {
	var keys []string
	seen := make(map[string]bool)
	for _, c := range p.Changes {
		for _, k := range c.Keys {
			if !seen[k] {
				seen[k] = true
				keys = append(keys, k)
			}
		}
	}
	return keys
}
