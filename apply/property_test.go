package apply

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// pieces are the bits random documents and replacements are made of.
var pieces = []string{"a", "Go ", "猫", "である。", "🚀", "👍🏽", "\r\n", "\n", " ", "ｶﾞ", "e\u0301", "\ufeff"}

func randText(rng *rand.Rand, n int) string {
	var b strings.Builder
	for range n {
		b.WriteString(pieces[rng.IntN(len(pieces))])
	}
	return b.String()
}

// randEdits returns up to n random non-overlapping edits of doc on rune
// boundaries, one key each, in random order.
func randEdits(rng *rand.Rand, doc string, n int) []Change {
	cuts := []int{}
	for i := range doc {
		cuts = append(cuts, i)
	}
	cuts = append(cuts, len(doc))
	var changes []Change
	pos, lastInsert := 0, -1
	for k := 0; k < n && pos < len(cuts); k++ {
		s := pos + rng.IntN(3)
		if s >= len(cuts) {
			break
		}
		e := min(s+rng.IntN(3), len(cuts)-1)
		if s == e && s == lastInsert {
			continue // two insertions at one offset would conflict
		}
		if s == e {
			lastInsert = s
		}
		start, end := cuts[s], cuts[e]
		changes = append(changes, Change{
			Edit: Edit{Start: start, End: end, Old: doc[start:end], New: randText(rng, rng.IntN(3))},
			Keys: []string{fmt.Sprint("k", k)},
		})
		pos = e // the next edit may touch this one's end, never overlap it
	}
	rng.Shuffle(len(changes), func(i, j int) { changes[i], changes[j] = changes[j], changes[i] })
	return changes
}

// TestPropertyApplyInverseRevert: for random documents and random
// non-overlapping edits, Apply then Inverse is the identity, and reverting a
// random subset of findings equals applying only the others to the base.
func TestPropertyApplyInverseRevert(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for iter := range 2000 {
		doc := randText(rng, rng.IntN(40))
		changes := randEdits(rng, doc, rng.IntN(8))
		p, err := NewPatch([]byte(doc), changes)
		if err != nil {
			t.Fatalf("iteration %d: %v", iter, err)
		}
		out, err := p.Apply([]byte(doc))
		if err != nil {
			t.Fatal(err)
		}
		back, err := p.Inverse().Apply(out)
		if err != nil || string(back) != doc {
			t.Fatalf("iteration %d: inverse gives %q, %v; want %q", iter, back, err, doc)
		}

		var revert []string
		var keep []Change
		for _, c := range changes {
			if rng.IntN(2) == 0 {
				revert = append(revert, c.Keys...)
			} else {
				keep = append(keep, c)
			}
		}
		r, err := p.Revert(revert...)
		if err != nil {
			t.Fatal(err)
		}
		got, err := r.Apply(out)
		if err != nil {
			t.Fatal(err)
		}
		only, err := NewPatch([]byte(doc), keep)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := only.Apply([]byte(doc))
		if !bytes.Equal(got, want) {
			t.Fatalf("iteration %d: reverting %v gives %q, applying the rest gives %q", iter, revert, got, want)
		}
	}
}

// overlaps is the brute-force definition Merge must agree with.
func overlaps(a, b Edit) bool {
	if a.same(b) {
		return false
	}
	if a.insert() && b.insert() {
		return a.Start == b.Start
	}
	if a.insert() {
		return b.Start < a.Start && a.Start < b.End
	}
	if b.insert() {
		return a.Start < b.Start && b.Start < a.End
	}
	return a.Start < b.End && b.Start < a.End
}

// TestPropertyMergeNeverAppliesOverlaps: for random, often overlapping
// edits, every anchor that overlaps another (by the brute-force definition)
// ends up in a conflict, never in a change; every anchor is accounted for
// exactly once; and the changes form a valid patch.
func TestPropertyMergeNeverAppliesOverlaps(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for iter := range 2000 {
		doc := randText(rng, 10+rng.IntN(20))
		var anchors []Anchor
		for k := range 1 + rng.IntN(12) {
			s := rng.IntN(len(doc) + 1)
			e := min(s+rng.IntN(6), len(doc))
			anchors = append(anchors, Anchor{Key: fmt.Sprint("k", k), Edit: Edit{Start: s, End: e, Old: doc[s:e], New: []string{"", "x", "y"}[rng.IntN(3)]}})
		}
		changes, conflicts := Merge(anchors)

		applied := map[string]bool{}
		for _, c := range changes {
			for _, k := range c.Keys {
				applied[k] = true
			}
		}
		seen := map[string]int{}
		for _, c := range changes {
			for _, k := range c.Keys {
				seen[k]++
			}
		}
		for _, x := range conflicts {
			if len(x.Changes) < 2 {
				t.Fatalf("iteration %d: conflict with one change: %+v", iter, x)
			}
			for _, k := range x.Keys {
				seen[k]++
			}
		}
		for _, a := range anchors {
			if seen[a.Key] != 1 {
				t.Fatalf("iteration %d: %s reported %d times", iter, a.Key, seen[a.Key])
			}
			for _, b := range anchors {
				if overlaps(a.Edit, b.Edit) && applied[a.Key] {
					t.Fatalf("iteration %d: %s %+v overlaps %s %+v but was applied", iter, a.Key, a.Edit, b.Key, b.Edit)
				}
			}
		}
		// A conflict holds only edits connected by overlap.
		for _, x := range conflicts {
			for _, c := range x.Changes {
				if !slices.ContainsFunc(x.Changes, func(o Change) bool { return overlaps(c.Edit, o.Edit) }) {
					t.Fatalf("iteration %d: %+v in a conflict overlaps nothing there", iter, c)
				}
			}
		}
		if _, err := NewPatch([]byte(doc), changes); err != nil {
			t.Fatalf("iteration %d: %v", iter, err)
		}
	}
}
