package offline

import "testing"

// TestRuleByID finds every rule of Rules by its ID without allocating,
// and no rule by a name that is none.
func TestRuleByID(t *testing.T) {
	for _, r := range Rules() {
		if got, ok := ruleByID(r.ID); !ok || got != r {
			t.Errorf("ruleByID(%q) = %+v, %v; want %+v", r.ID, got, ok, r)
		}
	}
	if _, ok := ruleByID("no-such-rule"); ok {
		t.Error("an unknown rule is found")
	}
	if n := testing.AllocsPerRun(100, func() { ruleByID("max-ten") }); n != 0 {
		t.Errorf("ruleByID allocates %.0f times", n)
	}
}
