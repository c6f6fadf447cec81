package goldfish

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
)

// TestClosingQuestion is issue 26: once the loop converged, it asks the
// original's closing question, "next stage, or a last check?". A last
// check runs one more round without the turn question; when that round is
// clean too the question comes again, and "next" ends the run.
func TestClosingQuestion(t *testing.T) {
	l, spec := specLoop(t, fake(t, "design_critic", func(string, int, int) []finding.Finding { return nil }))
	var asked []string
	l.Asker = loop.AskFunc(func(_ context.Context, q loop.Question) (loop.Answer, error) {
		asked = append(asked, q.Key)
		a := loop.Answer{Key: q.Key, Choice: loop.Yes}
		if q.Key == "r2/close" {
			if q.Kind != loop.Choice || !strings.Contains(q.Prompt, "next stage") || !strings.Contains(q.Prompt, "check last") || q.Default != ClosingNext {
				t.Errorf("closing question %+v", q)
			}
			a.Choice = ClosingCheck
		}
		if q.Key == "r3/close" {
			a.Choice = ClosingNext
		}
		return a, nil
	})
	o, err := l.Run(context.Background(), spec)
	if err != nil || o.Reason != loop.Converged || o.Rounds != 3 {
		t.Fatalf("%v %+v", err, o)
	}
	if want := []string{"r1/next", "r2/close", "r3/close"}; !slices.Equal(asked, want) {
		t.Errorf("asked %v, want %v", asked, want)
	}
	r2, _ := os.ReadFile(filepath.Join(l.Dir, "round-2", ReportName))
	r3, _ := os.ReadFile(o.ReportFile)
	if !strings.Contains(string(r2), "- Closing question: a last check, round 3\n") || !strings.Contains(string(r3), "- Closing question: next stage\n") {
		t.Errorf("round 2's report:\n%s\nround 3's:\n%s", r2, r3)
	}
}

// TestClosingQuestionDefault: without an asker (loop.AutoAsker, "-yes")
// the answer is "next stage": the run ends after the clean rounds, and a
// program running the loop as one of its steps gets control back. At the
// round cap no last check can run, so the question is not asked.
func TestClosingQuestionDefault(t *testing.T) {
	l, spec := specLoop(t, fake(t, "design_critic", func(string, int, int) []finding.Finding { return nil }))
	o, err := l.Run(context.Background(), spec)
	if err != nil || o.Reason != loop.Converged || o.Rounds != 2 {
		t.Fatalf("%v %+v", err, o)
	}
	l, spec = specLoop(t, fake(t, "design_critic", func(string, int, int) []finding.Finding { return nil }))
	l.MaxRounds = 2
	var asked []string
	l.Asker = loop.AskFunc(func(_ context.Context, q loop.Question) (loop.Answer, error) {
		asked = append(asked, q.Key)
		return loop.Answer{Key: q.Key, Choice: loop.Yes}, nil
	})
	if o, err := l.Run(context.Background(), spec); err != nil || o.Rounds != 2 || !slices.Equal(asked, []string{"r1/next"}) {
		t.Errorf("at the cap: %v, %d rounds, asked %v", err, o.Rounds, asked)
	}
}

// TestClosingQuestionByFile: the file form waits at the closing question,
// says so, and a resumed run takes the answer from answers.json without
// calling a goldfish again for the rounds the journal holds.
func TestClosingQuestionByFile(t *testing.T) {
	var calls atomic.Int32
	l, spec := specLoop(t, fake(t, "design_critic", func(string, int, int) []finding.Finding { calls.Add(1); return nil }))
	l.Asker = loop.FileAsker{Dir: l.Dir}
	answer := func(as ...loop.Answer) {
		data, _ := json.Marshal(as)
		if err := os.WriteFile(filepath.Join(l.Dir, loop.AnswersFile), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	if _, err := l.Run(ctx, spec); !errors.Is(err, loop.ErrNotConverged) {
		t.Fatalf("round 1: %v", err)
	}
	turn := loop.Answer{Key: "r1/next", Choice: "yes"}
	answer(turn)
	o, err := l.Resume(ctx, spec)
	if !errors.Is(err, loop.ErrNotConverged) || o.Reason != loop.AwaitingDecisions || o.Rounds != 2 || !strings.Contains(o.Stop, "waiting for an answer") {
		t.Fatalf("at the closing question: %v %+v", err, o)
	}
	qs, _ := os.ReadFile(filepath.Join(l.Dir, loop.QuestionsFile))
	if !strings.Contains(string(qs), `"r2/close"`) {
		t.Errorf("questions.json:\n%s", qs)
	}
	answer(turn, loop.Answer{Key: "r2/close", Choice: ClosingCheck})
	if o, err = l.Resume(ctx, spec); o == nil || o.Reason != loop.AwaitingDecisions || o.Rounds != 3 {
		t.Fatalf("after a last check: %v %+v", err, o)
	}
	answer(turn, loop.Answer{Key: "r2/close", Choice: ClosingCheck}, loop.Answer{Key: "r3/close", Choice: ClosingNext})
	if o, err = l.Resume(ctx, spec); err != nil || o.Reason != loop.Converged || o.Rounds != 3 {
		t.Fatalf("next stage: %v %+v", err, o)
	}
	if n := calls.Load(); n != 4 { // round 1 twice (self-agreement), rounds 2 and 3 once
		t.Errorf("%d goldfish calls, want 4: a journaled round was reviewed again", n)
	}
}
