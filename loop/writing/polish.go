package writing

import (
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
// are findings anchored by their quotes and applied through package apply
// (a quote not found, ambiguous or overlapping another chosen fix is
// left out with a note, and the next proposal takes its place). There is
// no re-review. It is a pure function of its arguments.
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

	doc := []byte(draft)
	var chosen []apply.Anchor
	for i := range cands {
		if len(chosen) == MaxPolish {
			cands = cands[:i]
			break
		}
		c := &cands[i]
		f := finding.Finding{ID: "P" + strconv.Itoa(i+1), Category: "polish", Issue: c.Issue, Fix: c.Fix, Quotes: []string{c.Quote},
			Severity: finding.Low, Confidence: 100, LineRange: finding.LineRange{Start: 1, End: max(1, strings.Count(draft, "\n")+1)}}
		anchors, skips := apply.Resolve(doc, []apply.Proposal{{Key: f.ID, Finding: f}}, apply.Options{})
		if len(skips) > 0 {
			c.Note = skips[0].Err.Error()
			continue
		}
		if _, conflicts := apply.Merge(append(slices.Clone(chosen), anchors...)); len(conflicts) > 0 {
			c.Note = "overlaps a fix chosen before it"
			continue
		}
		chosen = append(chosen, anchors...)
		c.Applied = true
	}
	changes, _ := apply.Merge(chosen)
	p, err := apply.NewPatch(doc, changes)
	if err != nil {
		for i := range cands {
			cands[i].Applied, cands[i].Note = false, fmt.Sprintf("not applied: %v", err)
		}
		return draft, cands
	}
	out, err := p.Apply(doc)
	if err != nil {
		return draft, cands
	}
	return string(out), cands
}
