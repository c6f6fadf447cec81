package writing

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/finding"
)

// MaxPolish is the most fixes the polish step (6.5) applies.
const MaxPolish = 3

// PolishItem is one fix the polish step chose, with why it ranks.
type PolishItem struct {
	// From names who proposed it: "arc-reviewer" or "reader:<id>".
	From string `json:"from"`
	// Rank is 1 for a spot the reviewer and a reader both flagged, 2 for
	// one two readers flagged, 3 for the reviewer's other minor issues.
	Rank  int    `json:"rank"`
	Quote string `json:"quote"`
	Fix   string `json:"fix"`
	Issue string `json:"issue"`
	// Applied is set when the fix landed; Note says why not otherwise.
	Applied bool   `json:"applied"`
	Note    string `json:"note,omitempty"`
}

// Polish applies at most MaxPolish fixes to draft (step 6.5), chosen in
// this order: spots the arc reviewer and a reader both flagged, spots
// two or more readers flagged, then the reviewer's minor (low) issues;
// only proposals with a fix count, and one spot counts once. The fixes
// are anchored by their quotes anywhere in the draft and applied by
// apply.PatchQuotes, first proposal first (a quote not found, ambiguous
// or overlapping a fix taken before it is left out with a note, and the
// next proposal takes its place). There is no re-review. It is a pure
// function of its arguments.
func Polish(draft string, v Verdict, personas []Persona, fb []Feedback) (string, []PolishItem) {
	var cands []PolishItem
	add := func(it PolishItem) {
		if strings.TrimSpace(it.Quote) == "" || it.Fix == "" || it.Fix == it.Quote {
			return
		}
		if slices.ContainsFunc(cands, func(c PolishItem) bool { return sameSpot(c.Quote, it.Quote) }) {
			return
		}
		cands = append(cands, it)
	}
	readersOn := func(q string) []int {
		var who []int
		for i, f := range fb {
			if slices.ContainsFunc(f.Concerns, func(c Concern) bool { return sameSpot(c.Quote, q) }) {
				who = append(who, i)
			}
		}
		return who
	}
	for _, is := range v.Issues {
		if len(readersOn(is.Quote)) > 0 {
			add(PolishItem{From: "arc-reviewer", Rank: 1, Quote: is.Quote, Fix: is.Fix, Issue: is.Issue})
		}
	}
	for i, f := range fb {
		for _, c := range f.Concerns {
			if len(readersOn(c.Quote)) >= 2 {
				add(PolishItem{From: "reader:" + personas[i].ID, Rank: 2, Quote: c.Quote, Fix: c.Fix, Issue: c.Issue})
			}
		}
	}
	for _, is := range v.Issues {
		if is.Severity == finding.Low {
			add(PolishItem{From: "arc-reviewer", Rank: 3, Quote: is.Quote, Fix: is.Fix, Issue: is.Issue})
		}
	}
	slices.SortStableFunc(cands, func(a, b PolishItem) int { return a.Rank - b.Rank })

	fixes := make([]apply.QuoteFix, len(cands))
	for i, c := range cands {
		fixes[i] = apply.QuoteFix{Key: "P" + strconv.Itoa(i+1), Quote: c.Quote, Fix: c.Fix}
	}
	doc := []byte(draft)
	qp, err := apply.PatchQuotes(doc, fixes, apply.QuoteOptions{Overlap: apply.FirstWins, Max: MaxPolish})
	if err != nil {
		for i := range cands {
			cands[i].Applied, cands[i].Note = false, fmt.Sprintf("not applied: %v", err)
		}
		return draft, cands
	}
	for _, a := range qp.Kept {
		cands[keyIndex(a.Key)].Applied = true
	}
	for _, sk := range qp.Skips {
		c := &cands[keyIndex(sk.Key)]
		switch {
		case errors.Is(sk.Err, apply.ErrLimit):
		case errors.Is(sk.Err, apply.ErrConflict):
			c.Note = "overlaps a fix chosen before it"
		default:
			c.Note = sk.Err.Error()
		}
	}
	if len(qp.Kept) == MaxPolish { // the proposals after the last fix taken were not looked at
		cands = cands[:keyIndex(qp.Kept[MaxPolish-1].Key)+1]
	}
	out, err := qp.Patch.Apply(doc)
	if err != nil {
		return draft, cands
	}
	return string(out), cands
}

// keyIndex returns the index in Polish's candidates of the fix keyed "P<n>".
func keyIndex(key string) int {
	n, _ := strconv.Atoi(strings.TrimPrefix(key, "P"))
	return n - 1
}
