package apply

import (
	"cmp"
	"slices"
	"strings"
)

// Change is one edit and every proposal key that supports it: identical
// edits (same Start, End and New) from different findings merge into one
// Change. Keys are in the order the anchors were given.
type Change struct {
	Edit Edit     `json:"edit"`
	Keys []string `json:"keys"` // at least one
}

// Conflict is a group of anchors whose edits overlap, or insert different
// text at one offset, and are not identical. None of them is applied
// automatically. Keys lists every finding in the group; Changes lists the
// alternative (deduplicated) edits, sorted; [Start, End) covers them all.
type Conflict struct {
	Keys       []string // every finding in the group
	Start, End int      // the bytes the group covers
	Changes    []Change // the alternatives, at least two
}

// Merge sorts anchors by span, merges identical edits into one Change and
// groups the rest into conflicts. The returned changes are sorted and do not
// overlap, so they can be handed to NewPatch as they are.
//
// Two edits overlap when their spans share a byte, when an insertion lies
// strictly inside a replacement, or when two different insertions sit at one
// offset. An insertion at the very start or end of a replacement does not
// overlap it: both apply, the insertion's text before the replacement's
// (at Start) or after it (at End). Conflict groups are the connected
// components of overlap: if A overlaps B and B overlaps C, all three are one
// Conflict even when A and C do not touch.
//
// Merge costs one sort and one sweep that keeps the running maximum end:
// O(n log n) for n anchors, never pairwise.
func Merge(anchors []Anchor) (changes []Change, conflicts []Conflict) {
	// Sort small pointer-free records rather than indexes, so the sort
	// reads memory in order and the garbage collector has nothing to scan.
	type item struct{ start, end, i int }
	order := make([]item, len(anchors))
	for i, a := range anchors {
		order[i] = item{a.Edit.Start, a.Edit.End, i}
	}
	slices.SortFunc(order, func(a, b item) int {
		if c := cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.end, b.end)); c != 0 {
			return c
		}
		return cmp.Or(strings.Compare(anchors[a.i].Edit.New, anchors[b.i].Edit.New), cmp.Compare(a.i, b.i))
	})

	// Merge identical edits, which sort next to each other. All keys live
	// in one array in sorted order; each Change's Keys is its own part of it
	// (capacity-limited, so appending to it copies).
	keys := make([]string, len(order))
	uniq := make([]Change, 0, len(order))
	for n, it := range order {
		a := anchors[it.i]
		keys[n] = a.Key
		if k := len(uniq) - 1; k >= 0 && uniq[k].Edit.same(a.Edit) {
			from := n - len(uniq[k].Keys)
			uniq[k].Keys = keys[from : n+1 : n+1]
			continue
		}
		uniq = append(uniq, Change{Edit: a.Edit, Keys: keys[n : n+1 : n+1]})
	}

	changes = make([]Change, 0, len(uniq))
	// Sweep: a change joins the current group when it starts before the
	// group's running maximum end, or when it inserts at the same offset
	// as the insertion just before it.
	for lo := 0; lo < len(uniq); {
		end, hi := uniq[lo].Edit.End, lo+1
		for ; hi < len(uniq); hi++ {
			c, prev := uniq[hi].Edit, uniq[hi-1].Edit
			if c.Start >= end && !(c.insert() && prev.insert() && prev.Start == c.Start) {
				break
			}
			end = max(end, c.End)
		}
		if hi-lo == 1 {
			changes = append(changes, uniq[lo])
		} else {
			conflicts = append(conflicts, newConflict(uniq[lo:hi:hi], end))
		}
		lo = hi
	}
	return changes, conflicts
}

// newConflict makes the conflict of a group of changes that ends at end.
func newConflict(group []Change, end int) Conflict {
	c := Conflict{Start: group[0].Edit.Start, End: end, Changes: group}
	n := 0
	for _, ch := range group {
		n += len(ch.Keys)
	}
	c.Keys = make([]string, 0, n)
	for _, ch := range group {
		c.Keys = append(c.Keys, ch.Keys...)
	}
	return c
}
