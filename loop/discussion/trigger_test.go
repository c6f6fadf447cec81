package discussion

import (
	"strings"
	"testing"
)

// TestTriggerDecide: the zero Trigger is the original's rule (300 changed
// lines or a security / breaking-change label); MinLines and Labels
// change it.
func TestTriggerDecide(t *testing.T) {
	for _, c := range []struct {
		name string
		tr   Trigger
		ch   Change
		want bool
		why  string
	}{
		{"small", Trigger{}, Change{Lines: 12}, false, "12 changed lines, fewer than 300, and no label of security, breaking-change"},
		{"at the threshold", Trigger{}, Change{Lines: 300}, true, "300 changed lines, at least 300"},
		{"a label, any case", Trigger{}, Change{Lines: 1, Labels: []string{"docs", " Security "}}, true, "the change is labelled Security"},
		{"breaking-change", Trigger{}, Change{Labels: []string{"breaking-change"}}, true, "labelled breaking-change"},
		{"other labels", Trigger{}, Change{Lines: 5, Labels: []string{"docs"}}, false, "no label of"},
		{"own threshold", Trigger{MinLines: 50}, Change{Lines: 60}, true, "at least 50"},
		{"never by size", Trigger{MinLines: -1}, Change{Lines: 100000}, false, "100000 changed lines, and no label"},
		{"no labels", Trigger{Labels: []string{}}, Change{Lines: 3, Labels: []string{"security"}}, false, "3 changed lines, fewer than 300"},
	} {
		got, why := c.tr.Decide(c.ch)
		if got != c.want || !strings.Contains(why, c.why) {
			t.Errorf("%s: Decide = %v, %q; want %v with %q", c.name, got, why, c.want, c.why)
		}
	}
}
