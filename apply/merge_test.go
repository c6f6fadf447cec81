package apply

import (
	"fmt"
	"slices"
	"testing"
)

// anc builds an anchor replacing [s, e) of doc with repl.
func anc(doc, key string, s, e int, repl string) Anchor {
	return Anchor{Key: key, Edit: Edit{Start: s, End: e, Old: doc[s:e], New: repl}}
}

func TestMerge(t *testing.T) {
	const doc = "0123456789abcdef"
	tests := []struct {
		name      string
		anchors   []Anchor
		changes   [][]string // keys of each change, in order
		conflicts [][]string // keys of each conflict, in order
	}{
		{name: "disjoint", anchors: []Anchor{anc(doc, "b", 5, 7, "x"), anc(doc, "a", 0, 2, "y")},
			changes: [][]string{{"a"}, {"b"}}},
		{name: "identical edits merge", anchors: []Anchor{anc(doc, "a", 2, 4, "x"), anc(doc, "b", 2, 4, "x"), anc(doc, "c", 2, 4, "x")},
			changes: [][]string{{"a", "b", "c"}}},
		{name: "same span, different text", anchors: []Anchor{anc(doc, "a", 2, 4, "x"), anc(doc, "b", 2, 4, "y")},
			conflicts: [][]string{{"a", "b"}}},
		{name: "overlap", anchors: []Anchor{anc(doc, "a", 2, 5, "x"), anc(doc, "b", 4, 8, "y")},
			conflicts: [][]string{{"a", "b"}}},
		{name: "adjacent replacements", anchors: []Anchor{anc(doc, "a", 2, 4, "x"), anc(doc, "b", 4, 8, "y")},
			changes: [][]string{{"a"}, {"b"}}},
		{name: "two inserts at one offset", anchors: []Anchor{anc(doc, "a", 3, 3, "x"), anc(doc, "b", 3, 3, "y")},
			conflicts: [][]string{{"a", "b"}}},
		{name: "identical inserts merge", anchors: []Anchor{anc(doc, "a", 3, 3, "x"), anc(doc, "b", 3, 3, "x")},
			changes: [][]string{{"a", "b"}}},
		{name: "insert at start of a replacement", anchors: []Anchor{anc(doc, "r", 3, 6, "x"), anc(doc, "i", 3, 3, "y")},
			changes: [][]string{{"i"}, {"r"}}},
		{name: "insert at end of a replacement", anchors: []Anchor{anc(doc, "r", 3, 6, "x"), anc(doc, "i", 6, 6, "y")},
			changes: [][]string{{"r"}, {"i"}}},
		{name: "insert inside a replacement", anchors: []Anchor{anc(doc, "r", 3, 6, "x"), anc(doc, "i", 4, 4, "y")},
			conflicts: [][]string{{"r", "i"}}},
		{name: "chain is one group", anchors: []Anchor{anc(doc, "a", 0, 3, "x"), anc(doc, "b", 2, 6, "y"), anc(doc, "c", 5, 9, "z"), anc(doc, "d", 12, 13, "w")},
			changes: [][]string{{"d"}}, conflicts: [][]string{{"a", "b", "c"}}},
		{name: "long edit swallows later ones", anchors: []Anchor{anc(doc, "a", 0, 10, "x"), anc(doc, "b", 2, 3, "y"), anc(doc, "c", 8, 9, "z"), anc(doc, "d", 10, 11, "w")},
			changes: [][]string{{"d"}}, conflicts: [][]string{{"a", "b", "c"}}},
		{name: "duplicate inside a conflict", anchors: []Anchor{anc(doc, "a", 2, 4, "x"), anc(doc, "b", 2, 4, "x"), anc(doc, "c", 3, 5, "y")},
			conflicts: [][]string{{"a", "b", "c"}}},
		{name: "empty", anchors: nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			changes, conflicts := Merge(tt.anchors)
			var gotC, gotX [][]string
			for _, c := range changes {
				gotC = append(gotC, c.Keys)
			}
			for _, c := range conflicts {
				gotX = append(gotX, c.Keys)
			}
			if fmt.Sprint(gotC) != fmt.Sprint(tt.changes) || fmt.Sprint(gotX) != fmt.Sprint(tt.conflicts) {
				t.Errorf("changes %v conflicts %v, want %v and %v", gotC, gotX, tt.changes, tt.conflicts)
			}
			if _, err := NewPatch([]byte(doc), changes); err != nil {
				t.Errorf("merged changes are not a valid patch: %v", err)
			}
		})
	}
}

func TestMergeConflictSpan(t *testing.T) {
	const doc = "0123456789"
	_, conflicts := Merge([]Anchor{anc(doc, "b", 4, 8, "y"), anc(doc, "a", 2, 5, "x")})
	if len(conflicts) != 1 {
		t.Fatalf("conflicts %+v", conflicts)
	}
	c := conflicts[0]
	if c.Start != 2 || c.End != 8 || len(c.Changes) != 2 || c.Changes[0].Edit.Start != 2 {
		t.Errorf("conflict %+v, want [2,8) with the changes sorted", c)
	}
	if !slices.Equal(c.Keys, []string{"a", "b"}) {
		t.Errorf("keys %v", c.Keys)
	}
}
