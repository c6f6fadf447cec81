package goldfish

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// TestHierarchicalDispatch: duplicates across goldfish are removed in
// code, and the synthesizer's one summary reaches the report.
func TestHierarchicalDispatch(t *testing.T) {
	same := func(sec string, round, shot int) []finding.Finding {
		return []finding.Finding{find(sec, "robust and seamless solution", "marketing words", finding.Medium, "")}
	}
	l, spec := specLoop(t, fake(t, "design_critic", same), fake(t, "structural", same))
	l.Synthesizer = OfflineSynthesizer{}
	if _, err := l.Run(context.Background(), spec); err != nil {
		t.Fatal(err)
	}
	rep, _ := os.ReadFile(filepath.Join(l.Dir, "round-1", ReportName))
	for _, want := range []string{"## Synthesis\n\n1 finding(s): 0 Blocker, 1 Major, 0 Nit; by reviewer: design_critic 1.", "## Contested (1)", "r1/structural/F001 🟡 Major, lines 19: marketing words — duplicate of r1/design_critic/F001"} {
		if !strings.Contains(string(rep), want) {
			t.Errorf("report lacks %q:\n%s", want, rep)
		}
	}
}

// TestInspectOneByOne: with the choice "inspect" the gate decides every
// finding, shown with the resolver's answer; its rejections go to the
// contest memory as rejected.
func TestInspectOneByOne(t *testing.T) {
	g := fake(t, "design_critic", func(sec string, round, shot int) []finding.Finding {
		return []finding.Finding{find(sec, "It's worth noting that uploads", "filler", finding.Low, "Uploads")}
	})
	l, spec := specLoop(t, g)
	l.Asker = answers(ChoiceInspect, loop.Yes)
	var notes []string
	l.Gate = rounds.ApproverFunc(func(_ context.Context, b rounds.Batch) ([]rounds.Decision, error) {
		var ds []rounds.Decision
		for _, it := range b.Items {
			notes = append(notes, it.Note)
			ds = append(ds, rounds.Decision{Key: it.Key, Action: rounds.Reject, Reason: "the filler is our house style"})
		}
		return ds, nil
	})
	o, err := l.Run(context.Background(), spec)
	if err != nil {
		t.Fatal(err)
	}
	if len(notes) == 0 || !strings.HasPrefix(notes[0], "resolver: PROPOSE_FIX: mechanical fix") {
		t.Errorf("the gate was shown %q", notes)
	}
	if len(o.Applied) != 0 || len(o.Rejected) == 0 {
		t.Errorf("applied %d, rejected %d", len(o.Applied), len(o.Rejected))
	}
	rep, _ := os.ReadFile(filepath.Join(l.Dir, "round-2", ReportName))
	if !strings.Contains(string(rep), "rejected in round 1 (the filler is our house style)") {
		t.Errorf("round 2 report:\n%s", rep)
	}
}

// TestWaitingForAnswers: a file asker with no answer yet stops the run
// (resumable); once the answer is written the resumed run goes on.
func TestWaitingForAnswers(t *testing.T) {
	g := fake(t, "design_critic", func(sec string, round, shot int) []finding.Finding { return nil })
	l, spec := specLoop(t, g)
	l.Asker = loop.FileAsker{Dir: l.Dir}
	o, err := l.Run(context.Background(), spec)
	if !errors.Is(err, loop.ErrNotConverged) || o.Reason != loop.AwaitingDecisions {
		t.Fatalf("%v %+v", err, o)
	}
	qs, err := os.ReadFile(filepath.Join(l.Dir, loop.QuestionsFile))
	if err != nil || !strings.Contains(string(qs), `"r1/next"`) {
		t.Fatalf("questions %s %v", qs, err)
	}
	ans, _ := json.Marshal([]loop.Answer{{Key: "r1/next", Choice: loop.Yes}, {Key: "r2/close", Choice: ClosingNext}})
	os.WriteFile(filepath.Join(l.Dir, loop.AnswersFile), ans, 0o644)
	o, err = l.Resume(context.Background(), spec)
	if err != nil || o.Reason != loop.Converged || o.Rounds != 2 {
		t.Fatalf("resumed: %v %s after %d rounds", err, o.Reason, o.Rounds)
	}
}

// TestWaitingAtGateChoice: a round waiting for its gate choice is reported
// and resumed, not rendered as if decided (regression: the kernel's round
// rendering was reached with no policy patch and panicked).
func TestWaitingAtGateChoice(t *testing.T) {
	g := fake(t, "design_critic", func(sec string, round, shot int) []finding.Finding {
		if !strings.Contains(sec, "It's worth noting") {
			return nil
		}
		return []finding.Finding{find(sec, "It's worth noting that uploads", "filler", finding.Low, "Uploads")}
	})
	l, spec := specLoop(t, g)
	l.Asker = loop.FileAsker{Dir: l.Dir}
	o, err := l.Run(context.Background(), spec)
	if !errors.Is(err, loop.ErrNotConverged) || o.Reason != loop.AwaitingDecisions {
		t.Fatalf("%v %+v", err, o)
	}
	rep, _ := os.ReadFile(filepath.Join(l.Dir, ReportName))
	if !strings.Contains(string(rep), "Stopped: waiting for an answer (see questions.json") || !strings.Contains(string(rep), "## Proposed fixes (1)") {
		t.Errorf("report while waiting:\n%s", rep)
	}
	ans, _ := json.Marshal([]loop.Answer{{Key: "r1/gate", Choice: ChoiceAuto}, {Key: "r1/next", Choice: loop.Yes}, {Key: "r2/next", Choice: loop.Yes}, {Key: "r3/close", Choice: ClosingNext}})
	os.WriteFile(filepath.Join(l.Dir, loop.AnswersFile), ans, 0o644)
	o, err = l.Resume(context.Background(), spec)
	if err != nil || o.Reason != loop.Converged || len(o.Applied) != 1 {
		t.Fatalf("resumed: %v %+v", err, o)
	}
}
