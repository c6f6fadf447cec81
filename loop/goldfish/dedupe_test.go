package goldfish

import (
	"testing"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
)

func TestDedupe(t *testing.T) {
	a := item("r1/design_critic/F001", "vague", "robust and seamless")
	b := item("r1/style/F001", "marketing words", "Robust and  seamless")
	b.Finding.Severity = finding.High
	c := item("r1/style/F002", "fixable", "robust and seamless")
	c.Finding.Fix = "reliable"
	d, e := item("r1/x/F001", "no quote"), item("r1/y/F001", "no quote")
	kept, dropped := Dedupe([]loop.Item{a, b, c, d, e})
	if len(kept) != 4 || kept[0].Key != "r1/style/F001" || len(dropped) != 1 || dropped[0].Key != "r1/design_critic/F001" || dropped[0].Note != "duplicate of r1/style/F001" {
		t.Errorf("kept %v dropped %v", kept, dropped)
	}
}
