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
)

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
	l.Gate = loop.ApproverFunc(func(_ context.Context, b loop.Batch) ([]loop.Decision, error) {
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
