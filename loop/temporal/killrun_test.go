package temporal_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"go.temporal.io/sdk/client"
	tlog "go.temporal.io/sdk/log"

	"github.com/kaigi-dev/kaigi/loop/temporal"
	"github.com/kaigi-dev/kaigi/loop/temporal/devtest"
)

// killRun is one workflow run whose worker is killed mid-run: driver on
// queue (also the workflow's id) over docs, killed at a random moment of
// the first half of delay once the calls log holds at least calls lines
// starting with word.
type killRun struct {
	id, driver string
	in         temporal.Input
	docs       map[string][]byte
	word       string
	calls      int
	at         string // the calls counted at the kill: lines starting with it
	delay      time.Duration
}

// killed is what a killRun left: the client, the context it ran under,
// the result, the workspace's files and how many calls the log held
// (lines starting with killRun.at) at the kill.
type killed struct {
	c        client.Client
	ctx      context.Context
	res      temporal.Result
	got      map[string][]byte
	killedAt int
}

// run starts a dev server and a worker, runs k, kills the worker with
// SIGKILL as k says, starts a second worker and waits for the result.
func (k killRun) run(t *testing.T, store, work, log string) killed {
	t.Helper()
	addr := devtest.Start(t)
	c, err := client.Dial(client.Options{HostPort: addr, Logger: tlog.NewStructuredLogger(discard())})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	first := startWorker(t, addr, k.id, store, work, log, k.delay)
	in := k.in
	if in.Files, err = temporal.PutFiles(context.Background(), temporal.FileStore{Dir: store}, k.docs); err != nil {
		t.Fatal(err)
	}
	in.Driver, in.HeartbeatTimeout = k.driver, 2*time.Second
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	t.Cleanup(cancel)
	run, err := c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: k.id, TaskQueue: k.id}, temporal.WorkflowName, in)
	if err != nil {
		t.Fatal(err)
	}
	for count(t, log, k.word) < k.calls {
		if ctx.Err() != nil {
			t.Fatalf("no %q call: %s", k.word, first.stderr.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(time.Duration(rand.Int64N(int64(k.delay / 2))))
	first.kill(t)
	out := killed{c: c, ctx: ctx, killedAt: count(t, log, k.at)}
	startWorker(t, addr, k.id, store, work, log, k.delay)
	if err := run.Get(ctx, &out.res); err != nil {
		t.Fatal(err)
	}
	if out.got, err = temporal.GetFiles(ctx, temporal.FileStore{Dir: store}, out.res.Files); err != nil {
		t.Fatal(err)
	}
	return out
}
