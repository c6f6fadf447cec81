package council_test

import (
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
)

func TestPolicyAllows(t *testing.T) {
	f := func(sev finding.Severity, conf int) finding.Finding {
		return finding.Finding{Severity: sev, Confidence: conf}
	}
	for _, tc := range []struct {
		name string
		pol  council.Policy
		f    finding.Finding
		want bool
	}{
		{"default low 70", council.Policy{}, f(finding.Low, 70), true},
		{"default low 69", council.Policy{}, f(finding.Low, 69), false},
		{"default medium", council.Policy{}, f(finding.Medium, 95), false},
		{"default high", council.Policy{}, f(finding.High, 99), false},
		{"explicit low", council.Policy{Scope: council.ScopeLow}, f(finding.Low, 90), true},
		{"widen medium", council.Policy{Scope: council.ScopeWiden}, f(finding.Medium, 80), true},
		{"widen high", council.Policy{Scope: council.ScopeWiden}, f(finding.High, 99), false},
		{"none low", council.Policy{Scope: council.ScopeNone}, f(finding.Low, 99), false},
		{"min 90", council.Policy{MinConfidence: 90}, f(finding.Low, 85), false},
		{"unknown severity", council.Policy{Scope: council.ScopeWiden}, f("critical", 99), false},
	} {
		if got := tc.pol.Allows(tc.f); got != tc.want {
			t.Errorf("%s: Allows = %v, want %v", tc.name, got, tc.want)
		}
	}
	if got := (council.Policy{}).Threshold(); got != council.DefaultMinConfidence {
		t.Errorf("zero Policy's Threshold = %d, want %d", got, council.DefaultMinConfidence)
	}
}

// TestTableSafe aggregates one finding of each kind the default policy
// must tell apart and checks what Safe selects and holds back.
func TestTableSafe(t *testing.T) {
	// A word a line: two reviewers' different fixes of one line would be
	// held (TestSameLineHeld).
	doc := []byte("alpha\nbeta\ngamma\ndelta\nepsilon\nzeta\nomega\ntheta\n")
	mk := func(id, quote, fix string, sev finding.Severity, conf int) finding.Finding {
		n := strings.Count(string(doc[:strings.Index(string(doc), quote+"\n")]), "\n") + 1
		return finding.Finding{ID: id, Category: "test", LineRange: line(n), Issue: "issue " + id,
			Fix: fix, Confidence: conf, Severity: sev, Quotes: []string{quote}}
	}
	round := &council.Round{Results: []council.Result{
		result("a", 1,
			mk("F001", "alpha", "ALPHA", finding.Low, 90),    // applied
			mk("F002", "beta", "BETA", finding.High, 40),     // held: high, unsure
			mk("F003", "gamma", "GAMMA", finding.Medium, 95), // held: medium
			mk("F004", "delta", "DELTA", finding.Low, 69),    // held: below 70
			mk("F005", "epsilon", "EPS", finding.Low, 90),    // conflict with b/F002
			mk("F006", "zeta", "", finding.Low, 90),          // advice: neither list
			mk("F007", "omega", "OMEGA", finding.High, 30),   // applied: its twin b/F001 is safe
		),
		result("b", 1,
			mk("F001", "omega", "OMEGA", finding.Low, 80),
			mk("F002", "epsilon", "EPSILON", finding.Low, 90),
		),
	}}
	table := council.Aggregate(doc, round, council.Options{})
	changes, held := table.Safe()
	var got []string
	for _, c := range changes {
		got = append(got, strings.Join(c.Keys, "+"))
	}
	if g, w := strings.Join(got, " "), "a/F001 a/F007+b/F001"; g != w {
		t.Errorf("safe changes = %s, want %s", g, w)
	}
	got = got[:0]
	for _, r := range held {
		got = append(got, r.Key+":"+string(r.Placement))
	}
	if g, w := strings.Join(got, " "), "a/F002:ready a/F003:ready a/F004:ready a/F005:conflict b/F002:conflict"; g != w {
		t.Errorf("held = %s, want %s", g, w)
	}
	p, err := apply.NewPatch(doc, changes)
	if err != nil {
		t.Fatal(err)
	}
	out, err := p.Apply(doc)
	if err != nil {
		t.Fatal(err)
	}
	if want := "ALPHA\nbeta\ngamma\ndelta\nepsilon\nzeta\nOMEGA\ntheta\n"; string(out) != want {
		t.Errorf("safe patch gives %q, want %q", out, want)
	}

	// A wider policy takes the medium one too; ScopeNone takes nothing.
	wide, _ := council.Policy{Scope: council.ScopeWiden}.Select(table)
	if len(wide) != 3 {
		t.Errorf("ScopeWiden selected %d changes, want 3", len(wide))
	}
	none, heldAll := council.Policy{Scope: council.ScopeNone}.Select(table)
	if len(none) != 0 || len(heldAll) != 8 {
		t.Errorf("ScopeNone selected %d and held %d, want 0 and 8", len(none), len(heldAll))
	}
	if c, h := (council.Policy{}).Select(nil); c != nil || h != nil {
		t.Errorf("Select(nil) = %v, %v", c, h)
	}
}

// TestSameLineHeld: different reviewers' different fixes of one line,
// though they do not overlap, go to a human by default, as the originals
// rule; Policy.OverlapOnly applies them. One reviewer's two fixes of a
// line, and the same fix from two reviewers, are applied.
func TestSameLineHeld(t *testing.T) {
	doc := []byte("It is very good and really nice.\nA second line.\n")
	mk := func(id, quote, fix string, n int) finding.Finding {
		return finding.Finding{ID: id, Category: "style", LineRange: line(n), Issue: "issue " + id,
			Fix: fix, Confidence: 90, Severity: finding.Low, Quotes: []string{quote}}
	}
	round := &council.Round{Results: []council.Result{
		result("a", 1, mk("F001", "very good", "good", 1), mk("F002", "second", "2nd", 2), mk("F003", "line.", "row.", 2)),
		result("b", 1, mk("F001", "really nice", "nice", 1)),
	}}
	table := council.Aggregate(doc, round, council.Options{})
	keys := func(cs []apply.Change) string {
		var out []string
		for _, c := range cs {
			out = append(out, strings.Join(c.Keys, "+"))
		}
		return strings.Join(out, " ")
	}
	changes, held := council.Policy{}.Select(table)
	var heldKeys []string
	for _, r := range held {
		heldKeys = append(heldKeys, r.Key+" "+strings.Join(r.SameLine, ","))
	}
	if g, w := keys(changes), "a/F002 a/F003"; g != w {
		t.Errorf("default: selected %s, want %s", g, w)
	}
	if g, w := strings.Join(heldKeys, "; "), "a/F001 b/F001; b/F001 a/F001"; g != w {
		t.Errorf("default: held %s, want %s", g, w)
	}
	changes, held = council.Policy{OverlapOnly: true}.Select(table)
	if g, w := keys(changes), "a/F001 b/F001 a/F002 a/F003"; g != w || len(held) != 0 {
		t.Errorf("OverlapOnly: selected %s, held %d; want %s and none", g, len(held), w)
	}
	// The same fix from both reviewers is one change, applied.
	round.Results[1] = result("b", 1, mk("F001", "very good", "good", 1))
	changes, _ = council.Policy{}.Select(council.Aggregate(doc, round, council.Options{}))
	if g, w := keys(changes), "a/F001+b/F001 a/F002 a/F003"; g != w {
		t.Errorf("twins: selected %s, want %s", g, w)
	}
}
