package main

import (
	"context"
	"errors"
	"fmt"
	"github.com/kaigi-dev/kaigi/examples/internal/cli"
	"io"
	"os"
	"path/filepath"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"

	"github.com/kaigi-dev/kaigi/loop/temporal"
	"github.com/kaigi-dev/kaigi/providers/config"
)

// cmdWorker runs a worker of the loop workflow until ctx is done (SIGINT,
// SIGTERM).
func cmdWorker(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) (int, error) {
	var c common
	var queue, store, work string
	fs := newFlags("worker", "-temporal HOST:PORT [-queue kaigi] -store DIR -work DIR [provider flags]", stderr, &c)
	fs.StringVar(&queue, "queue", defaultQueue, "the task `queue` to poll")
	fs.StringVar(&store, "store", "", "the store `folder` the clients and workers share (required)")
	fs.StringVar(&work, "work", "", "the `folder` in which runs' workspaces are laid out, the same path on every worker (required)")
	providers := config.Register(fs)
	rest, err := cli.ParseAnywhere(fs, args)
	if err != nil {
		return exitError, err
	}
	switch {
	case len(rest) > 0:
		return exitError, fmt.Errorf("unexpected arguments %q", rest)
	case store == "" || work == "":
		return exitError, errors.New("-store and -work are required")
	}
	// Offline unless a provider is named: a key that happens to be set
	// does not make the worker spend money.
	if err := providers.ResolveDemo(fs, os.Getenv, true); err != nil {
		return exitError, fmt.Errorf("provider: %w", err)
	}
	acts, desc, cl, err := c.connect(ctx, stderr, store, work, providers)
	if err != nil {
		return exitError, err
	}
	defer cl.Close()
	w, err := startWorker(cl, queue, acts)
	if err != nil {
		return exitError, err
	}
	fmt.Fprintf(stdout, "Worker on %s, queue %s: loops editorial (%s) and goldfish (offline reviewers); stop it with Ctrl-C\n", c.temporal, queue, desc)
	<-ctx.Done()
	w.Stop()
	fmt.Fprintln(stdout, "Worker stopped.")
	return exitConverged, nil
}

// connect returns the activities of a worker over the store and work
// folders (logging to stderr with -v), a description of its Editorial
// Swarm's reviewers, and a client of the server; close the client when
// done.
func (c common) connect(ctx context.Context, stderr io.Writer, store, work string, cfg *config.Config) (*temporal.Activities, string, client.Client, error) {
	acts, desc, err := newActivities(store, work, cfg)
	if err != nil {
		return nil, "", nil, err
	}
	if c.verbose {
		acts.Logger = c.logger(stderr)
	}
	cl, err := c.dial(ctx, stderr)
	return acts, desc, cl, err
}

// newActivities returns the activities of a worker over the store and work
// folders, with the drivers on cfg's providers (nil: offline).
func newActivities(store, work string, cfg *config.Config) (*temporal.Activities, string, error) {
	store, err := filepath.Abs(store)
	if err != nil {
		return nil, "", err
	}
	ds, desc, err := drivers(cfg, temporal.FileStore{Dir: store})
	if err != nil {
		return nil, "", err
	}
	if work, err = filepath.Abs(work); err != nil {
		return nil, "", err
	}
	return &temporal.Activities{Store: temporal.FileStore{Dir: store}, Drivers: ds, WorkDir: work}, desc, nil
}

// startWorker starts a worker of acts on queue; stop it with Stop.
func startWorker(cl client.Client, queue string, acts *temporal.Activities) (worker.Worker, error) {
	w := worker.New(cl, queue, worker.Options{})
	temporal.Register(w, acts)
	if err := w.Start(); err != nil {
		return nil, fmt.Errorf("starting the worker: %w", err)
	}
	return w, nil
}
