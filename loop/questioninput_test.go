package loop_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
)

// TestInputQuestion: an input question is answered with text, by the
// automatic asker (its default), a callback or the answers file; a
// choice or blank text is refused by AskOnce, and yes/no words are text.
func TestInputQuestion(t *testing.T) {
	ctx := context.Background()
	q := loop.Question{Key: "intake/file", Kind: loop.Input, Prompt: "Which file?", Default: "spec.md"}
	if err := q.Validate(); err != nil {
		t.Fatal(err)
	}
	if a, err := (loop.AutoAsker{}).Ask(ctx, q); err != nil || a != (loop.Answer{Key: q.Key, Text: "spec.md"}) {
		t.Errorf("automatic: %+v %v", a, err)
	}
	with := func(a loop.Answer) loop.Asker {
		return loop.AskFunc(func(context.Context, loop.Question) (loop.Answer, error) { return a, nil })
	}
	j := openJournal(t, filepath.Join(t.TempDir(), "j.jsonl"))
	if a, err := loop.AskOnce(ctx, j, with(loop.Answer{Text: "no"}), q); err != nil || a.Text != "no" || a.Choice != "" {
		t.Errorf("text that reads as no: %+v %v", a, err)
	}
	for i, bad := range []loop.Answer{{Choice: "yes"}, {Text: "  "}} {
		q := q
		q.Key += string(rune('a' + i))
		if _, err := loop.AskOnce(ctx, j, with(bad), q); err == nil || !strings.Contains(err.Error(), "takes text") {
			t.Errorf("%+v: %v", bad, err)
		}
	}
	dir := t.TempDir()
	f := loop.FileAsker{Dir: dir}
	if _, err := f.Ask(ctx, q); !errors.Is(err, loop.ErrWaiting) {
		t.Fatalf("file: %v", err)
	}
	data, _ := json.Marshal([]loop.Answer{{Key: q.Key, Text: "docs/plan.md"}})
	os.WriteFile(filepath.Join(dir, loop.AnswersFile), data, 0o644)
	if a, err := f.Ask(ctx, q); err != nil || a.Text != "docs/plan.md" {
		t.Errorf("file: %+v %v", a, err)
	}
	if err := (loop.Question{Key: "x", Kind: loop.Input, Prompt: "?", Options: []loop.Option{{ID: "a"}, {ID: "b"}}}).Validate(); err == nil {
		t.Error("an input with options is valid")
	}
}

// TestAskChecksWithoutJournal: Ask, for questions before a run exists,
// checks and normalises the answer as AskOnce does, and asks again each
// time (nothing is journaled).
func TestAskChecksWithoutJournal(t *testing.T) {
	ctx := context.Background()
	asked := 0
	q := loop.Question{Key: "intake/confirm", Kind: loop.Confirm, Prompt: "Start?"}
	yes := loop.AskFunc(func(context.Context, loop.Question) (loop.Answer, error) {
		asked++
		return loop.Answer{Choice: "Y"}, nil
	})
	for range 2 {
		if a, err := loop.Ask(ctx, yes, q); err != nil || a != (loop.Answer{Key: q.Key, Choice: loop.Yes}) {
			t.Errorf("%+v %v", a, err)
		}
	}
	if asked != 2 {
		t.Errorf("asked %d times, want 2", asked)
	}
	if _, err := loop.Ask(ctx, loop.AskFunc(func(context.Context, loop.Question) (loop.Answer, error) { return loop.Answer{Choice: "maybe"}, nil }), q); err == nil {
		t.Error("maybe is an answer to a yes/no question")
	}
	if _, err := loop.Ask(ctx, yes, loop.Question{Key: "x"}); err == nil {
		t.Error("a question with no kind was asked")
	}
}
