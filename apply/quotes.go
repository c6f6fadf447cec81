package apply

import (
	"errors"
	"fmt"
	"slices"

	"github.com/kaigi-dev/kaigi/finding"
)

// QuoteFix is one model-proposed edit: Fix replaces the one occurrence of
// Quote, as Resolve anchors a finding with Quotes [Quote] and that Fix.
type QuoteFix struct {
	// Key names the fix uniquely among the fixes of one call; it becomes
	// the key of its Change in the patch.
	Key string
	// Quote is the text to replace, as the model copied it.
	Quote string
	// Fix is its replacement; "" is advice only (ErrAdvisory).
	Fix string
	// Lines is where the model saw the quote. The zero value means the
	// quote may be anywhere: it is looked for in the whole document only,
	// a second occurrence anywhere is ErrAmbiguous, and the anchor is
	// never Far.
	Lines finding.LineRange
}

// Overlap says what PatchQuotes and PatchAnchors do with fixes whose
// edits overlap (by Merge's rule: identical edits never overlap).
type Overlap int

const (
	// SkipOverlaps skips every fix of a group of overlapping edits
	// (Merge's conflicts): none is chosen over another.
	SkipOverlaps Overlap = iota
	// FirstWins keeps fixes in input order, each skipped when it overlaps
	// a fix kept before it: the input order is the caller's priority.
	FirstWins
)

// QuoteOptions tunes PatchQuotes and PatchAnchors. The zero value
// anchors as Resolve's zero Options do, skips overlapping fixes and keeps
// any number of them.
type QuoteOptions struct {
	// Options are Resolve's (PatchAnchors does not use them).
	Options
	// Overlap is the rule for overlapping fixes.
	Overlap Overlap
	// Max, when positive, is the most fixes kept: the anchored fixes
	// after the Max-th kept one are skipped with ErrLimit (with
	// FirstWins, without being checked for overlaps).
	Max int
}

// Why PatchQuotes or PatchAnchors skips a fix that Resolve anchored.
var (
	// ErrConflict: the fix's edit overlaps another fix's (with
	// SkipOverlaps, every other fix of its group; with FirstWins, a fix
	// kept before it).
	ErrConflict = errors.New("edit overlaps another fix")
	// ErrLimit: QuoteOptions.Max fixes were kept before this one.
	ErrLimit = errors.New("enough fixes kept")
)

// QuotePatch is what PatchQuotes and PatchAnchors make of their fixes:
// every fix is either in Kept or in Skips, once.
type QuotePatch struct {
	// Patch holds the kept edits against the document (identical edits
	// merged into one Change with both keys); with none kept it has no
	// changes and its Result is its Base.
	Patch *Patch
	// Kept are the fixes' anchors, in input order. A Far anchor is kept
	// like any other; a caller that leaves Far fixes to a person filters
	// them before PatchAnchors.
	Kept []Anchor
	// Skips are the other fixes, in input order. Err wraps Resolve's
	// reasons (ErrQuoteNotFound, ErrAmbiguous, ErrAdvisory for a no-op or
	// empty fix, ...), ErrConflict or ErrLimit, and names the key.
	Skips []Skip
	// Conflicts are Merge's groups of overlapping fixes, with
	// SkipOverlaps; nil with FirstWins.
	Conflicts []Conflict
}

// PatchQuotes anchors each fix in doc (Resolve, with opt.Options), picks
// the anchored ones by opt.Overlap and opt.Max, and builds their patch
// against doc (PatchAnchors). It is the one way from a model's quotes to
// a patch; it never modifies doc or fixes, and holds no state between
// calls, so calls may run concurrently. The error is NewPatch's, which the
// anchors of one document only give for a bug.
func PatchQuotes(doc []byte, fixes []QuoteFix, opt QuoteOptions) (QuotePatch, error) {
	props := make([]Proposal, len(fixes))
	for i, f := range fixes {
		props[i] = Proposal{Key: f.Key, Finding: finding.Finding{Quotes: []string{f.Quote}, Fix: f.Fix, LineRange: f.Lines}}
	}
	anchors, skips := Resolve(doc, props, opt.Options)
	qp, err := PatchAnchors(doc, anchors, opt)
	if len(skips) > 0 { // both lists are in input order: interleave them by it
		order := make(map[string]int, len(fixes))
		for i, f := range fixes {
			order[f.Key] = i
		}
		qp.Skips = append(qp.Skips, skips...)
		slices.SortStableFunc(qp.Skips, func(a, b Skip) int { return order[a.Key] - order[b.Key] })
	}
	return qp, err
}

// PatchAnchors picks anchors by opt.Overlap and opt.Max and builds the
// patch of those kept against doc, the document they were anchored in.
// Keys must be unique. The error is NewPatch's: an anchor whose Old text
// is not at its place in doc; Patch and Kept are then nil, Skips and
// Conflicts still say what the overlap rule and Max left out.
func PatchAnchors(doc []byte, anchors []Anchor, opt QuoteOptions) (QuotePatch, error) {
	var qp QuotePatch
	keep := make([]bool, len(anchors))
	why := make([]error, len(anchors))
	switch opt.Overlap {
	case FirstWins:
		var kept []Edit // sorted by (Start, End), pairwise non-overlapping
		for i, a := range anchors {
			if opt.Max > 0 && len(kept) == opt.Max {
				why[i] = limitErr(a.Key, opt.Max)
				continue
			}
			if k := clashing(kept, a.Edit); k >= 0 {
				why[i] = fmt.Errorf("apply: %s: %w kept before it (%s)", a.Key, ErrConflict, brief(kept[k].Old))
				continue
			}
			keep[i] = true
			at, _ := slices.BinarySearchFunc(kept, a.Edit, byPlace)
			kept = slices.Insert(kept, at, a.Edit)
		}
	default:
		_, qp.Conflicts = Merge(anchors)
		in := map[string][]string{}
		for _, c := range qp.Conflicts {
			for _, k := range c.Keys {
				in[k] = c.Keys
			}
		}
		for i, a := range anchors {
			if group, ok := in[a.Key]; ok {
				why[i] = fmt.Errorf("apply: %s: %w of %v", a.Key, ErrConflict, group)
			} else {
				keep[i] = true
			}
		}
	}
	var take []Anchor
	for i, a := range anchors {
		switch {
		case keep[i] && opt.Max > 0 && len(take) == opt.Max:
			qp.Skips = append(qp.Skips, Skip{Key: a.Key, Err: limitErr(a.Key, opt.Max)})
		case keep[i]:
			take = append(take, a)
		default:
			qp.Skips = append(qp.Skips, Skip{Key: a.Key, Err: why[i]})
		}
	}
	changes, _ := Merge(take) // no conflicts left
	p, err := NewPatch(doc, changes)
	if err != nil {
		return qp, err
	}
	qp.Patch, qp.Kept = p, take
	return qp, nil
}

// limitErr is the skip of fix key after max kept ones.
func limitErr(key string, max int) error {
	return fmt.Errorf("apply: %s: %w (%d)", key, ErrLimit, max)
}

// byPlace orders edits by Start, then End.
func byPlace(a, b Edit) int {
	if a.Start != b.Start {
		return a.Start - b.Start
	}
	return a.End - b.End
}

// clashing returns the index of an edit of kept that e overlaps, or -1.
// kept is sorted by place and pairwise non-overlapping, so its Ends
// rise with its Starts: only the edits from the first that ends at or
// after e.Start to the last that starts at or before e.End can overlap.
func clashing(kept []Edit, e Edit) int {
	from, _ := slices.BinarySearchFunc(kept, e.Start, func(k Edit, start int) int {
		if k.End < start {
			return -1
		}
		return 1
	})
	for i := from; i < len(kept) && kept[i].Start <= e.End; i++ {
		if e.overlaps(kept[i]) {
			return i
		}
	}
	return -1
}

// overlaps reports whether e and o may not both be applied: their spans
// share a byte, an insertion lies strictly inside a replacement, or two
// different insertions sit at one offset. Identical edits do not overlap.
// It is Merge's rule for one pair.
func (e Edit) overlaps(o Edit) bool {
	switch {
	case e.same(o):
		return false
	case e.insert() && o.insert():
		return e.Start == o.Start
	case e.insert():
		return o.Start < e.Start && e.Start < o.End
	case o.insert():
		return e.Start < o.Start && o.Start < e.End
	}
	return e.Start < o.End && o.Start < e.End
}
