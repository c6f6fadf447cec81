package temporal_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"testing"
	"time"

	sdktemporal "go.temporal.io/sdk/temporal"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"github.com/kaigi-dev/kaigi/loop/goldfish"
	"github.com/kaigi-dev/kaigi/loop/multishot"
	"github.com/kaigi-dev/kaigi/loop/temporal"
)

// TestFailedCallIsASkip: a reviewer that always fails is retried by the
// call's retry policy, then skipped for the round as in a process, with
// the same message in the artifacts.
func TestFailedCallIsASkip(t *testing.T) {
	work := t.TempDir()
	var tries calls
	configure := func(editorial.Args) (*editorial.Loop, error) {
		return &editorial.Loop{Council: council.Council{Members: council.Members(
			phraseReviewer("first", nil, rule{phrase: "alpha", fix: "beta", severity: finding.Low, conf: 90}),
			failing("down", &tries),
		)}}, nil
	}
	d := editorial.NewDriver(configure)
	args := mustJSON(t, editorial.Args{Documents: []string{"article.md"}, Gate: "auto"})
	docs := map[string][]byte{"article.md": []byte(article)}
	stop, want := inProcess(t, d, work, "failing", args, docs)
	inProcessTries := tries.total.Load()

	res, got := onWorkflow(t, d, work, "failing", temporal.Input{Driver: "editorial", Args: args,
		CallRetry: &sdktemporal.RetryPolicy{InitialInterval: time.Millisecond, MaximumAttempts: 3}}, docs, nil)
	if res.Reason != stop.Reason {
		t.Errorf("stopped %q, in a process %q", res.Reason, stop.Reason)
	}
	sameTree(t, got, want)
	if n := tries.total.Load() - inProcessTries; n != 3*inProcessTries {
		t.Errorf("the failing reviewer was tried %d times on Temporal, want 3 attempts for each of its %d calls", n, inProcessTries)
	}
}

// TestFailedCallKeepsItsClass: a call that failed for good keeps the
// class of its error (an answer cut at the token limit, an answer that
// broke the schema), so the skip says what a process would.
func TestFailedCallKeepsItsClass(t *testing.T) {
	work := t.TempDir()
	configure := func(editorial.Args) (*editorial.Loop, error) {
		return &editorial.Loop{Council: council.Council{Members: council.Members(
			phraseReviewer("first", nil, rule{phrase: "alpha", fix: "beta", severity: finding.Low, conf: 90}),
			agent.ReviewerFunc{ReviewerName: "cut", Fn: func(context.Context, agent.Target) (agent.Review, error) {
				return agent.Review{}, fmt.Errorf("cut: %w", agent.ErrTruncated)
			}},
			agent.ReviewerFunc{ReviewerName: "broken", Fn: func(context.Context, agent.Target) (agent.Review, error) {
				return agent.Review{}, fmt.Errorf("broken: %w", &finding.ValidationError{Violations: []finding.Violation{{Pointer: "/findings/0/severity", Message: "must be one of low, medium, high"}}})
			}},
		)}}, nil
	}
	d := editorial.NewDriver(configure)
	args := mustJSON(t, editorial.Args{Documents: []string{"article.md"}, Gate: "auto"})
	docs := map[string][]byte{"article.md": []byte(article)}
	stop, want := inProcess(t, d, work, "classes", args, docs)
	res, got := onWorkflow(t, d, work, "classes", temporal.Input{Driver: "editorial", Args: args,
		CallRetry: &sdktemporal.RetryPolicy{InitialInterval: time.Millisecond, MaximumAttempts: 2}}, docs, nil)
	if res.Reason != stop.Reason {
		t.Errorf("stopped %q, in a process %q", res.Reason, stop.Reason)
	}
	sameTree(t, got, want)
}

// TestFailedCallUsageCounted: what a call spent before it failed (the
// tokens of an answer then refused) counts in the run's usage on Temporal
// as in a process, for the drivers whose failed calls are skips: the
// Editorial Swarm's and Goldfish's reviewers (a failed activity, its last
// attempt's usage as the process's one call) and the multi-shot review's
// shots (a failure it journals).
func TestFailedCallUsageCounted(t *testing.T) {
	spent := agent.Usage{InputTokens: 120, OutputTokens: 30, Calls: 1}
	refused := agent.ReviewerFunc{ReviewerName: "refused", Fn: func(context.Context, agent.Target) (agent.Review, error) {
		return agent.Review{Usage: spent}, fmt.Errorf("refused: %w", &finding.ValidationError{Violations: []finding.Violation{{Pointer: "/findings", Message: "required"}}})
	}}
	spec, err := os.ReadFile("../goldfish/testdata/spec.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		driver string
		d      temporal.Driver
		args   json.RawMessage
		docs   map[string][]byte
	}{
		{driver: "editorial", d: editorial.NewDriver(func(editorial.Args) (*editorial.Loop, error) {
			return &editorial.Loop{Council: council.Council{Members: council.Members(
				phraseReviewer("first", nil, rule{phrase: "alpha", fix: "beta", severity: finding.Low, conf: 90}), refused)}}, nil
		}), args: mustJSON(t, editorial.Args{Documents: []string{"article.md"}, Gate: "auto"}), docs: map[string][]byte{"article.md": []byte(article)}},
		{driver: "goldfish", d: goldfish.NewDriver(func(args goldfish.Args) (*goldfish.Loop, error) {
			l, err := offlineGoldfish(args)
			if err == nil { // the style seat's model refuses
				l.Reviewers[len(l.Reviewers)-1].Reviewer = refused
			}
			return l, err
		}), args: mustJSON(t, goldfish.Args{Document: "spec.md", Gate: "auto"}), docs: map[string][]byte{"spec.md": spec}},
		{driver: "multishot", d: multishot.NewDriver(func(multishot.Args) (*multishot.Loop, error) {
			return &multishot.Loop{MaxPasses: 1, Reviewer: multishot.ReviewerFunc(func(context.Context, multishot.ShotInput) (multishot.Result, agent.Usage, error) {
				return multishot.Result{}, spent, errors.New("refused: no JSON in the answer")
			})}, nil
		}), args: multishotArgs, docs: gitTree(t)},
	} {
		t.Run(tc.driver, func(t *testing.T) {
			work := t.TempDir()
			stop, want := inProcess(t, tc.d, work, "spent", tc.args, tc.docs)
			if stop.Usage.InputTokens < spent.InputTokens {
				t.Fatalf("in a process the failed call's usage is not counted: %+v", stop.Usage)
			}
			res, got := onWorkflow(t, tc.d, work, "spent", temporal.Input{Driver: tc.driver, Args: tc.args,
				CallRetry: &sdktemporal.RetryPolicy{InitialInterval: time.Millisecond, MaximumAttempts: 2}}, tc.docs, nil)
			if res.Usage != stop.Usage {
				t.Errorf("usage on Temporal %+v, in a process %+v", res.Usage, stop.Usage)
			}
			if tc.driver == "multishot" {
				sameSession(t, got, want)
			} else {
				sameTree(t, got, want)
			}
		})
	}
}
