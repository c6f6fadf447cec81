package rounds

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
)

// TestPolicyHoldsFarQuote is issue 22 item 8 in the kernel: a low,
// confident finding hinted at line 5, whose quote stands only on line 50
// (line 5 changed since), is anchored there for the gate to show, but the
// policy does not apply it unasked; the same finding on a near line is
// applied.
func TestPolicyHoldsFarQuote(t *testing.T) {
	var b strings.Builder
	for i := 1; i <= 60; i++ {
		line := fmt.Sprintf("第%d項：設定は既定のままでよい。", i)
		switch i {
		case 5:
			line = "第5項：変更後は再読み込みで足ります。"
		case 50:
			line = "第50項：変更後は再起動が必要です。"
		}
		b.WriteString(line + "\r\n")
	}
	text := []byte(b.String())
	for _, tt := range []struct {
		hint int
		auto bool
	}{{hint: 5}, {hint: 45, auto: true}} {
		f := finding.Finding{ID: "F001", Category: "style", Severity: finding.Low, Confidence: 95, Issue: "wording",
			Quotes: []string{"再起動が必要です"}, Fix: "再起動は不要です", LineRange: finding.LineRange{Start: tt.hint, End: tt.hint}}
		round := &council.Round{Results: []council.Result{{Reviewer: "style", Shot: 1,
			Review: agent.Review{Report: finding.Report{Reviewer: "style", SchemaVersion: "1", Findings: []finding.Finding{f}}}}}}
		got := loop.ItemsOf(text, round, loop.Aggregation{Round: 1})
		if len(got.Items) != 1 {
			t.Fatalf("hint %d: items %+v, dropped %+v", tt.hint, got.Items, got.Dropped)
		}
		it := got.Items[0]
		if !it.Applicable() || it.Lines.Start != 50 {
			t.Fatalf("hint %d: the quote was not located on line 50 for the gate: %+v", tt.hint, it)
		}
		if it.Far == tt.auto {
			t.Errorf("hint %d: Far is %v", tt.hint, it.Far)
		}
		if auto := (Policy{}).Auto(it); auto != tt.auto {
			t.Errorf("hint %d: Policy.Auto = %v, want %v", tt.hint, auto, tt.auto)
		}
		if ds := policyPass(got.Items, Policy{Scope: ScopeWiden}, nil); (len(ds) == 1) != tt.auto {
			t.Errorf("hint %d: the policy pass decided %+v", tt.hint, ds)
		}
		// The person at the gate is told, in findings.md, pending.md and
		// pending.json, that the quote is not where the reviewer said.
		rs := &Round{N: 1, Docs: []*DocRound{{Name: "spec.md", Text: text, Findings: got}}}
		const far = "found only here, not near the reviewer's lines 5"
		js, md := renderPending(rs)
		fm := renderFindings(rs, rs.Docs[0], func(loop.Item) string { return "open" })
		for name, out := range map[string][]byte{"pending.json": js, "pending.md": md, "findings.md": fm} {
			if strings.Contains(string(out), far) != !tt.auto {
				t.Errorf("hint %d: %s says %q: %v\n%s", tt.hint, name, far, !tt.auto, out)
			}
		}
	}
}
