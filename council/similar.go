package council

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/kaigi-dev/kaigi/finding"
)

// similarIssue is the Jaccard index of two issue texts' token sets at or
// above which sibling shots count as reporting the same problem.
const similarIssue = 0.5

// tokens returns the token set of s: lower-cased runs of letters and digits
// for alphabetic scripts, and rune bigrams inside runs of Han, Hiragana and
// Katakana, which do not separate words with spaces.
func tokens(s string) map[string]struct{} {
	set := make(map[string]struct{})
	var word strings.Builder
	var cjk []rune
	flushWord := func() {
		if word.Len() > 0 {
			set[word.String()] = struct{}{}
			word.Reset()
		}
	}
	flushCJK := func() {
		switch len(cjk) {
		case 0:
		case 1:
			set[string(cjk)] = struct{}{}
		default:
			for i := 0; i+1 < len(cjk); i++ {
				set[string(cjk[i:i+2])] = struct{}{}
			}
		}
		cjk = cjk[:0]
	}
	for _, r := range s {
		switch {
		case unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana):
			flushWord()
			cjk = append(cjk, r)
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			flushCJK()
			word.WriteRune(unicode.ToLower(r))
		default:
			flushWord()
			flushCJK()
		}
	}
	flushWord()
	flushCJK()
	return set
}

// jaccard returns |a ∩ b| / |a ∪ b|, and 0 when both sets are empty.
func jaccard(a, b map[string]struct{}) float64 {
	if len(a) > len(b) {
		a, b = b, a
	}
	both := 0
	for t := range a {
		if _, ok := b[t]; ok {
			both++
		}
	}
	union := len(a) + len(b) - both
	if union == 0 {
		return 0
	}
	return float64(both) / float64(union)
}

// span returns the lines a row concerns: where its edit lands, or its hint.
func (r *Row) span() finding.LineRange {
	if r.Anchor != nil {
		return r.Anchor.Lines
	}
	return r.Finding.LineRange
}

// markSiblings marks as finding.Duplicate each finding that a better sibling (see
// outranks) of the same reviewer already reported. Candidates are paired by
// a sort on the first line and a scan over overlapping spans only.
func (t *Table) markSiblings() {
	byReviewer := make(map[string][]int)
	for i := range t.Rows {
		r := &t.Rows[i]
		if r.State.Current() != finding.Rejected && r.span().Valid() {
			byReviewer[r.Reviewer] = append(byReviewer[r.Reviewer], i)
		}
	}
	toks := make(map[int]map[string]struct{})
	issue := func(i int) map[string]struct{} {
		s, ok := toks[i]
		if !ok {
			s = tokens(t.Rows[i].Finding.Issue)
			toks[i] = s
		}
		return s
	}
	for _, idx := range byReviewer {
		if !slices.ContainsFunc(idx, func(i int) bool { return t.Rows[i].Shot != t.Rows[idx[0]].Shot }) {
			continue // one shot only: no siblings, and no pairwise scan of its rows
		}
		// earliest[i] is the best-ranked row of another shot that row i
		// repeats; it always outranks i, so following it ends.
		earliest := make(map[int]int)
		slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(t.Rows[a].span().Start, t.Rows[b].span().Start) })
		for x, i := range idx {
			for _, j := range idx[x+1:] {
				ri, rj := &t.Rows[i], &t.Rows[j]
				if rj.span().Start > ri.span().End {
					break
				}
				if ri.Shot == rj.Shot || !t.same(ri, rj, issue(i), issue(j)) {
					continue
				}
				first, later := i, j
				if t.outranks(j, i) {
					first, later = j, i
				}
				if e, ok := earliest[later]; !ok || t.outranks(first, e) {
					earliest[later] = first
				}
			}
		}
		for later, first := range earliest {
			root := first
			for {
				e, ok := earliest[root]
				if !ok {
					break
				}
				root = e
			}
			r := &t.Rows[later]
			key := t.Rows[root].Key
			r.State = finding.State{Status: finding.Duplicate, DuplicateOf: key, By: ByAuto, Reason: fmt.Sprintf("shot %d repeats %s", r.Shot, key)}
			r.Placement = PlacementNone // out of the merge and of the groups
		}
	}
}

// siblingRank orders the kinds of sibling findings: one with an anchored
// edit first, then advice, then a finding whose quote was not found.
func (r *Row) siblingRank() int {
	switch {
	case r.Anchor != nil:
		return 0
	case r.Placement == PlacementAdvisory:
		return 1
	default:
		return 2
	}
}

// outranks reports whether row a is kept over its sibling b when both
// report the same problem: the better kind of finding (siblingRank), then
// the earlier shot, then table order. A row without an edit therefore
// never absorbs one that has an edit.
func (t *Table) outranks(a, b int) bool {
	ra, rb := &t.Rows[a], &t.Rows[b]
	if c := cmp.Compare(ra.siblingRank(), rb.siblingRank()); c != 0 {
		return c < 0
	}
	if c := cmp.Compare(ra.Shot, rb.Shot); c != 0 {
		return c < 0
	}
	return a < b
}

// same reports whether two sibling findings with overlapping spans report
// the same problem.
func (t *Table) same(a, b *Row, ta, tb map[string]struct{}) bool {
	if a.Anchor != nil && b.Anchor != nil && a.Anchor.Edit == b.Anchor.Edit {
		return true
	}
	return jaccard(ta, tb) >= similarIssue
}
