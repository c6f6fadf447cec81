package temporal_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/converter"
	"go.temporal.io/sdk/workflow"

	"github.com/kaigi-dev/kaigi/loop/journal"
	"github.com/kaigi-dev/kaigi/loop/temporal"
)

// chainDriver is a driver of its own written on the journal alone: n
// calls one after another, each on the last one's answer, then a result
// file. Any driver that keeps the journal's contract runs on the
// workflow.
func chainDriver(n int, made *atomic.Int64) temporal.Driver {
	return temporal.DriverFunc(func(ctx context.Context, dir string, _ json.RawMessage, resume bool) (temporal.Stop, error) {
		if err := os.MkdirAll(filepath.Join(dir, "run"), 0o755); err != nil {
			return temporal.Stop{}, err
		}
		j, err := journal.Open(filepath.Join(dir, "run", "journal.jsonl"), journal.Options{Driver: "chain"})
		if err != nil {
			return temporal.Stop{}, err
		}
		defer j.Close()
		v := 1
		for i := range n {
			v, err = journal.Call(ctx, j, fmt.Sprintf("call/%d", i), func(context.Context) (int, error) {
				made.Add(1)
				return (v*31 + i) % 1000003, nil
			})
			if err != nil {
				return temporal.Stop{}, err
			}
		}
		return temporal.Stop{Reason: "done"}, os.WriteFile(filepath.Join(dir, "result.txt"), []byte(fmt.Sprint(v)), 0o644)
	})
}

// TestContinueAsNew: a run of more advances than one execution makes
// continues as new with its workspace and ends as a process would.
func TestContinueAsNew(t *testing.T) {
	const n = 130
	var local, remote atomic.Int64
	_, want := inProcess(t, chainDriver(n, &local), t.TempDir(), "chain", nil, map[string][]byte{"seed.txt": []byte("1")})

	work, store := t.TempDir(), temporal.FileStore{Dir: t.TempDir()}
	files, _ := temporal.PutFiles(context.Background(), store, map[string][]byte{"seed.txt": []byte("1")})
	in := temporal.Input{Driver: "chain", Files: files}
	var res temporal.Result
	executions := 0
	for {
		executions++
		env := newEnv(t, &temporal.Activities{Store: store, Drivers: map[string]temporal.Driver{"chain": chainDriver(n, &remote)}, WorkDir: work, Settle: 5e6})
		env.SetStartWorkflowOptions(client.StartWorkflowOptions{ID: "chain"})
		env.ExecuteWorkflow(temporal.WorkflowName, in)
		err := env.GetWorkflowError()
		var can *workflow.ContinueAsNewError
		if errors.As(err, &can) {
			in = temporal.Input{}
			if err := converter.GetDefaultDataConverter().FromPayloads(can.Input, &in); err != nil {
				t.Fatal(err)
			}
			if in.Carried == nil || executions > 3 {
				t.Fatalf("continued as new without state, or too often (%d)", executions)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		env.GetWorkflowResult(&res)
		break
	}
	if executions != 2 {
		t.Errorf("%d executions, want 2 (one continue-as-new)", executions)
	}
	got, err := temporal.GetFiles(context.Background(), store, res.Files)
	if err != nil {
		t.Fatal(err)
	}
	if string(got["result.txt"]) != string(want["result.txt"]) || remote.Load() != n || res.Calls != n {
		t.Errorf("result %s after %d calls (%d counted), in a process %s after %d", got["result.txt"], remote.Load(), res.Calls, want["result.txt"], local.Load())
	}
}
