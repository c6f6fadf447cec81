package council

import (
	"cmp"
	"slices"
)

// markSameLine sets Row.SameLine on the PlacementReady rows: the keys of
// the ready rows of other reviewers whose edit touches one of the row's
// lines and is another Change. Sorting by first line keeps it to one
// sort and a sweep over the rows whose spans are still open.
func (t *Table) markSameLine() {
	var idx []int
	for i, r := range t.Rows {
		if r.Placement == PlacementReady && r.Anchor != nil && r.Anchor.Lines.Valid() {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		return cmp.Compare(t.Rows[a].Anchor.Lines.Start, t.Rows[b].Anchor.Lines.Start)
	})
	var open []int
	for _, i := range idx {
		r := &t.Rows[i]
		open = slices.DeleteFunc(open, func(j int) bool { return t.Rows[j].Anchor.Lines.End < r.Anchor.Lines.Start })
		for _, j := range open {
			o := &t.Rows[j]
			if o.Reviewer == r.Reviewer || o.Change == r.Change {
				continue
			}
			o.SameLine = append(o.SameLine, r.Key)
			r.SameLine = append(r.SameLine, o.Key)
		}
		open = append(open, i)
	}
}
