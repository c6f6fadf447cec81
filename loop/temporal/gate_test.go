package temporal_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/testsuite"

	"github.com/kaigi-dev/kaigi/loop/editorial"
	"github.com/kaigi-dev/kaigi/loop/temporal"
)

// decide answers a round's pending.json as a person might: apply every
// edit, reject advice with a reason.
func decide(t *testing.T, pending []byte) []byte {
	t.Helper()
	var items []map[string]string
	if err := json.Unmarshal(pending, &items); err != nil {
		t.Fatalf("pending.json: %v", err)
	}
	for _, it := range items {
		if it["fix"] != "" {
			it["action"] = "apply"
		} else {
			it["action"], it["reason"] = "reject", "advice noted"
		}
	}
	return mustJSON(t, items)
}

// TestEditorialGateAsUpdate: a file gate's question is the workflow's
// wait, the person's decisions arrive as an update, and the run ends as
// the same run in a process whose decisions file was filled in the same
// way and resumed.
func TestEditorialGateAsUpdate(t *testing.T) {
	work := t.TempDir()
	args := mustJSON(t, editorial.Args{Documents: []string{"article.md"}})
	docs := map[string][]byte{"article.md": []byte(article)}

	// In a process: run, answer pending.json, resume, until it ends.
	d := editorial.NewDriver(swarm(nil))
	dir := filepath.Join(work, "gated")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "article.md"), docs["article.md"], 0o644)
	waits := 0
	stop, err := d.Run(context.Background(), dir, args, false)
	for err == nil && stop.Answer != "" {
		waits++
		pending, rerr := os.ReadFile(filepath.Join(dir, stop.Question))
		if rerr != nil {
			t.Fatal(rerr)
		}
		os.WriteFile(filepath.Join(dir, stop.Answer), decide(t, pending), 0o644)
		stop, err = d.Run(context.Background(), dir, args, true)
	}
	if err != nil {
		t.Fatal(err)
	}
	if waits == 0 {
		t.Fatal("the scripted run never waited for the gate; the test proves nothing")
	}
	want := readTree(t, dir)
	os.RemoveAll(dir)

	var seen *[]temporal.Progress
	res, got := onWorkflow(t, d, work, "gated", temporal.Input{Driver: "editorial", Args: args}, docs, func(env *testsuite.TestWorkflowEnvironment, store temporal.Store) {
		seen = answerEach(t, env, store, time.Hour, func(_ temporal.Progress, pending []byte) []byte { return decide(t, pending) }) // a person answers the next day
	})
	answered := len(*seen)
	if answered != waits {
		t.Errorf("answered %d times on Temporal, %d in a process", answered, waits)
	}
	if res.Reason != stop.Reason {
		t.Errorf("stopped %q, in a process %q", res.Reason, stop.Reason)
	}
	sameTree(t, got, want)
	if string(got["article.md"]) == article {
		t.Error("the decisions applied nothing")
	}
}

// TestAnswerRefusedWhileRunning: an answer while the loop is not waiting
// is refused by the update's validator and changes nothing.
func TestAnswerRefusedWhileRunning(t *testing.T) {
	work := t.TempDir()
	store := temporal.FileStore{Dir: t.TempDir()}
	files, _ := temporal.PutFiles(context.Background(), store, map[string][]byte{"article.md": []byte(article)})
	env := newEnv(t, &temporal.Activities{Store: store, Drivers: map[string]temporal.Driver{"editorial": editorial.NewDriver(swarm(nil))}, WorkDir: work})
	env.SetStartWorkflowOptions(client.StartWorkflowOptions{ID: "early"})
	var refused error
	env.RegisterDelayedCallback(func() {
		env.UpdateWorkflow(temporal.UpdateName, "", &testsuite.TestUpdateCallback{OnReject: func(err error) { refused = err }}, temporal.Answer{Data: []byte("[]")})
	}, 0)
	env.ExecuteWorkflow(temporal.WorkflowName, temporal.Input{Driver: "editorial", Args: mustJSON(t, editorial.Args{Documents: []string{"article.md"}, Gate: "auto"}), Files: files})
	if err := env.GetWorkflowError(); err != nil {
		t.Fatal(err)
	}
	if refused == nil {
		t.Fatal("an answer while the loop was running was taken")
	}
}
