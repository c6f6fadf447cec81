package temporal_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.temporal.io/sdk/client"
	tlog "go.temporal.io/sdk/log"
	"go.temporal.io/sdk/testsuite"

	"github.com/kaigi-dev/kaigi/loop/editorial"
	"github.com/kaigi-dev/kaigi/loop/journal"
	"github.com/kaigi-dev/kaigi/loop/temporal"
)

// onWorkflow runs in on a test workflow environment as run id in the
// WorkDir work, its Files docs put in a fresh FileStore and in.Driver
// being d; prepare, when not nil, is given the environment and the store
// before the run (to answer the gate). It fails the test unless the
// workflow completes, and returns its Result and the workspace's files.
func onWorkflow(t *testing.T, d temporal.Driver, work, id string, in temporal.Input, docs map[string][]byte, prepare func(*testsuite.TestWorkflowEnvironment, temporal.Store)) (temporal.Result, map[string][]byte) {
	t.Helper()
	store := temporal.FileStore{Dir: t.TempDir()}
	files, err := temporal.PutFiles(context.Background(), store, docs)
	if err != nil {
		t.Fatal(err)
	}
	in.Files = files
	env := newEnv(t, &temporal.Activities{Store: store, Drivers: map[string]temporal.Driver{in.Driver: d}, WorkDir: work})
	env.SetStartWorkflowOptions(client.StartWorkflowOptions{ID: id})
	if prepare != nil {
		prepare(env, store)
	}
	env.ExecuteWorkflow(temporal.WorkflowName, in)
	if !env.IsWorkflowCompleted() {
		t.Fatal("the workflow did not complete")
	}
	if err := env.GetWorkflowError(); err != nil {
		t.Fatal(err)
	}
	var res temporal.Result
	if err := env.GetWorkflowResult(&res); err != nil {
		t.Fatal(err)
	}
	got, err := temporal.GetFiles(context.Background(), store, res.Files)
	if err != nil {
		t.Fatal(err)
	}
	return res, got
}

// newEnv returns a test workflow environment with the workflow and a's
// activities registered, the SDK's log going to the test's at warnings.
func newEnv(t *testing.T, a *temporal.Activities) *testsuite.TestWorkflowEnvironment {
	var s testsuite.WorkflowTestSuite
	s.SetLogger(tlog.NewStructuredLogger(slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelWarn}))))
	env := s.NewTestWorkflowEnvironment()
	temporal.Register(env, a)
	return env
}

// testWriter writes to a test's log.
type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Helper()
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// sameTree fails unless two workspaces hold the same files with the same
// contents but for their times (journals compared by sameJournal).
func sameTree(t *testing.T, got, want map[string][]byte, random ...*regexp.Regexp) {
	t.Helper()
	if !slices.Equal(slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want))) {
		t.Fatalf("files %v, in a process %v", slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want)))
	}
	for p, w := range want {
		if strings.HasSuffix(p, "journal.jsonl") {
			sameJournal(t, p, got[p], w, random...)
			continue
		}
		if stamp.ReplaceAllString(string(got[p]), "TIME") != stamp.ReplaceAllString(string(w), "TIME") {
			t.Errorf("%s differs:\n--- on Temporal\n%s\n--- in a process\n%s", p, got[p], w)
		}
	}
}

// stamp matches a time as runs record it (RFC 3339, UTC or with an
// offset): two runs of the same work differ in their times only.
var stamp = regexp.MustCompile(`\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:?\d\d)?`)

// sameJournal fails unless two journals hold the same records (kind, key,
// payload), whatever their times (record stamps and times in payloads)
// and the order of concurrent steps; the payloads of keys matching random
// (random draws, journaled) are not compared.
func sameJournal(t *testing.T, name string, got, want []byte, random ...*regexp.Regexp) {
	t.Helper()
	lines := func(data []byte) []string {
		recs, _, err := journal.Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var out []string
		for _, r := range recs {
			data := stamp.ReplaceAllString(string(r.Data), "TIME")
			for _, re := range random {
				if re.MatchString(r.Key) {
					data = "RANDOM"
				}
			}
			out = append(out, r.Kind+" "+r.Key+" "+data)
		}
		slices.Sort(out)
		return out
	}
	g, w := lines(got), lines(want)
	if !slices.Equal(g, w) {
		t.Errorf("%s: the records differ:\n--- on Temporal\n%s\n--- in a process\n%s", name, strings.Join(g, "\n"), strings.Join(w, "\n"))
	}
}

func mustJSON(t *testing.T, v any) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// inProcess runs d to its end in WorkDir/run, as a process would, and
// returns the workspace; the folder is removed after.
func inProcess(t *testing.T, d temporal.Driver, work, run string, args json.RawMessage, docs map[string][]byte) (temporal.Stop, map[string][]byte) {
	t.Helper()
	dir := filepath.Join(work, run)
	for p, data := range docs {
		os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755)
		if err := os.WriteFile(filepath.Join(dir, p), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	stop, err := d.Run(context.Background(), dir, args, false)
	if err != nil {
		t.Fatal(err)
	}
	tree := readTree(t, dir)
	os.RemoveAll(dir)
	return stop, tree
}

// TestEditorialSameAsInProcess: the Editorial Swarm as a workflow, with
// scripted reviewers, leaves the same document and artifacts as the same
// run in a process.
func TestEditorialSameAsInProcess(t *testing.T) {
	work := t.TempDir()
	args := mustJSON(t, editorial.Args{Documents: []string{"article.md"}, Gate: "auto"})
	docs := map[string][]byte{"article.md": []byte(article)}
	var local calls
	stop, want := inProcess(t, editorial.NewDriver(swarm(&local)), work, "run-1", args, docs)

	var onTemporal calls
	res, got := onWorkflow(t, editorial.NewDriver(swarm(&onTemporal)), work, "run-1", temporal.Input{Driver: "editorial", Args: args, Limit: 2}, docs, nil)
	if res.Reason != stop.Reason {
		t.Errorf("stopped %q, in a process %q", res.Reason, stop.Reason)
	}
	sameTree(t, got, want)
	if tw := onTemporal.twice(); len(tw) > 0 {
		t.Errorf("calls made twice: %v", tw)
	}
	if local.total.Load() != onTemporal.total.Load() {
		t.Errorf("%d reviewer calls on Temporal, %d in a process", onTemporal.total.Load(), local.total.Load())
	}
	t.Logf("%s after %d advances and %d calls", res.Reason, res.Advances, res.Calls)
}
