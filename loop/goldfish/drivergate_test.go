package goldfish_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/goldfish"
)

// countingAsker answers every question with its default and counts them.
type countingAsker struct {
	mu sync.Mutex
	n  int
}

func (a *countingAsker) Ask(ctx context.Context, q loop.Question) (loop.Answer, error) {
	a.mu.Lock()
	a.n++
	a.mu.Unlock()
	return loop.AutoAsker{}.Ask(ctx, q)
}

// TestDriverKeepsConfiguredAsker: with loop.GateOwn, the asker configure sets
// (a terminal's) answers, so the run never waits;
// the Stop's Result is the run's Outcome, its Err nil for a converged run.
func TestDriverKeepsConfiguredAsker(t *testing.T) {
	asker := &countingAsker{}
	d := goldfish.NewDriver(func(args goldfish.Args) (*goldfish.Loop, error) {
		l, err := offlineLoopFor(args)
		if l != nil {
			l.Asker = asker
		}
		return l, err
	})
	args, _ := json.Marshal(goldfish.Args{Document: "spec.md", Gate: loop.GateOwn})
	stop, err := d.Run(context.Background(), specFolder(t), args, false)
	if err != nil || stop.Waiting() || asker.n == 0 {
		t.Fatalf("stop %+v, %v; the configured asker was asked %d time(s)", stop, err, asker.n)
	}
	var out goldfish.Outcome
	if err := json.Unmarshal(stop.Result, &out); err != nil || out.Outcome == nil || string(out.Reason) != stop.Reason || out.ReportFile == "" {
		t.Fatalf("result %s: %v", stop.Result, err)
	}
	if err := out.Err(); (err == nil) != (out.Reason == loop.Converged) {
		t.Errorf("Err of a run stopped for %s: %v", out.Reason, err)
	}
}
