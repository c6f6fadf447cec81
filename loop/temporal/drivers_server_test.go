package temporal_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"go.temporal.io/sdk/client"
	tlog "go.temporal.io/sdk/log"

	"github.com/kaigi-dev/kaigi/loop/goldfish"
	"github.com/kaigi-dev/kaigi/loop/internal/sixthloop"
	"github.com/kaigi-dev/kaigi/loop/temporal"
	"github.com/kaigi-dev/kaigi/loop/temporal/devtest"
)

// TestFourDriversOnServer: on a real Temporal server, the Goldfish,
// discussion, write-episode, multi-shot and sixth (loop/internal/sixthloop) drivers (their packages'
// NewDriver, registered with no adapter) run side by side (the Editorial
// Swarm's kill is TestWorkerKilledMidRound); the worker
// running them is killed with SIGKILL once all have advanced, and a new
// worker ends each with the same files and stop as in a process.
func TestFourDriversOnServer(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a Temporal server and worker processes")
	}
	work, store := t.TempDir(), t.TempDir()
	post := map[string][]byte{"post.md": []byte("# Notes\r\n\r\nIn today's fast-paced world, it is worth noting that Go is fast.\r\n\r\n> They say 99.9% of builds pass.")}
	story := episodeDocs()
	spec, err := os.ReadFile("../goldfish/testdata/spec.md")
	if err != nil {
		t.Fatal(err)
	}
	runs := []struct {
		id, driver string
		in         temporal.Input
		docs       map[string][]byte
		d          temporal.Driver
		same       func(t *testing.T, got, want map[string][]byte) // what each run draws for itself aside
		want       temporal.Stop
		tree       map[string][]byte
	}{
		{id: "discussion-s", driver: "discussion", d: discussionDriver(), docs: post, same: func(t *testing.T, got, want map[string][]byte) {
			sameTree(t, got, want, regexp.MustCompile(`^r\d+/labels/`))
		}},
		{id: "writing-s", driver: "writing", d: writingDriver(), in: temporal.Input{Args: episodeArgs}, docs: story, same: func(t *testing.T, got, want map[string][]byte) {
			sameTree(t, got, want, regexp.MustCompile(`^s4/compare/`))
		}},
		{id: "goldfish-s", driver: "goldfish", d: goldfish.NewDriver(offlineGoldfish), in: temporal.Input{Args: json.RawMessage(`{"document":"spec.md","gate":"auto"}`)}, docs: map[string][]byte{"spec.md": spec},
			same: func(t *testing.T, got, want map[string][]byte) { sameTree(t, got, want) }},
		{id: "multishot-s", driver: "multishot", d: multishotDriver(), in: temporal.Input{Args: multishotArgs}, docs: gitTree(t), same: sameSession},
		{id: "sixth-s", driver: "sixth", d: sixthloop.Scripted(), in: temporal.Input{Args: json.RawMessage(`{"document":"design.md","section":{"heading":"Retry"},"gate":"auto"}`)},
			docs: map[string][]byte{"design.md": []byte("# Design\n\n## Retry\n\nWe retry a failed call three times, waiting a little longer each time.\n\n## Next\n\nThe end.\n")},
			same: func(t *testing.T, got, want map[string][]byte) {
				sameTree(t, got, want, regexp.MustCompile(`^r\d+/judge/`))
			}},
	}
	for i := range runs {
		r := &runs[i]
		r.want, r.tree = inProcess(t, r.d, work, r.id, r.in.Args, r.docs)
	}

	addr := devtest.Start(t)
	c, err := client.Dial(client.Options{HostPort: addr, Logger: tlog.NewStructuredLogger(discard())})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	log := filepath.Join(t.TempDir(), "calls.log")
	first := startWorker(t, addr, "drivers", store, work, log, 0)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	handles := make([]client.WorkflowRun, len(runs))
	for i, r := range runs {
		in := r.in
		in.Driver, in.HeartbeatTimeout = r.driver, 2*time.Second
		if in.Files, err = temporal.PutFiles(ctx, temporal.FileStore{Dir: store}, r.docs); err != nil {
			t.Fatal(err)
		}
		if handles[i], err = c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: r.id, TaskQueue: "drivers"}, temporal.WorkflowName, in); err != nil {
			t.Fatal(err)
		}
	}
	// Kill once both advanced at least once (or ended).
	running := 0 // the runs not done when the worker was killed
	for advanced := 0; advanced < len(runs); {
		if ctx.Err() != nil {
			t.Fatalf("no advance: %s", first.stderr.String())
		}
		advanced, running = 0, 0
		for _, r := range runs {
			var p temporal.Progress
			if v, err := c.QueryWorkflow(ctx, r.id, "", temporal.QueryName); err == nil && v.Get(&p) == nil && p.Advances > 0 {
				advanced++
				if p.State != temporal.Done {
					running++
				}
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	first.kill(t)
	t.Logf("killed the worker with %d of %d runs going", running, len(runs))
	startWorker(t, addr, "drivers", store, work, log, 0)

	for i, r := range runs {
		var res temporal.Result
		if err := handles[i].Get(ctx, &res); err != nil {
			t.Fatalf("%s: %v", r.driver, err)
		}
		got, err := temporal.GetFiles(ctx, temporal.FileStore{Dir: store}, res.Files)
		if err != nil {
			t.Fatal(err)
		}
		if res.Reason != r.want.Reason || res.Text != r.want.Text || res.Usage != r.want.Usage {
			t.Errorf("%s stopped %q (%q, %+v), in a process %q (%q, %+v)", r.driver, res.Reason, res.Text, res.Usage, r.want.Reason, r.want.Text, r.want.Usage)
		}
		if len(res.Artifacts) == 0 || len(res.Artifacts) != len(r.want.Artifacts) {
			t.Errorf("%s artifacts %q, in a process %q", r.driver, res.Artifacts, r.want.Artifacts)
		}
		for _, a := range res.Artifacts {
			if _, ok := got[a]; !ok {
				t.Errorf("%s: artifact %s is not in the workspace", r.driver, a)
			}
		}
		r.same(t, got, r.tree)
		t.Logf("%s: %s after %d advances and %d calls", r.driver, res.Reason, res.Advances, res.Calls)
	}
}
