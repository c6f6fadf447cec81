package temporal_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/testsuite"

	"github.com/kaigi-dev/kaigi/loop/journal"
	"github.com/kaigi-dev/kaigi/loop/temporal"
)

// gatedChain makes n calls, then waits for answer.txt (question in
// q.txt), then writes result.txt from the answer.
func gatedChain(n int, made *atomic.Int64) temporal.Driver {
	return temporal.DriverFunc(func(ctx context.Context, dir string, _ json.RawMessage, resume bool) (temporal.Stop, error) {
		os.MkdirAll(filepath.Join(dir, "run"), 0o755)
		j, err := journal.Open(filepath.Join(dir, "run", "journal.jsonl"), journal.Options{Driver: "gated"})
		if err != nil {
			return temporal.Stop{}, err
		}
		defer j.Close()
		for i := range n {
			if _, err := journal.Call(ctx, j, fmt.Sprintf("call/%d", i), func(context.Context) (int, error) { made.Add(1); return i, nil }); err != nil {
				return temporal.Stop{}, err
			}
		}
		errNoAnswer := errors.New("no answer yet")
		answer, err := journal.Step(ctx, j, "answer", func(context.Context) (string, error) {
			b, err := os.ReadFile(filepath.Join(dir, "answer.txt"))
			switch {
			case errors.Is(err, os.ErrNotExist):
				return "", errNoAnswer // not journaled: asked again on resume
			case err == nil && !strings.HasPrefix(string(b), "yes"):
				return "", fmt.Errorf("answer.txt: %q is not yes", b) // a file the driver cannot use
			}
			return string(b), err
		})
		switch {
		case errors.Is(err, errNoAnswer):
			os.WriteFile(filepath.Join(dir, "q.txt"), []byte("go on?"), 0o644)
			return temporal.Stop{Reason: "waiting", Question: "q.txt", Answer: "answer.txt"}, nil
		case err != nil:
			return temporal.Stop{}, err
		}
		return temporal.Stop{Reason: "done"}, os.WriteFile(filepath.Join(dir, "result.txt"), []byte(answer), 0o644)
	})
}

// answerEach answers each wait of the workflow in env, polled every
// interval, with what answer makes of the progress and the question's
// content, and returns the progress seen at each wait.
func answerEach(t *testing.T, env *testsuite.TestWorkflowEnvironment, store temporal.Store, every time.Duration, answer func(p temporal.Progress, question []byte) []byte) *[]temporal.Progress {
	var seen []temporal.Progress
	var try func()
	try = func() {
		v, err := env.QueryWorkflow(temporal.QueryName)
		if err != nil {
			return
		}
		var p temporal.Progress
		v.Get(&p)
		if p.State == temporal.Waiting {
			question, err := store.Get(context.Background(), p.QuestionRef)
			if err != nil {
				t.Errorf("the question: %v", err)
				return
			}
			seen = append(seen, p)
			env.UpdateWorkflow(temporal.UpdateName, "", &testsuite.TestUpdateCallback{OnReject: func(err error) { t.Errorf("answer refused: %v", err) }}, temporal.Answer{Data: answer(p, question)})
		}
		if p.State != temporal.Done {
			env.RegisterDelayedCallback(try, every)
		}
	}
	env.RegisterDelayedCallback(try, every)
	return &seen
}

// answers answers the waits in order with the given texts.
func answers(texts ...string) func(temporal.Progress, []byte) []byte {
	return func(temporal.Progress, []byte) []byte {
		a := texts[0]
		texts = texts[1:]
		return []byte(a)
	}
}

// TestAnswerJudgedBeforeContinueAsNew: an answer taken just when the
// workflow is due to continue as new is handed to the driver first (its
// update waits for that), and reaches it.
func TestAnswerJudgedBeforeContinueAsNew(t *testing.T) {
	var made atomic.Int64
	work, store := t.TempDir(), temporal.FileStore{Dir: t.TempDir()}
	files, _ := temporal.PutFiles(context.Background(), store, map[string][]byte{"seed.txt": []byte("1")})
	acts := &temporal.Activities{Store: store, Drivers: map[string]temporal.Driver{"gated": gatedChain(99, &made)}, WorkDir: work, Settle: 5e6}
	env := newEnv(t, acts)
	env.SetStartWorkflowOptions(client.StartWorkflowOptions{ID: "gated"})
	seen := answerEach(t, env, store, time.Minute, answers("yes, go on"))
	env.ExecuteWorkflow(temporal.WorkflowName, temporal.Input{Driver: "gated", Files: files})
	if err := env.GetWorkflowError(); err != nil {
		t.Fatalf("the execution ended with %v, want its result", err)
	}
	var res temporal.Result
	env.GetWorkflowResult(&res)
	got, _ := temporal.GetFiles(context.Background(), store, res.Files)
	if len(*seen) != 1 || res.Advances != 101 {
		t.Fatalf("%d waits, %d advances: the answer did not come when the workflow was due to continue as new", len(*seen), res.Advances)
	}
	if string(got["result.txt"]) != "yes, go on" || made.Load() != 99 {
		t.Fatalf("result %q after %d calls: the answer was lost", got["result.txt"], made.Load())
	}
}

// TestUnusableAnswerAskedAgain: an answer the driver cannot use puts the
// workflow back to waiting, saying why; the next answer goes on.
func TestUnusableAnswerAskedAgain(t *testing.T) {
	var made atomic.Int64
	var seen *[]temporal.Progress
	_, got := onWorkflow(t, gatedChain(2, &made), t.TempDir(), "unusable", temporal.Input{Driver: "gated"}, map[string][]byte{"seed.txt": []byte("1")}, func(env *testsuite.TestWorkflowEnvironment, store temporal.Store) {
		seen = answerEach(t, env, store, time.Minute, answers("{not json", "yes"))
	})
	if string(got["result.txt"]) != "yes" {
		t.Fatalf("result %q", got["result.txt"])
	}
	if len(*seen) != 2 || (*seen)[0].Error != "" || !strings.Contains((*seen)[1].Error, "is not yes") {
		t.Fatalf("the progress seen at each wait: %+v", *seen)
	}
}

// TestBadInputRefused: inputs the workflow cannot run are refused at once,
// naming what is wrong.
func TestBadInputRefused(t *testing.T) {
	store := temporal.FileStore{Dir: t.TempDir()}
	files, _ := temporal.PutFiles(context.Background(), store, map[string][]byte{"a.md": []byte("x")})
	for _, c := range []struct {
		id   string
		in   temporal.Input
		want string
	}{
		{"ok-id", temporal.Input{Driver: "gated", Files: files, Limit: -1}, "must not be negative"},
		{".calls", temporal.Input{Driver: "gated", Files: files}, "must not begin with '.'"},
		{"x.lock", temporal.Input{Driver: "gated", Files: files}, ".lock"},
		{"a/b", temporal.Input{Driver: "gated", Files: files}, "letters, digits"},
		{"ok-id", temporal.Input{Driver: "gated", Files: temporal.Files{"../a.md": files["a.md"]}}, "../a.md"},
		{"ok-id", temporal.Input{Driver: "gated"}, "needs a Driver and Files"},
	} {
		env := newEnv(t, &temporal.Activities{Store: store, Drivers: map[string]temporal.Driver{}, WorkDir: t.TempDir()})
		env.SetStartWorkflowOptions(client.StartWorkflowOptions{ID: c.id})
		env.ExecuteWorkflow(temporal.WorkflowName, c.in)
		if err := env.GetWorkflowError(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ID %q, input %+v: %v, want an error saying %q", c.id, c.in, err, c.want)
		}
	}
}

// TestUnusableAnswerRefusedByUpdate: the update carrying an answer the
// driver cannot use fails with the driver's reason (a client learns that
// the answer was refused); the update of the usable answer completes
// without an error.
func TestUnusableAnswerRefusedByUpdate(t *testing.T) {
	var made atomic.Int64
	var outcomes []string
	_, got := onWorkflow(t, gatedChain(2, &made), t.TempDir(), "refused", temporal.Input{Driver: "gated"}, map[string][]byte{"seed.txt": []byte("1")}, func(env *testsuite.TestWorkflowEnvironment, store temporal.Store) {
		texts := []string{"{not json", "yes"}
		var try func()
		try = func() {
			v, err := env.QueryWorkflow(temporal.QueryName)
			if err != nil {
				return
			}
			var p temporal.Progress
			v.Get(&p)
			if p.State == temporal.Waiting && len(texts) > 0 {
				a := texts[0]
				texts = texts[1:]
				env.UpdateWorkflow(temporal.UpdateName, "", &testsuite.TestUpdateCallback{
					OnReject: func(err error) { t.Errorf("answer %q rejected by the validator: %v", a, err) },
					OnComplete: func(_ any, err error) {
						outcomes = append(outcomes, fmt.Sprintf("%s: %v", a, err))
					},
				}, temporal.Answer{Data: []byte(a)})
			}
			if p.State != temporal.Done {
				env.RegisterDelayedCallback(try, time.Minute)
			}
		}
		env.RegisterDelayedCallback(try, time.Minute)
	})
	if string(got["result.txt"]) != "yes" {
		t.Fatalf("result %q", got["result.txt"])
	}
	if len(outcomes) != 2 || !strings.HasPrefix(outcomes[0], "{not json: ") || !strings.Contains(outcomes[0], "is not yes") || outcomes[1] != "yes: <nil>" {
		t.Fatalf("the updates' outcomes: %q, want the first refused saying why, the second taken", outcomes)
	}
}
