package journal

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"slices"
	"sync"
	"testing"
)

// scriptedRunner answers the calls it has a result for, runs the other
// steps here, and remembers what it was asked.
type scriptedRunner struct {
	mu      sync.Mutex
	results map[string]json.RawMessage
	asked   []string // "call:KEY" or "step:KEY"
}

func (r *scriptedRunner) RunStep(ctx context.Context, key string, call bool, run func(context.Context) (json.RawMessage, error)) (json.RawMessage, error) {
	r.mu.Lock()
	kind := "step:"
	if call {
		kind = "call:"
	}
	r.asked = append(r.asked, kind+key)
	res, ok := r.results[key]
	r.mu.Unlock()
	if call && ok {
		return res, nil
	}
	if call {
		return nil, errors.New("no result for " + key)
	}
	return run(ctx)
}

func TestRunnerRunsMissingSteps(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j.jsonl")
	r := &scriptedRunner{results: map[string]json.RawMessage{"r1/review/a#1": json.RawMessage(`{"text":"遠くで","lines":["x\r\n"]}`)}}
	ctx := WithRunner(context.Background(), r)
	j := open(t, path, Options{})
	ran := false
	got, err := Call(ctx, j, "r1/review/a#1", func(context.Context) (answer, error) {
		ran = true
		return answer{}, nil
	})
	if err != nil || ran || got.Text != "遠くで" || len(got.Lines) != 1 || got.Lines[0] != "x\r\n" {
		t.Fatalf("call with a result elsewhere: %+v, %v, ran %v", got, err, ran)
	}
	n, err := Step(ctx, j, "count", func(context.Context) (int, error) { return 3, nil })
	if err != nil || n != 3 {
		t.Fatalf("local step through the runner: %d, %v", n, err)
	}
	if _, err := Call(ctx, j, "r1/review/b#1", func(context.Context) (answer, error) { return answer{}, nil }); err == nil {
		t.Fatal("the runner's error was not returned")
	}
	if want := []string{"call:r1/review/a#1", "step:count", "call:r1/review/b#1"}; len(r.asked) != 3 || r.asked[0] != want[0] || r.asked[1] != want[1] || r.asked[2] != want[2] {
		t.Fatalf("asked %v, want %v", r.asked, want)
	}
	j.Close()

	// Resumed without a runner: the runner's results are journaled, its
	// error is not.
	j = open(t, path, Options{})
	ctx = context.Background()
	again, err := Call(ctx, j, "r1/review/a#1", func(context.Context) (answer, error) { return answer{Text: "wrong"}, nil })
	if err != nil || again.Text != "遠くで" {
		t.Fatalf("replayed call %+v, %v", again, err)
	}
	if j.Done("r1/review/b#1") {
		t.Fatal("a failed call was journaled")
	}
}

func TestRunnerResultMustDecode(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j.jsonl")
	r := &scriptedRunner{results: map[string]json.RawMessage{"k": json.RawMessage(`"not a number"`)}}
	j := open(t, path, Options{})
	if _, err := Call(WithRunner(context.Background(), r), j, "k", func(context.Context) (int, error) { return 1, nil }); err == nil {
		t.Fatal("a result of the wrong type was taken")
	}
	if j.Done("k") {
		t.Fatal("a result that does not decode was journaled")
	}
}

// noticeRunner records the Journaled notices.
type noticeRunner struct {
	scriptedRunner
	journaled []string
}

func (r *noticeRunner) Journaled(key string) { r.journaled = append(r.journaled, key) }

func TestRunnerToldWhatIsJournaled(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j.jsonl")
	r := &noticeRunner{scriptedRunner: scriptedRunner{results: map[string]json.RawMessage{"a": json.RawMessage(`1`), "bad": json.RawMessage(`"x"`)}}}
	ctx := WithRunner(context.Background(), r)
	j := open(t, path, Options{})
	defer j.Close()
	Call(ctx, j, "a", func(context.Context) (int, error) { return 0, nil })
	Step(ctx, j, "b", func(context.Context) (int, error) { return 2, nil })
	Call(ctx, j, "bad", func(context.Context) (int, error) { return 0, nil }) // does not decode: not journaled
	if len(r.journaled) != 2 || r.journaled[0] != "a" || r.journaled[1] != "b" {
		t.Fatalf("told %v, want [a b]", r.journaled)
	}
}

func TestStartCallIsACall(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j.jsonl")
	r := &scriptedRunner{results: map[string]json.RawMessage{"reader/a": json.RawMessage(`5`)}}
	ctx := WithRunner(context.Background(), r)
	j := open(t, path, Options{})
	defer j.Close()
	call := StartCall(ctx, j, "reader/a", func(context.Context) (int, error) { return 0, nil })
	step := Start(ctx, j, "reader/b", func(context.Context) (int, error) { return 7, nil })
	a, err1 := call.Wait(ctx)
	b, err2 := step.Wait(ctx)
	if err1 != nil || err2 != nil || a != 5 || b != 7 {
		t.Fatalf("tasks: %d %v, %d %v", a, err1, b, err2)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if !slices.Contains(r.asked, "call:reader/a") || !slices.Contains(r.asked, "step:reader/b") {
		t.Fatalf("asked %v", r.asked)
	}
}
