package loop

import (
	"sort"
	"strings"
)

// currentLines returns copies of items whose Lines count in the document
// as it is after the round's policy patch, rather than in the text the
// round reviewed (before): what a human looking at the file sees while the
// gate asks. Items whose Lines are not valid are returned as they are.
func currentLines(rs *roundState, before []byte, items []Item) []Item {
	pp := rs.patch(policyPhase)
	out := make([]Item, len(items))
	copy(out, items)
	if pp.rec == nil || pp.undone || len(pp.rec.Patch.Changes) == 0 {
		return out
	}
	// ends[i] is the end offset of change i, and shift[i] the lines that
	// changes 0..i added (negative: removed).
	changes := pp.rec.Patch.Changes
	ends := make([]int, len(changes))
	shift := make([]int, len(changes))
	total := 0
	for i, c := range changes {
		total += strings.Count(c.Edit.New, "\n") - strings.Count(c.Edit.Old, "\n")
		ends[i], shift[i] = c.Edit.End, total
	}
	lineDelta := func(off int) int {
		i := sort.SearchInts(ends, off+1) // changes ending at or before off
		if i == 0 {
			return 0
		}
		return shift[i-1]
	}
	var starts []int // line start offsets of before, built on demand
	for i := range out {
		it := &out[i]
		if !it.Lines.Valid() {
			continue
		}
		off := 0
		if it.Edit != nil {
			off = it.Edit.Start
		} else {
			if starts == nil {
				starts = lineStarts(before)
			}
			if it.Lines.Start > len(starts) {
				continue
			}
			off = starts[it.Lines.Start-1]
		}
		d := lineDelta(off)
		it.Lines.Start += d
		it.Lines.End += d
	}
	return out
}

// lineStarts returns the offset at which each line of text starts.
func lineStarts(text []byte) []int {
	starts := []int{0}
	for i, c := range text {
		if c == '\n' && i+1 < len(text) {
			starts = append(starts, i+1)
		}
	}
	return starts
}
