package devtest_test

import (
	"context"
	"log/slog"
	"net"
	"testing"
	"time"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/log"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"github.com/kaigi-dev/kaigi/loop/temporal/devtest"
)

// TestStart starts a server, connects to its frontend port, and checks that
// the cleanup stops it cleanly (the cleanup fails the subtest otherwise)
// and that the port is closed afterwards.
func TestStart(t *testing.T) {
	var addr string
	ok := t.Run("server", func(t *testing.T) {
		start := time.Now()
		addr = devtest.Start(t)
		t.Logf("ready %s after %v", addr, time.Since(start).Round(time.Millisecond))
		host, _, err := net.SplitHostPort(addr)
		if err != nil {
			t.Fatal(err)
		}
		if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
			t.Errorf("frontend %s is not on loopback", addr)
		}
		conn, err := net.DialTimeout("tcp", addr, 5*time.Second)
		if err != nil {
			t.Fatalf("frontend port: %v", err)
		}
		conn.Close()
	})
	if !ok {
		t.Fatal("the server subtest failed (see above)")
	}
	if conn, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
		conn.Close()
		t.Errorf("frontend %s still accepts connections after the cleanup", addr)
	}
}

// greet is the trivial activity of the workflow below.
func greet(ctx context.Context, name string) (string, error) {
	activity.GetLogger(ctx).Info("greeting", "name", name)
	return "hello, " + name, nil
}

// greetWorkflow runs greet as an activity.
func greetWorkflow(ctx workflow.Context, name string) (string, error) {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 10 * time.Second,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 3},
	})
	var s string
	err := workflow.ExecuteActivity(ctx, greet, name).Get(ctx, &s)
	return s, err
}

// TestWorkflow is the real check: the current SDK dials the server over
// gRPC, checks its health, and a worker runs a workflow with an activity
// to completion.
func TestWorkflow(t *testing.T) {
	addr := devtest.Start(t)
	c, err := client.Dial(client.Options{
		HostPort:  addr,
		Namespace: devtest.Namespace,
		Logger:    log.NewStructuredLogger(slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))),
	})
	if err != nil {
		t.Fatalf("client.Dial(%s): %v", addr, err)
	}
	defer c.Close()

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := c.CheckHealth(ctx, &client.CheckHealthRequest{}); err != nil {
		t.Fatalf("CheckHealth: %v", err)
	}

	const queue = "devtest"
	w := worker.New(c, queue, worker.Options{})
	w.RegisterWorkflow(greetWorkflow)
	w.RegisterActivity(greet)
	if err := w.Start(); err != nil {
		t.Fatalf("worker: %v", err)
	}
	defer w.Stop()

	start := time.Now()
	run, err := c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: "devtest-greet", TaskQueue: queue}, greetWorkflow, "kaigi")
	if err != nil {
		t.Fatalf("ExecuteWorkflow: %v", err)
	}
	var got string
	if err := run.Get(ctx, &got); err != nil {
		t.Fatalf("workflow %s: %v", run.GetID(), err)
	}
	t.Logf("workflow completed in %v", time.Since(start).Round(time.Millisecond))
	if want := "hello, kaigi"; got != want {
		t.Errorf("workflow result %q, want %q", got, want)
	}

	// The history is on the server: the run is there as completed.
	desc, err := c.DescribeWorkflowExecution(ctx, run.GetID(), run.GetRunID())
	if err != nil {
		t.Fatalf("DescribeWorkflowExecution: %v", err)
	}
	if st := desc.GetWorkflowExecutionInfo().GetStatus(); st != enumspb.WORKFLOW_EXECUTION_STATUS_COMPLETED {
		t.Errorf("workflow status %v, want completed", st)
	}
}
