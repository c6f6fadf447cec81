package drivertest_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/internal/drivertest"
)

// asking is a Driver that asks n questions, one per execution, through
// the file asker, and stops "done" with the answers it read.
func asking(n int) loop.Driver {
	return loop.DriverFunc(func(ctx context.Context, dir string, _ json.RawMessage, resume bool) (loop.Stop, error) {
		f := loop.FileAsker{Dir: dir}
		got := ""
		for i := range n {
			a, err := f.Ask(ctx, loop.Question{Key: string(rune('a' + i)), Kind: loop.Confirm, Prompt: "Go on?", Default: loop.No})
			if errors.Is(err, loop.ErrWaiting) {
				return loop.Stop{Reason: "waiting", Question: loop.QuestionsFile, Answer: loop.AnswersFile}, nil
			} else if err != nil {
				return loop.Stop{}, err
			}
			got += a.Choice + " "
		}
		return loop.Stop{Reason: "done", Text: got}, nil
	})
}

func TestRunAnswered(t *testing.T) {
	r, err := drivertest.RunAnswered(context.Background(), asking(3), t.TempDir(), nil)
	if err != nil || r.Stop.Reason != "done" || r.Stop.Text != "no no no " || len(r.Answers) != 3 || len(r.Waits) != 3 {
		t.Errorf("%+v, %v", r, err)
	}
	if _, err := drivertest.RunAnswered(context.Background(), asking(drivertest.MaxWaits+1), t.TempDir(), nil); err == nil {
		t.Error("a run asking past MaxWaits: no error")
	}
	dir := t.TempDir()
	bad := loop.DriverFunc(func(context.Context, string, json.RawMessage, bool) (loop.Stop, error) {
		return loop.Stop{Question: "q.json", Answer: "a.json"}, os.WriteFile(filepath.Join(dir, "q.json"), []byte(`{}`), 0o644)
	})
	if _, err := drivertest.RunAnswered(context.Background(), bad, dir, nil); err == nil {
		t.Error("a question file not the file asker's: no error")
	}
}
