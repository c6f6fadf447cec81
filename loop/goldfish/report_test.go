package goldfish

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
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

// nasty is model text with a NUL and terminal colour escapes.
const nasty = "bad\x00 \x1b[31mred\x1b[0m"

// nastySynth is a synthesizer whose summary holds nasty.
type nastySynth struct{}

func (nastySynth) Name() string { return "synthesizer" }
func (nastySynth) Run(context.Context, agent.Task) (agent.Result, error) {
	return agent.Result{Text: "Summary: " + nasty}, nil
}

// TestReportEscapesControls is issue 22 item 17 for the Goldfish loop's
// own artifact: a model's answer with NUL and ESC[31m (in a finding's
// issue and fix, and in the synthesizer's summary) reaches
// goldfish_review_report.md visibly escaped, never as raw control
// characters a terminal would act on.
func TestReportEscapesControls(t *testing.T) {
	g := fake(t, "design_critic", func(sec string, round, shot int) []finding.Finding {
		f := find(sec, "It's worth noting that uploads", "filler: "+nasty, finding.Low, "Uploads "+nasty)
		adv := find(sec, "It's worth noting that uploads", "advice: "+nasty, finding.Medium, "")
		return []finding.Finding{f, adv}
	})
	l, spec := specLoop(t, g)
	l.Synthesizer, l.MaxRounds, l.Asker = nastySynth{}, 1, answers(ChoiceContinue, loop.Yes)
	if _, err := l.Run(context.Background(), spec); err == nil {
		t.Fatal("a run with a Major left open at a cap of 1 converged")
	}
	for _, path := range []string{filepath.Join(l.Dir, ReportName), filepath.Join(l.Dir, "round-1", ReportName)} {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range data {
			if c < 0x20 && c != '\n' && c != '\t' || c == 0x7f {
				t.Fatalf("%s: raw control character %#x at byte %d:\n%q", path, c, i, data)
			}
		}
		for _, want := range []string{`filler: bad\x00 \x1b[31mred\x1b[0m`, `Summary: bad\x00 \x1b[31mred\x1b[0m`} {
			if !strings.Contains(string(data), want) {
				t.Errorf("%s lacks %s:\n%s", path, want, data)
			}
		}
	}
}

// TestGateNoteEscapesControls: the resolver's reason shown to the gate in
// an item's Note (a terminal gate prints it) has its control characters
// escaped.
func TestGateNoteEscapesControls(t *testing.T) {
	g := fake(t, "design_critic", func(sec string, round, shot int) []finding.Finding {
		return []finding.Finding{find(sec, "It's worth noting that uploads", "filler", finding.Low, "Uploads")}
	})
	l, spec := specLoop(t, g)
	l.Asker = answers(ChoiceInspect, loop.No)
	l.Resolver = ResolverFunc(func(_ context.Context, b Brief) (Ruling, error) {
		var r Ruling
		for _, c := range b.Cases {
			r.Resolutions = append(r.Resolutions, Resolution{Key: c.Key, Kind: ProposeFix, Reason: nasty})
		}
		return r, nil
	})
	var notes []string
	l.Gate = rounds.ApproverFunc(func(_ context.Context, b rounds.Batch) ([]rounds.Decision, error) {
		for _, it := range b.Items {
			notes = append(notes, it.Note)
		}
		return nil, loop.ErrStop
	})
	l.Run(context.Background(), spec)
	if len(notes) != 1 || notes[0] != `resolver: PROPOSE_FIX: bad\x00 \x1b[31mred\x1b[0m` {
		t.Errorf("the gate was shown %q", notes)
	}
}
