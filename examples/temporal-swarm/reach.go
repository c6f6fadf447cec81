package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"
	sdktemporal "go.temporal.io/sdk/temporal"
)

// startServerHint is what a command that cannot reach the server tells
// the user to do.
const startServerHint = "is the Temporal server running? For one on this machine, start the development server: cd loop/temporal/devserver && GOWORK=off GOTOOLCHAIN=go1.27.3 go run . -addr 127.0.0.1:7233"

// healthTimeout bounds a health check of the server.
const healthTimeout = 3 * time.Second

// reachable reports whether the server behind cl answers a health check,
// and its error when it does not.
func reachable(ctx context.Context, cl client.Client) error {
	hctx, cancel := context.WithTimeout(ctx, healthTimeout)
	defer cancel()
	_, err := cl.CheckHealth(hctx, &client.CheckHealthRequest{})
	return err
}

// unreachable is the error of a server that cannot be reached at addr.
func unreachable(addr string, err error) error {
	return fmt.Errorf("the Temporal server at %s cannot be reached: %w (%s)", addr, err, startServerHint)
}

// pollers returns how many workers polled the workflow tasks of the
// queue of workflow id lately, and the queue's name.
func pollers(ctx context.Context, cl client.Client, id string) (int, string, error) {
	d, err := cl.DescribeWorkflowExecution(ctx, id, "")
	if err != nil {
		return 0, "", err
	}
	queue := d.GetExecutionConfig().GetTaskQueue().GetName()
	tq, err := cl.DescribeTaskQueue(ctx, queue, enumspb.TASK_QUEUE_TYPE_WORKFLOW)
	if err != nil {
		return 0, queue, err
	}
	return len(tq.GetPollers()), queue, nil
}

// warnNoWorker says on w, once, when no worker polls the queue of
// workflow id: what waits for one (what), and how to start one. A failed
// look-up says nothing.
func warnNoWorker(ctx context.Context, cl client.Client, w io.Writer, id, what string) {
	n, queue, err := pollers(ctx, cl, id)
	if err != nil || n > 0 {
		return
	}
	fmt.Fprintf(w, "No worker polls the queue %s of the workflow %s: %s waits for one (start one with %s worker -queue %s ...; Ctrl-C stops waiting).\n", queue, id, what, program(), queue)
}

// refusal returns the reason of a refused answer: the update's failure
// message without the SDK's decoration.
func refusal(err error) string {
	var app *sdktemporal.ApplicationError
	if errors.As(err, &app) && app.Message() != "" {
		return app.Message()
	}
	return err.Error()
}
