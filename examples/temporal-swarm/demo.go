package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"github.com/kaigi-dev/kaigi/examples/internal/cli"
	"io"
	"os"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/providers/offline"
)

// demoReader is the demo's reader profile, examples/editorial-swarm's.
const demoReader = "Web エンジニア一般 (general web engineers)"

// cmdDemo runs the bundled sample through the Editorial Swarm on Temporal,
// offline, with a worker in this process on a task queue of its own.
func cmdDemo(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) (int, error) {
	var c common
	var sample, dir string
	fs := newFlags("demo", "-temporal HOST:PORT [-sample sample-ja.md] [-dir DIR]", stderr, &c)
	fs.StringVar(&sample, "sample", "sample-ja.md", "the bundled article: sample-ja.md or sample-en.md")
	fs.StringVar(&dir, "dir", "", "the `folder` for the sample, the store, the workspaces and the result (default: a new temporary folder)")
	rest, err := cli.ParseAnywhere(fs, args)
	if err != nil {
		return exitError, err
	}
	if len(rest) > 0 {
		return exitError, fmt.Errorf("unexpected arguments %q", rest)
	}
	data, err := offline.Sample(sample)
	if err != nil {
		return exitError, fmt.Errorf("-sample: %w (bundled: sample-ja.md, sample-en.md)", err)
	}
	if dir == "" {
		if dir, err = os.MkdirTemp("", "kaigi-temporal-demo-"); err != nil {
			return exitError, err
		}
	}
	file := filepath.Join(dir, sample)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return exitError, err
	}
	if err := os.WriteFile(file, data, 0o644); err != nil {
		return exitError, err
	}
	store, work := filepath.Join(dir, "store"), filepath.Join(dir, "work")
	acts, desc, cl, err := c.connect(ctx, stderr, store, work, nil)
	if err != nil {
		return exitError, err
	}
	defer cl.Close()
	suffix := make([]byte, 4)
	if _, err := rand.Read(suffix); err != nil {
		return exitError, err
	}
	queue := "kaigi-demo-" + hex.EncodeToString(suffix) // no other worker takes its tasks
	w, err := startWorker(cl, queue, acts)
	if err != nil {
		return exitError, err
	}
	defer w.Stop()
	fmt.Fprintf(stderr, "Demo: the Editorial Swarm (%s) on a copy of the bundled %s in %s, with a worker in this process on %s\n", desc, sample, dir, c.temporal)
	o := runOptions{common: c, queue: queue, store: store, loop: editorialLoop, gate: "auto", auto: "low", reader: demoReader,
		out: filepath.Join(dir, sample+".temporal-out")}
	code, err := o.start(ctx, cl, file, stdin, stdout, stderr)
	if err != nil {
		return code, err
	}
	summary, err := os.ReadFile(filepath.Join(o.out, ".editorial", "summary.md"))
	if err == nil {
		fmt.Fprintf(stdout, "\n%s", summary)
	}
	return exitConverged, nil
}
