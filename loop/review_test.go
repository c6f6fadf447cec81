package loop_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// counting returns a reviewer that counts its calls and answers with an
// empty report, or fails with fail when it is set.
func counting(name string, calls *atomic.Int32, fail error) agent.Reviewer {
	return agent.ReviewerFunc{ReviewerName: name, Fn: func(context.Context, agent.Target) (agent.Review, error) {
		calls.Add(1)
		if fail != nil {
			return agent.Review{Usage: agent.Usage{InputTokens: 5}}, fail
		}
		return agent.Review{Report: finding.Report{Reviewer: name, SchemaVersion: finding.SchemaVersion, Summary: "ok", Findings: []finding.Finding{}},
			Usage: agent.Usage{InputTokens: 10, Calls: 1}}, nil
	}}
}

// TestReviewRoundReplays: a resumed round calls only the reviewers whose
// answers are not journaled (a failed call is not journaled), keyed by
// round, name and shot.
func TestReviewRoundReplays(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j.jsonl")
	var a, b atomic.Int32
	boom := errors.New("503 unavailable")
	run := func(failB error) *council.Round {
		j, err := journal.Open(path, journal.Options{Driver: "test"})
		if err != nil {
			t.Fatal(err)
		}
		defer j.Close()
		c := council.Council{Members: []council.Member{{Reviewer: counting("a", &a, nil), Shots: 2}, {Reviewer: counting("b", &b, failB)}}}
		r, err := loop.ReviewRound(context.Background(), j, "r1/review", c, agent.Target{Text: []byte("text\n"), Round: 1})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	first := run(boom)
	if a.Load() != 2 || b.Load() != 1 || first.Results[2].Err == nil {
		t.Fatalf("first execution: a called %d, b %d, b's result %v", a.Load(), b.Load(), first.Results[2].Err)
	}
	second := run(nil)
	if a.Load() != 2 || b.Load() != 2 {
		t.Errorf("resumed round: a called %d times (want 2: both shots journaled), b %d (want 2: its failure was not)", a.Load(), b.Load())
	}
	for _, res := range second.Results {
		if res.Err != nil || res.Review.Usage.InputTokens != 10 {
			t.Errorf("resumed result %s#%d: %v, usage %+v", res.Reviewer, res.Shot, res.Err, res.Review.Usage)
		}
	}
	j, _ := journal.Open(path, journal.Options{Driver: "test"})
	defer j.Close()
	for _, k := range []string{"r1/review/a#1", "r1/review/a#2", "r1/review/b#1"} {
		if !j.Done(k) {
			t.Errorf("step %s is not journaled", k)
		}
	}
}

// TestReviewRoundStopsOnJournalFailure: an answer the journal cannot take
// is not the reviewer's fault: ReviewRound returns the journal's error
// (not a skipped reviewer), and the round's other calls are cancelled.
func TestReviewRoundStopsOnJournalFailure(t *testing.T) {
	j, err := journal.Open(filepath.Join(t.TempDir(), "j.jsonl"), journal.Options{Driver: "test"})
	if err != nil {
		t.Fatal(err)
	}
	closing := agent.ReviewerFunc{ReviewerName: "closer", Fn: func(context.Context, agent.Target) (agent.Review, error) {
		j.Close() // every later journal write fails, as after a full disk
		return agent.Review{Report: finding.Report{Reviewer: "closer", SchemaVersion: finding.SchemaVersion, Summary: "ok", Findings: []finding.Finding{}}}, nil
	}}
	var later atomic.Int32
	c := council.Council{Limit: 1, Members: []council.Member{{Reviewer: closing}, {Reviewer: counting("later", &later, nil)}}}
	_, err = loop.ReviewRound(context.Background(), j, "r1/review", c, agent.Target{Text: []byte("text\n"), Round: 1})
	if !errors.Is(err, journal.ErrClosed) {
		t.Fatalf("ReviewRound = %v, want the journal's error", err)
	}
	if later.Load() != 0 {
		t.Errorf("the next reviewer was called %d times after the journal failed", later.Load())
	}
}

// TestReviewRoundKeysByPlannedShot: a shot's Review is journaled under
// the shot the plan gives it, whatever order the shots finish in, so a
// resumed round hands each back to its own shot.
func TestReviewRoundKeysByPlannedShot(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j.jsonl")
	j, err := journal.Open(path, journal.Options{Driver: "test"})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	shotOf := shotTeller{sleep: true}
	// The first shot starts last (its Started event holds its goroutine).
	c := council.Council{Members: []council.Member{{Reviewer: shotOf, Shots: 3}}, Limit: 3, Observer: func(e council.Event) {
		if e.Kind == council.Started && e.Shot == 1 {
			time.Sleep(20 * time.Millisecond)
		}
	}}
	if _, err := loop.ReviewRound(context.Background(), j, "r1/review", c, agent.Target{Text: []byte("x\n"), Round: 1}); err != nil {
		t.Fatal(err)
	}
	for _, rec := range j.Records() {
		if rec.Kind != journal.KindStep {
			continue
		}
		var w struct {
			Report finding.Report `json:"report"`
		}
		if err := rec.Decode(&w); err != nil {
			t.Fatal(err)
		}
		if want := "shot " + rec.Key[strings.LastIndex(rec.Key, "#")+1:]; w.Report.Summary != want {
			t.Errorf("%s holds %q, want %q", rec.Key, w.Report.Summary, want)
		}
	}
}

// shotTeller answers with the shot it was told (council.ShotReviewer),
// the last shot first when sleep is set.
type shotTeller struct{ sleep bool }

func (shotTeller) Name() string { return "s" }

func (s shotTeller) Review(ctx context.Context, t agent.Target) (agent.Review, error) {
	return s.ReviewShot(ctx, t, 0)
}

func (s shotTeller) ReviewShot(_ context.Context, _ agent.Target, shot int) (agent.Review, error) {
	if s.sleep {
		time.Sleep(time.Duration(4-shot) * 3 * time.Millisecond)
	}
	return agent.Review{Report: finding.Report{Reviewer: "s", SchemaVersion: finding.SchemaVersion, Summary: fmt.Sprintf("shot %d", shot), Findings: []finding.Finding{}}}, nil
}
