package rounds

import (
	"testing"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
)

func TestRoundOfAndSummarize(t *testing.T) {
	for key, want := range map[string]int{"r2/items": 2, "r12/review/a#1": 12, "r0/x": 0, "start": 0, "rx/y": 0, "": 0} {
		if got := roundOf(key); got != want {
			t.Errorf("roundOf(%q) = %d, want %d", key, got, want)
		}
	}
	items := []loop.Item{{Key: "a", Finding: finding.Finding{Severity: finding.High}}, {Key: "b", Finding: finding.Finding{Severity: finding.Low}}, {Key: "c", Finding: finding.Finding{Severity: finding.High}}}
	var ds Decisions
	ds.Add(Decision{Key: "a", Action: Defer}, Decision{Key: "b", Action: Reject})
	s := summarize(1, 2, 0, items, &ds, false)
	if s.OpenAtOrAbove(finding.High) != 2 || s.Open[finding.Low] != 0 || !s.Changed {
		t.Errorf("summarize = %+v; want 2 high open (deferred, undecided), the rejection a change", s)
	}
	if rj := ds.Rejected(1, items); len(rj) != 1 || rj[0].Item.Key != "b" {
		t.Errorf("Rejected = %+v", rj)
	}
}
