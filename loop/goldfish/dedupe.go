package goldfish

import (
	"fmt"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
)

// Dedupe removes the duplicates among a round's items, in code, for
// hierarchical dispatch (the synthesizer summarises what is left): two
// items are duplicates when they quote the same text (finding.Normalize of
// Quotes[0], not empty) and propose the same fix (both advice, or the same
// text). Of each group the most severe item is kept (the first of equals,
// in table order) and the others are dropped with a Note naming it.
// Items that quote nothing are never duplicates.
func Dedupe(items []loop.Item) (kept, dropped []loop.Item) {
	type key struct{ quote, fix string }
	best := map[key]int{} // index into items of the group's keeper
	keyOf := func(f finding.Finding) (key, bool) {
		q := finding.Normalize(f.Quote())
		return key{q, f.Fix}, q != ""
	}
	for i, it := range items {
		k, ok := keyOf(it.Finding)
		if !ok {
			continue
		}
		if j, seen := best[k]; !seen || it.Finding.Severity.Rank() > items[j].Finding.Severity.Rank() {
			best[k] = i
		}
	}
	for i, it := range items {
		k, ok := keyOf(it.Finding)
		if j := best[k]; ok && j != i {
			it.Note = fmt.Sprintf("duplicate of %s", items[j].Key)
			dropped = append(dropped, it)
			continue
		}
		kept = append(kept, it)
	}
	return kept, dropped
}
