package temporal_test

import (
	"bufio"
	"context"
	"encoding/json"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	commonpb "go.temporal.io/api/common/v1"
	enumspb "go.temporal.io/api/enums/v1"
	historypb "go.temporal.io/api/history/v1"
	"go.temporal.io/api/temporalproto"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/converter"
	tlog "go.temporal.io/sdk/log"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"github.com/kaigi-dev/kaigi/loop/editorial"
	"github.com/kaigi-dev/kaigi/loop/journal"
	"github.com/kaigi-dev/kaigi/loop/temporal"
)

// TestWorkerKilledMidRound: on a real Temporal server, the worker running
// a four-reviewer Editorial Swarm is killed with SIGKILL mid-round; a new
// worker finishes the run with the same document, artifacts and journal
// records as a process, no call whose result the workflow recorded is made
// again, and the recorded history replays deterministically.
func TestWorkerKilledMidRound(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a Temporal server and worker processes")
	}
	const delay = 500 * time.Millisecond
	work, store, log := t.TempDir(), t.TempDir(), filepath.Join(t.TempDir(), "calls.log")
	args := mustJSON(t, editorial.Args{Documents: []string{"article.md"}, Gate: "auto"})
	docs := map[string][]byte{"article.md": []byte(chainArticle)}
	stop, want := inProcess(t, editorial.NewDriver(chainSwarm(0, "")), work, "kill-1", args, docs)

	k := killRun{id: "kill-1", driver: "editorial", in: temporal.Input{Args: args}, docs: docs, word: "start", calls: 5, at: "done", delay: delay}.run(t, store, work, log)
	c, ctx, res, got, killedAt := k.c, k.ctx, k.res, k.got, k.killedAt
	if res.Reason != stop.Reason {
		t.Errorf("stopped %q, in a process %q", res.Reason, stop.Reason)
	}
	sameTree(t, got, want)

	// No recorded call made again: each review step's reviewer was called
	// on that round's text at most as often as its activity was attempted.
	history := historyOf(ctx, t, c, "kill-1")
	attempts := callAttempts(t, history)
	made := map[string]int{}
	for _, l := range readLines(t, log) {
		if call, ok := strings.CutPrefix(l, "start "); ok {
			made[call]++
		}
	}
	texts := readHashes(t, got[".editorial/journal.jsonl"])
	retried := 0
	for key, n := range attempts {
		round, who, ok := reviewKey(key)
		if !ok {
			t.Fatalf("call %s is no review step", key)
		}
		call := who + " " + texts[round]
		if made[call] > n {
			t.Errorf("%s was called %d times, its activity attempted %d times", key, made[call], n)
		}
		if n > 1 {
			retried++
		}
	}
	if retried == 0 || retried > 4 {
		t.Errorf("%d calls retried; those in flight at the kill (1 to 4) should be", retried)
	}
	t.Logf("killed after %d calls answered; %d calls recorded, %d retried; %s after %d advances", killedAt, len(attempts), retried, res.Reason, res.Advances)

	// The history, a worker's death in it, replays deterministically.
	replayer := worker.NewWorkflowReplayer()
	replayer.RegisterWorkflowWithOptions(temporal.Workflow, workflowOptions())
	if err := replayer.ReplayWorkflowHistory(tlog.NewStructuredLogger(discard()), history); err != nil {
		t.Fatalf("the recorded history does not replay: %v", err)
	}
	if os.Getenv("KAIGI_TEMPORAL_RECORD") != "" { // refresh testdata/history.json
		data, err := historyJSON(history)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile("testdata/history.json", data, 0o644)
	}
}

// historyOf returns a workflow's whole history.
func historyOf(ctx context.Context, t *testing.T, c client.Client, id string) *historypb.History {
	t.Helper()
	it := c.GetWorkflowHistory(ctx, id, "", false, enumspb.HISTORY_EVENT_FILTER_TYPE_ALL_EVENT)
	h := &historypb.History{}
	for it.HasNext() {
		e, err := it.Next()
		if err != nil {
			t.Fatal(err)
		}
		h.Events = append(h.Events, e)
	}
	return h
}

// callAttempts returns, for each call activity that completed, its key
// and the attempt that completed it.
func callAttempts(t *testing.T, h *historypb.History) map[string]int {
	t.Helper()
	scheduled := map[int64]*commonpb.Payloads{}
	started := map[int64]int32{}
	out := map[string]int{}
	for _, e := range h.Events {
		switch {
		case e.GetActivityTaskScheduledEventAttributes() != nil:
			a := e.GetActivityTaskScheduledEventAttributes()
			if a.GetActivityType().GetName() == "kaigi.Call" {
				scheduled[e.GetEventId()] = a.GetInput()
			}
		case e.GetActivityTaskStartedEventAttributes() != nil:
			started[e.GetEventId()] = e.GetActivityTaskStartedEventAttributes().GetAttempt()
		case e.GetActivityTaskCompletedEventAttributes() != nil:
			a := e.GetActivityTaskCompletedEventAttributes()
			in, ok := scheduled[a.GetScheduledEventId()]
			if !ok {
				continue
			}
			var ci temporal.CallInput
			if err := converter.GetDefaultDataConverter().FromPayloads(in, &ci); err != nil {
				t.Fatal(err)
			}
			out[ci.Key] = int(started[a.GetStartedEventId()])
		}
	}
	return out
}

// reviewKey splits a review step's key "rN/review/NAME#S".
func reviewKey(key string) (round, name string, ok bool) {
	round, rest, ok1 := strings.Cut(key, "/review/")
	name, _, ok2 := strings.Cut(rest, "#")
	return round, name, ok1 && ok2
}

// readHashes returns each round's text hash from an editorial journal's
// read steps.
func readHashes(t *testing.T, data []byte) map[string]string {
	t.Helper()
	recs, _, err := journal.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, r := range recs {
		if round, ok := strings.CutSuffix(r.Key, "/read"); ok && r.Kind == journal.KindStep {
			var w struct{ Hash string }
			json.Unmarshal(r.Data, &w)
			out[round] = w.Hash
		}
	}
	return out
}

func readLines(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	s := bufio.NewScanner(f)
	for s.Scan() {
		out = append(out, s.Text())
	}
	return out
}

// count returns how many lines of the file at path begin with word.
func count(t *testing.T, path, word string) int {
	n := 0
	for _, l := range readLines(t, path) {
		if strings.HasPrefix(l, word+" ") {
			n++
		}
	}
	return n
}

// historyJSON encodes a history as the Temporal CLI and UI export it.
func historyJSON(h *historypb.History) ([]byte, error) {
	return temporalproto.CustomJSONMarshalOptions{Indent: "  "}.Marshal(h)
}

// workflowOptions registers the workflow under its name.
func workflowOptions() workflow.RegisterOptions {
	return workflow.RegisterOptions{Name: temporal.WorkflowName}
}

// discard is a logger that drops everything.
func discard() *slog.Logger { return slog.New(slog.DiscardHandler) }

// TestReplayRecordedHistory: a history recorded on a real server (a run
// whose worker was killed mid-round; refreshed by running
// TestWorkerKilledMidRound with KAIGI_TEMPORAL_RECORD=1) replays on
// today's workflow code: the workflow is deterministic, and a change that
// would break running workflows fails here.
func TestReplayRecordedHistory(t *testing.T) {
	f, err := os.Open("testdata/history.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	h, err := client.HistoryFromJSON(f, client.HistoryJSONOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(h.Events) < 20 {
		t.Fatalf("the recorded history has %d events: not a whole run", len(h.Events))
	}
	replayer := worker.NewWorkflowReplayer()
	replayer.RegisterWorkflowWithOptions(temporal.Workflow, workflowOptions())
	if err := replayer.ReplayWorkflowHistory(tlog.NewStructuredLogger(discard()), h); err != nil {
		t.Fatal(err)
	}
}
