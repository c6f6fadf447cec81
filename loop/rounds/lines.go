package rounds

import (
	"sort"
	"strings"

	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/loop"
)

// lineMap moves the line numbers of items, counted in the text a round
// reviewed, past a patch of that text (a round's policy patch): what a
// human looking at the file sees while the gate asks. Building it costs
// one pass over the patch; a round's gate batches share one, so that many
// batches do not each pay for it.
type lineMap struct {
	before []byte
	ends   []int // ends[i] is the end offset of change i
	shift  []int // shift[i] is the lines changes 0..i added (negative: removed)
	starts []int // line start offsets of before, built on demand
}

// newLineMap returns the line map of patch p (nil: no change) of before.
func newLineMap(before []byte, p *apply.Patch) *lineMap {
	m := &lineMap{before: before}
	if p == nil || len(p.Changes) == 0 {
		return m
	}
	changes := p.Changes
	m.ends = make([]int, len(changes))
	m.shift = make([]int, len(changes))
	total := 0
	for i, c := range changes {
		total += strings.Count(c.Edit.New, "\n") - strings.Count(c.Edit.Old, "\n")
		m.ends[i], m.shift[i] = c.Edit.End, total
	}
	return m
}

// Current returns copies of items with their Lines moved past the patch.
// Items whose Lines are not valid are returned as they are.
func (m *lineMap) Current(items []loop.Item) []loop.Item {
	out := make([]loop.Item, len(items))
	copy(out, items)
	if len(m.ends) == 0 {
		return out
	}
	for i := range out {
		it := &out[i]
		if !it.Lines.Valid() {
			continue
		}
		off := 0
		if it.Edit != nil {
			off = it.Edit.Start
		} else {
			if m.starts == nil {
				m.starts = lineStarts(m.before)
			}
			if it.Lines.Start > len(m.starts) {
				continue
			}
			off = m.starts[it.Lines.Start-1]
		}
		d := m.delta(off)
		it.Lines.Start += d
		it.Lines.End += d
	}
	return out
}

// delta returns the lines the changes ending at or before off added.
func (m *lineMap) delta(off int) int {
	i := sort.SearchInts(m.ends, off+1)
	if i == 0 {
		return 0
	}
	return m.shift[i-1]
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
