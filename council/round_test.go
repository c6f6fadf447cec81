package council_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
)

// TestRunKeepsUsageAndModelOfFailedCall checks that a call that fails
// after spending tokens keeps what it spent and on which model, for the
// ledger, in its Result, its Skipped event and the Round's usage, and
// that a report returned with the error is not kept.
func TestRunKeepsUsageAndModelOfFailedCall(t *testing.T) {
	spent := agent.Usage{InputTokens: 1200, OutputTokens: 300, CacheReadTokens: 50, Calls: 2}
	bad := agent.ReviewerFunc{ReviewerName: "bad", Fn: func(context.Context, agent.Target) (agent.Review, error) {
		return agent.Review{Report: report("bad", 4), Usage: spent, Model: "claude-haiku-4-5"},
			errors.New("schema violation after one repair")
	}}
	var mu sync.Mutex
	var skipped []council.Event
	c := council.Council{
		Members: council.Members(fixed("ok", 0, 1), bad),
		Observer: func(e council.Event) {
			mu.Lock()
			defer mu.Unlock()
			if e.Kind == council.Skipped {
				skipped = append(skipped, e)
			}
		},
	}
	round, err := c.Run(t.Context(), agent.Target{})
	if err != nil {
		t.Fatal(err)
	}
	res := round.Results[1]
	if !res.Skipped() || res.Review.Usage != spent || res.Review.Model != "claude-haiku-4-5" {
		t.Errorf("failed call's Result = %+v, want skipped with usage %+v and model claude-haiku-4-5", res, spent)
	}
	if n := len(res.Review.Report.Findings); n != 0 || res.Review.Report.Reviewer != "" {
		t.Errorf("failed call kept a report with %d findings; only Usage and Model are meaningful", n)
	}
	if want := spent.Add(agent.Usage{InputTokens: 10, OutputTokens: 5, Calls: 1}); round.Usage != want {
		t.Errorf("round usage = %+v, want %+v", round.Usage, want)
	}
	if len(skipped) != 1 || skipped[0].Usage != spent || skipped[0].Review.Model != "claude-haiku-4-5" || skipped[0].Review.Usage != spent {
		t.Errorf("skipped events = %+v, want one with the usage and model", skipped)
	}
	if rows := council.Aggregate(nil, round, council.Options{}); len(rows.Rows) != 1 || rows.Usage["bad"] != spent {
		t.Errorf("table of the round: %d rows, usage of bad %+v; want only ok's and %+v", len(rows.Rows), rows.Usage["bad"], spent)
	}
}

// TestRunOrderIsPlanOrder checks that Results and Reviews() follow the
// council's member order, then shot order, when the calls finish in the
// reverse of the order they started: every call waits until all have
// started, and then until the call that started after it has returned.
func TestRunOrderIsPlanOrder(t *testing.T) {
	defer noLeak(t)()
	const n = 5 // a, b x3, c
	var mu sync.Mutex
	var started, finished []string
	var done [n]chan struct{}
	for i := range done {
		done[i] = make(chan struct{})
	}
	all := make(chan struct{})
	rev := func(name string) agent.Reviewer {
		return agent.ReviewerFunc{ReviewerName: name, Fn: func(ctx context.Context, _ agent.Target) (agent.Review, error) {
			mu.Lock()
			k := len(started)
			started = append(started, name)
			if len(started) == n {
				close(all)
			}
			mu.Unlock()
			<-all
			if k+1 < n {
				<-done[k+1]
			}
			mu.Lock()
			finished = append(finished, name)
			mu.Unlock()
			defer close(done[k])
			return agent.Review{Report: finding.Report{Reviewer: name, SchemaVersion: finding.SchemaVersion,
				Summary: fmt.Sprint("start ", k), Findings: []finding.Finding{}}}, nil
		}}
	}
	c := council.Council{Members: []council.Member{{Reviewer: rev("a")}, {Reviewer: rev("b"), Shots: 3}, {Reviewer: rev("c")}}}
	round, err := c.Run(t.Context(), agent.Target{})
	if err != nil {
		t.Fatal(err)
	}
	reversed := slices.Clone(started)
	slices.Reverse(reversed)
	if !slices.Equal(finished, reversed) {
		t.Fatalf("calls finished %v after starting %v; the test wants the reverse", finished, started)
	}
	for _, got := range [][]council.Result{round.Results, round.Reviews()} {
		if g, w := names(got), "a#1 b#1 b#2 b#3 c#1"; g != w {
			t.Errorf("results = %s, want %s", g, w)
		}
		for _, r := range got {
			if r.Review.Report.Reviewer != r.Reviewer {
				t.Errorf("%s#%d holds %s's report", r.Reviewer, r.Shot, r.Review.Report.Reviewer)
			}
		}
	}
}
