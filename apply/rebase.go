package apply

import (
	"errors"
	"fmt"
)

// ErrOverlap reports an edit that Rebase cannot move onto a patch's result
// because it overlaps one of the patch's changes with a different edit.
var ErrOverlap = errors.New("edit overlaps a change of the patch")

// Rebase moves e, an edit of p's base, onto p's result: its offsets are
// shifted by what p's changes before it added or removed. done reports that
// p already makes the identical edit (same span, same replacement), so
// there is nothing left to apply. An edit that overlaps a different change
// of p is an error wrapping ErrOverlap. A change that is a pure insertion
// at e's start counts as before e; a change starting at e's end counts as
// after it. e.Old is kept, so the moved edit still checks against the
// result's bytes when given to NewPatch.
func (p *Patch) Rebase(e Edit) (moved Edit, done bool, err error) {
	delta := 0
	for _, ch := range p.Changes {
		c := ch.Edit
		switch {
		case c.same(e):
			return e, true, nil
		case c.End <= e.Start && (c.Start < e.Start || c.insert()):
			delta += len(c.New) - (c.End - c.Start)
		case c.Start >= e.End && (c.Start > e.Start || e.insert()):
			// after e: no effect
		default:
			return e, false, fmt.Errorf("apply: rebase: edit [%d,%d): %w [%d,%d)", e.Start, e.End, ErrOverlap, c.Start, c.End)
		}
	}
	e.Start += delta
	e.End += delta
	return e, false, nil
}
