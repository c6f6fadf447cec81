package goldfish

import (
	"testing"

	"github.com/kaigi-dev/kaigi/finding"
)

func TestLevels(t *testing.T) {
	for _, c := range []struct {
		l Level
		s finding.Severity
	}{{Blocker, finding.High}, {Major, finding.Medium}, {Nit, finding.Low}} {
		if got := LevelOf(c.s); got != c.l {
			t.Errorf("LevelOf(%s) = %s", c.s, got)
		}
		if got, ok := c.l.Severity(); !ok || got != c.s {
			t.Errorf("%s.Severity() = %s, %v", c.l, got, ok)
		}
		if got, err := ParseLevel(" " + string(c.l) + " "); err != nil || got != c.l {
			t.Errorf("ParseLevel(%s) = %s, %v", c.l, got, err)
		}
	}
	if got, err := ParseLevel("P1"); err != nil || got != Blocker {
		t.Errorf("ParseLevel(P1) = %s, %v", got, err)
	}
	if _, err := ParseLevel("urgent"); err == nil {
		t.Error("an unknown level parsed")
	}
	if _, ok := Level("Critical").Severity(); ok || LevelOf("") != "" {
		t.Error("an unknown level maps to a severity")
	}
	if Blocker.Mark() != "🔴 Blocker" || Nit.Mark() != "🟢 Nit" {
		t.Error("marks")
	}
}
