package temporal_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"go.temporal.io/sdk/client"
	tlog "go.temporal.io/sdk/log"
	"go.temporal.io/sdk/worker"

	"github.com/kaigi-dev/kaigi/loop/editorial"
	"github.com/kaigi-dev/kaigi/loop/temporal"
	"github.com/kaigi-dev/kaigi/loop/temporal/devtest"
)

// envLoad runs TestLoad: the number of concurrent runs (.ci/run sets 200).
const envLoad = "KAIGI_TEMPORAL_LOAD"

// TestLoad: N concurrent runs of a scripted four-reviewer Editorial Swarm
// (16 calls each, every call 20 ms) on a real Temporal server with one
// worker complete, none lost, each with the document a process gives; the
// log reports throughput and p50/p99 end-to-end latency against the same
// runs in one process on the in-process kernel.
func TestLoad(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv(envLoad))
	if n <= 0 {
		t.Skip("set " + envLoad + "=N to run N concurrent runs on a Temporal server")
	}
	const delay = 20 * time.Millisecond
	args := mustJSON(t, editorial.Args{Documents: []string{"article.md"}, Gate: "auto"})
	docs := map[string][]byte{"article.md": []byte(chainArticle)}
	d := editorial.NewDriver(chainSwarm(delay, ""))

	// In one process: the same runs, concurrently, each in its folder.
	local := t.TempDir()
	inProc := measure(n, func(i int) ([]byte, error) {
		dir := filepath.Join(local, fmt.Sprint("run-", i))
		os.MkdirAll(dir, 0o755)
		if err := os.WriteFile(filepath.Join(dir, "article.md"), docs["article.md"], 0o644); err != nil {
			return nil, err
		}
		if _, err := d.Run(context.Background(), dir, args, false); err != nil {
			return nil, err
		}
		return os.ReadFile(filepath.Join(dir, "article.md"))
	})
	if inProc.err != nil {
		t.Fatal(inProc.err)
	}
	want := inProc.docs[0]

	addr := devtest.Start(t)
	c, err := client.Dial(client.Options{HostPort: addr, Logger: tlog.NewStructuredLogger(discard())})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	store := temporal.FileStore{Dir: t.TempDir()}
	w := worker.New(c, "load", worker.Options{})
	temporal.Register(w, &temporal.Activities{Store: store, Drivers: map[string]temporal.Driver{"editorial": d}, WorkDir: t.TempDir()})
	if err := w.Start(); err != nil {
		t.Fatal(err)
	}
	defer w.Stop()
	files, err := temporal.PutFiles(context.Background(), store, docs)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	onTemporal := measure(n, func(i int) ([]byte, error) {
		run, err := c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: fmt.Sprint("load-", i), TaskQueue: "load"}, temporal.WorkflowName,
			temporal.Input{Driver: "editorial", Args: args, Files: files})
		if err != nil {
			return nil, err
		}
		var res temporal.Result
		if err := run.Get(ctx, &res); err != nil {
			return nil, err
		}
		return store.Get(ctx, res.Files["article.md"])
	})
	if onTemporal.err != nil {
		t.Fatal(onTemporal.err)
	}
	lost := 0
	for i, doc := range onTemporal.docs {
		if string(doc) != string(want) || string(inProc.docs[i]) != string(want) {
			lost++
		}
	}
	if lost > 0 {
		t.Errorf("%d of %d runs did not end with the document a process gives", lost, n)
	}
	t.Logf("%d concurrent runs, 16 calls of %v each", n, delay)
	t.Logf("in one process:    %s", inProc)
	t.Logf("on Temporal:       %s", onTemporal)
}

// loadResult is what measure saw.
type loadResult struct {
	wall time.Duration
	lat  []time.Duration // sorted
	docs [][]byte
	err  error
}

func (r loadResult) String() string {
	q := func(p float64) time.Duration { return r.lat[min(len(r.lat)-1, int(p*float64(len(r.lat))))] }
	return fmt.Sprintf("%.1f runs/s (%v in all), latency p50 %v p99 %v", float64(len(r.lat))/r.wall.Seconds(), r.wall.Round(time.Millisecond), q(0.50).Round(time.Millisecond), q(0.99).Round(time.Millisecond))
}

// measure runs run(0..n-1) concurrently and times each.
func measure(n int, run func(i int) ([]byte, error)) loadResult {
	r := loadResult{lat: make([]time.Duration, n), docs: make([][]byte, n)}
	var mu sync.Mutex
	var wg sync.WaitGroup
	start := time.Now()
	for i := range n {
		wg.Go(func() {
			t0 := time.Now()
			doc, err := run(i)
			r.lat[i], r.docs[i] = time.Since(t0), doc
			if err != nil {
				mu.Lock()
				r.err = fmt.Errorf("run %d: %w", i, err)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	r.wall = time.Since(start)
	slices.Sort(r.lat)
	return r
}
