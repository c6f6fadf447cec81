package goldfish

import (
	"testing"

	"github.com/kaigi-dev/kaigi/finding"
)

func TestJaccard(t *testing.T) {
	f := func(q string) finding.Finding {
		return finding.Finding{Category: "design", Quotes: []string{q}, Issue: "issue of " + q}
	}
	reworded := f("a")
	reworded.Issue, reworded.Severity = "other words", finding.High
	cases := []struct {
		a, b []finding.Finding
		want float64
	}{
		{nil, nil, 1},
		{[]finding.Finding{f("a")}, nil, 0},
		{[]finding.Finding{f("a"), f("b")}, []finding.Finding{reworded, f("c")}, 1.0 / 3},
		{[]finding.Finding{f("a"), f("a")}, []finding.Finding{f("a")}, 1},
	}
	for i, c := range cases {
		if got := Jaccard(c.a, c.b); got.Jaccard != c.want {
			t.Errorf("case %d: %+v, want %v", i, got, c.want)
		}
	}
	if ag := Jaccard([]finding.Finding{f("a"), f("b")}, []finding.Finding{f("a"), f("c")}); !ag.Weak(0) || ag.Common != 1 || ag.First != 2 || ag.Second != 2 {
		t.Errorf("1/3 is weak at the default: %+v", ag)
	}
	if (Agreement{Jaccard: 0.5}).Weak(0) {
		t.Error("0.5 is not below the default")
	}
}
