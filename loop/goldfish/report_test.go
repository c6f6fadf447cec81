package goldfish

import (
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/finding"
)

func TestRenderReport(t *testing.T) {
	r1 := RoundView{Round: 1, Cap: 5, Path: "spec.md", Target: `the section with id "S1.12"`, Lines: finding.LineRange{Start: 16, End: 27}, SHA256: "abcdef0123456789",
		Gate: "auto", Findings: []FindingView{
			{Key: "r1/style/F001", Reviewer: "style", Level: Nit, Lines: finding.LineRange{Start: 18, End: 18}, Issue: "filler", Evidence: []string{"It's worth noting that uploads"}, Fix: "Uploads", Kind: ProposeFix, Reason: "mechanical", Decision: "applied"},
			{Key: "r1/design_critic/F001", Reviewer: "design_critic", Level: Major, Lines: finding.LineRange{Start: 20, End: 20}, Issue: "40% unsourced", Evidence: []string{"40% for every"}, Kind: Contest, Reason: "a goal, not a claim", Decision: "rejected"},
		}}
	a := &Agreement{Reviewer: "design_critic", Jaccard: 0.25, First: 2, Second: 3, Common: 1}
	r2 := RoundView{Round: 2, Cap: 5, Path: "spec.md", Target: r1.Target, Lines: finding.LineRange{Start: 16, End: 26}, SHA256: "99",
		Reviewers: []ReviewerView{{Name: "design_critic", Agreement: a, Weak: true}, {Name: "style", Skipped: "401 | Unauthorized"}},
		Findings: []FindingView{{Key: "r2/design_critic/F002", Level: Blocker, Issue: "no failure model", Decision: "open",
			Reopens: &Entry{Round: 1, Key: "r1/design_critic/F001", Status: Contested, Reason: "a goal", Finding: finding.Finding{Issue: "40% unsourced", Quotes: []string{"40% for every"}}}}},
		Dropped: []FindingView{{Key: "r2/design_critic/F001", Level: Major, Issue: "40% again", Note: "re-raises r1/design_critic/F001"}},
		Stop:    "the round cap was hit"}
	out := string(RenderReport(r1, nil))
	for _, want := range []string{"round 1 of at most 5", "lines 16-27, SHA-256 abcdef012345", "first round", "## Proposed fixes (1)", `- Fix: "Uploads"`, "## Contested (1)", "- Resolver: a goal, not a claim", "— rejected"} {
		if !strings.Contains(out, want) {
			t.Errorf("round 1 report lacks %q:\n%s", want, out)
		}
	}
	out = string(RenderReport(r2, &r1))
	for _, want := range []string{"lines 16-27, now 16-26", "the section's text changed", "round 1: 1 applied, 0 contested, 1 rejected", "clean, weak evidence", "0.25 (1/2/3)",
		`skipped: 401 \| Unauthorized`, "## Unresolved (1)", "Reopens r1/design_critic/F001 (contested in round 1: a goal)", "## Not raised again (1)", "Stopped: the round cap was hit"} {
		if !strings.Contains(out, want) {
			t.Errorf("round 2 report lacks %q:\n%s", want, out)
		}
	}
}
