package rounds_test

import (
	"encoding/json"
	"testing"

	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// sameLine gives it another reviewer's different edit on its lines.
func sameLine(it loop.Item) loop.Item { it.SameLine = []string{"r/other"}; return it }

func TestPolicyAuto(t *testing.T) {
	item := func(sev finding.Severity, conf int, applicable bool, conflict int) loop.Item {
		it := loop.Item{Key: "r/F1", Finding: finding.Finding{Severity: sev, Confidence: conf}, Conflict: conflict}
		if applicable {
			it.Edit = &apply.Edit{Start: 0, End: 1, Old: "a", New: "b"}
		}
		return it
	}
	for _, tc := range []struct {
		name string
		pol  rounds.Policy
		it   loop.Item
		want bool
	}{
		{"default low 70", rounds.Policy{}, item(finding.Low, 70, true, 0), true},
		{"default low 69", rounds.Policy{}, item(finding.Low, 69, true, 0), false},
		{"default medium", rounds.Policy{}, item(finding.Medium, 95, true, 0), false},
		{"default high", rounds.Policy{}, item(finding.High, 99, true, 0), false},
		{"conflict", rounds.Policy{}, item(finding.Low, 90, true, 1), false},
		{"advice only", rounds.Policy{}, item(finding.Low, 90, false, 0), false},
		{"widen medium", rounds.Policy{Scope: rounds.ScopeWiden}, item(finding.Medium, 80, true, 0), true},
		{"widen high", rounds.Policy{Scope: rounds.ScopeWiden}, item(finding.High, 99, true, 0), false},
		{"none low", rounds.Policy{Scope: rounds.ScopeNone}, item(finding.Low, 99, true, 0), false},
		{"min 90", rounds.Policy{MinConfidence: 90}, item(finding.Low, 85, true, 0), false},
		{"another reviewer's edit on its line", rounds.Policy{}, sameLine(item(finding.Low, 90, true, 0)), false},
		{"the same, overlap only", rounds.Policy{OverlapOnly: true}, sameLine(item(finding.Low, 90, true, 0)), true},
	} {
		if got := tc.pol.Auto(tc.it); got != tc.want {
			t.Errorf("%s: Auto = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestPolicyJSONIsStable checks the form the journal's start record keeps
// ({"policy": ...}): a run started before Policy moved to council must
// resume with the same policy, and a new run must write the same bytes.
func TestPolicyJSONIsStable(t *testing.T) {
	for _, tc := range []struct {
		pol  rounds.Policy
		want string
	}{
		{rounds.Policy{}, `{}`},
		{rounds.Policy{Scope: rounds.ScopeWiden}, `{"scope":"widen"}`},
		{rounds.Policy{Scope: rounds.ScopeNone, MinConfidence: 85}, `{"scope":"none","min_confidence":85}`},
	} {
		b, err := json.Marshal(tc.pol)
		if err != nil || string(b) != tc.want {
			t.Errorf("Marshal(%+v) = %s, %v; want %s", tc.pol, b, err, tc.want)
		}
		var back rounds.Policy
		if err := json.Unmarshal([]byte(tc.want), &back); err != nil || back != tc.pol {
			t.Errorf("Unmarshal(%s) = %+v, %v; want %+v", tc.want, back, err, tc.pol)
		}
	}
}

// TestPolicyAutoIsCouncilRule checks that the loop's policy and the
// council's are one rule: for every severity, confidence and scope, an
// applicable item outside conflicts is auto-applied exactly when
// council.Policy allows its finding.
func TestPolicyAutoIsCouncilRule(t *testing.T) {
	edit := &apply.Edit{Start: 0, End: 1, Old: "a", New: "b"}
	for _, scope := range []rounds.Scope{"", rounds.ScopeLow, rounds.ScopeWiden, rounds.ScopeNone} {
		for _, sev := range []finding.Severity{finding.Low, finding.Medium, finding.High} {
			for _, conf := range []int{0, 69, 70, 85, 100} {
				pol := rounds.Policy{Scope: scope, MinConfidence: 0}
				f := finding.Finding{Severity: sev, Confidence: conf}
				got := pol.Auto(loop.Item{Finding: f, Edit: edit})
				if want := council.Policy(pol).Allows(f); got != want {
					t.Errorf("scope %q %s/%d: loop Auto = %v, council Allows = %v", scope, sev, conf, got, want)
				}
			}
		}
	}
}

func TestParseScopeAndAction(t *testing.T) {
	for in, want := range map[string]rounds.Scope{"low": rounds.ScopeLow, " Widen ": rounds.ScopeWiden, "NONE": rounds.ScopeNone} {
		if got, err := rounds.ParseScope(in); err != nil || got != want {
			t.Errorf("ParseScope(%q) = %q, %v", in, got, err)
		}
	}
	if _, err := rounds.ParseScope("all"); err == nil {
		t.Error("ParseScope(all) succeeded")
	}
	for in, want := range map[string]rounds.Action{"apply": rounds.Apply, "r": rounds.Reject, "Defer": rounds.Defer} {
		if got, err := rounds.ParseAction(in); err != nil || got != want {
			t.Errorf("ParseAction(%q) = %q, %v", in, got, err)
		}
	}
	if _, err := rounds.ParseAction("maybe"); err == nil {
		t.Error("ParseAction(maybe) succeeded")
	}
}

func TestItemLabel(t *testing.T) {
	it := loop.Item{Reviewer: "fact", Finding: finding.Finding{Severity: finding.High, Confidence: 80, Issue: "unsourced\n  figure"}}
	if got, want := it.Label(), "[high/80] fact: unsourced figure"; got != want {
		t.Errorf("Label = %q, want %q", got, want)
	}
}
