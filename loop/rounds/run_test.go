package rounds_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
	"github.com/kaigi-dev/kaigi/loop/rounds"
	"github.com/kaigi-dev/kaigi/providers/scripted"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
)

// fixer proposes replacing old with new wherever old is in the text, and
// counts its calls.
func fixer(old, new string, calls *atomic.Int32) agent.Reviewer {
	return agent.ReviewerFunc{ReviewerName: "fixer", Fn: func(_ context.Context, t agent.Target) (agent.Review, error) {
		calls.Add(1)
		rep := finding.Report{Reviewer: "fixer", SchemaVersion: finding.SchemaVersion, Summary: "ok", Findings: []finding.Finding{}}
		for i, line := range strings.Split(string(t.Text), "\n") {
			if strings.Contains(line, old) {
				rep.Findings = append(rep.Findings, finding.Finding{ID: "F001", Category: "style", Issue: "word", Fix: new, Quotes: []string{old},
					Severity: finding.Low, Confidence: 90, LineRange: finding.LineRange{Start: i + 1, End: i + 1}})
			}
		}
		return agent.Review{Report: rep}, nil
	}}
}

type testSettings struct {
	Note string `json:"note"`
}

// miniDriver is a driver of a few lines on the kernel's Run: rounds of
// one reviewer, the policy and an automatic gate, until nothing changes.
func miniDriver(ctx context.Context, r *rounds.Run[testSettings], c council.Council) ([]*rounds.Round, loop.StopReason, error) {
	var done []*rounds.Round
	for n := 1; n <= 3; n++ {
		rd, err := r.Review(ctx, n, func(ctx context.Context, i int, text []byte) (loop.Findings, error) {
			cr, err := loop.ReviewRound(ctx, r.J, r.Key(n, i, "review"), c, agent.Target{Path: r.Docs[i].Name, Text: text, Round: n})
			if err != nil {
				return loop.Findings{}, err
			}
			f := loop.ItemsOf(text, cr, loop.Aggregation{Round: n, File: r.Docs[i].Name})
			if len(r.Docs) > 1 {
				f.InFile(r.Docs[i].Name)
			}
			return f, nil
		})
		if err != nil {
			return done, "", err
		}
		done = append(done, rd)
		if _, err := r.Decide(ctx, rd, rounds.Policy{}, nil); err != nil {
			return done, "", err
		}
		if err := r.RenderRound(rd, rounds.Policy{}); err != nil {
			return done, "", err
		}
		if s := rd.Summary(); !s.Changed {
			return done, loop.Converged, nil
		}
	}
	return done, loop.RoundCapReached, nil
}

// TestRunOverTwoDocuments: OpenRun, Review, Decide, Outcome, Finish and
// UndoRun carry a small driver over two documents: each finding applied in
// its own file, a resumed finished run refused, the text journaled once
// per document, and the undo renders from a replay that calls nothing.
func TestRunOverTwoDocuments(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	a, b := filepath.Join(root, "a.md"), filepath.Join(root, "docs", "b.md")
	os.MkdirAll(filepath.Dir(b), 0o755)
	os.WriteFile(a, []byte("今日は晴天です。\r\n"), 0o644)
	os.WriteFile(b, []byte("one 晴天 two"), 0o644) // no final newline
	var calls atomic.Int32
	c := council.Council{Members: council.Members(fixer("晴天", "晴れ", &calls))}
	cfg := rounds.RunConfig{Dir: filepath.Join(root, ".run"), Driver: "mini", Artifact: func(n string) bool { return strings.HasPrefix(n, "round-") }}
	r, err := rounds.OpenRun(ctx, cfg, []string{a, b}, false, true, func() testSettings { return testSettings{Note: "first"} }, nil)
	if err != nil {
		t.Fatal(err)
	}
	done, stop, err := miniDriver(ctx, r, c)
	if err != nil {
		t.Fatal(err)
	}
	o := r.Outcome(done, stop, nil)
	if err := r.Finish(o); err != nil {
		t.Fatalf("finish: %v", err)
	}
	r.Close()
	if got := readFile(t, a) + "|" + readFile(t, b); got != "今日は晴れです。\r\n|one 晴れ two" {
		t.Fatalf("documents: %q", got)
	}
	if len(o.Applied) != 2 || o.Applied[0].Status != finding.Applied || o.Rounds != 2 {
		t.Fatalf("outcome: %d applied, %d rounds: %+v", len(o.Applied), o.Rounds, o.Applied)
	}
	var texts, hashes int
	for _, rec := range records(t, filepath.Join(cfg.Dir, loop.JournalName)) {
		if strings.HasSuffix(rec.Key, "/read") {
			if strings.Contains(string(rec.Data), `"text"`) {
				texts++
			} else {
				hashes++
			}
		}
	}
	if texts != 2 || hashes != 2 {
		t.Errorf("reads journaled %d texts and %d hashes, want each document's text once (2) and its hash in round 2 (2)", texts, hashes)
	}
	if _, err := rounds.OpenRun(ctx, cfg, []string{a, b}, true, true, func() testSettings { return testSettings{} }, nil); !errors.Is(err, loop.ErrNothingToResume) {
		t.Errorf("resume of a finished run: %v", err)
	}
	before := calls.Load()
	var replayed []loop.StopReason
	undone := func(ctx context.Context, r *rounds.Run[testSettings]) error {
		if !r.ReplayOnly() || r.Settings.Note != "first" {
			t.Errorf("undone got a live run or other settings: %v %+v", r.ReplayOnly(), r.Settings)
		}
		_, stop, err := miniDriver(ctx, r, c)
		replayed = append(replayed, stop)
		return err
	}
	rev, err := rounds.UndoRun(ctx, cfg, 0, undone)
	if err != nil || len(rev) != 1 || rev[0] != 1 {
		t.Fatalf("undo: %v, reverted %v", err, rev)
	}
	if got := readFile(t, a) + "|" + readFile(t, b); got != "今日は晴天です。\r\n|one 晴天 two" {
		t.Errorf("after undo: %q", got)
	}
	if calls.Load() != before || len(replayed) != 1 || replayed[0] != loop.Converged {
		t.Errorf("the undo's replay called the reviewer %d time(s) and stopped %v", calls.Load()-before, replayed)
	}
}

// TestOpenRunRefuses: a second new run on an unfinished one, a resume of
// nothing or of other files, settings that use the start's own fields.
func TestOpenRunRefuses(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	a, b := filepath.Join(root, "a.md"), filepath.Join(root, "b.md")
	os.WriteFile(a, []byte("x\n"), 0o644)
	os.WriteFile(b, []byte("y\n"), 0o644)
	cfg := rounds.RunConfig{Dir: filepath.Join(root, ".run"), Driver: "mini"}
	set := func() testSettings { return testSettings{} }
	if _, err := rounds.OpenRun(ctx, cfg, []string{a}, true, true, set, nil); !errors.Is(err, loop.ErrNothingToResume) {
		t.Errorf("resume of nothing: %v", err)
	}
	r, err := rounds.OpenRun(ctx, cfg, []string{a}, false, true, set, nil)
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	if _, err := rounds.OpenRun(ctx, cfg, []string{a}, false, true, set, nil); !errors.Is(err, loop.ErrUnfinishedRun) {
		t.Errorf("a new run over an unfinished one: %v", err)
	}
	if _, err := rounds.OpenRun(ctx, cfg, []string{b}, true, true, set, nil); !errors.Is(err, loop.ErrOtherFile) {
		t.Errorf("resume on another file: %v", err)
	}
	bad := rounds.RunConfig{Dir: filepath.Join(root, ".bad"), Driver: "mini"}
	if _, err := rounds.OpenRun(ctx, bad, []string{a}, false, true, func() map[string]string { return map[string]string{"root": "/"} }, nil); err == nil || !strings.Contains(err.Error(), `"root"`) {
		t.Errorf("settings with a root field: %v", err)
	}
	if _, err := rounds.OpenRun(ctx, bad, []string{a, a}, false, true, set, nil); err == nil || !strings.Contains(err.Error(), "twice") {
		t.Errorf("a document given twice: %v", err)
	}
}

// records reads a journal's records.
func records(t *testing.T, path string) []journal.Record {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	recs, _, err := journal.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestUndecidedRound: a round that did not go through Decide (a driver
// that stops before it) summarises and renders without its patches.
func TestUndecidedRound(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	a := filepath.Join(root, "a.md")
	os.WriteFile(a, []byte("今日は晴天です。\n"), 0o644)
	var calls atomic.Int32
	c := council.Council{Members: council.Members(fixer("晴天", "晴れ", &calls))}
	r, err := rounds.OpenRun(ctx, rounds.RunConfig{Dir: filepath.Join(root, ".run"), Driver: "mini"}, []string{a}, false, true, func() testSettings { return testSettings{} }, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	rd, err := r.Review(ctx, 1, func(ctx context.Context, i int, text []byte) (loop.Findings, error) {
		cr, err := loop.ReviewRound(ctx, r.J, r.Key(1, i, "review"), c, agent.Target{Path: "a.md", Text: text, Round: 1})
		if err != nil {
			return loop.Findings{}, err
		}
		return loop.ItemsOf(text, cr, loop.Aggregation{Round: 1, File: "a.md"}), nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if s := rd.Summary(); s.Changed || s.Open[finding.Low] != 1 {
		t.Errorf("summary of an undecided round: %+v", s)
	}
	if err := r.RenderRound(rd, rounds.Policy{}); err != nil {
		t.Fatal(err)
	}
	if _, err := r.WriteReport("t", r.Outcome([]*rounds.Round{rd}, loop.GateStopped, nil), []*rounds.Round{rd}); err != nil {
		t.Fatal(err)
	}
}

// TestReviewedEvents: a run over documents in a folder named review
// reports one Reviewed event per reviewer call, not one for each
// document's read.
func TestReviewedEvents(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	a, b := filepath.Join(root, "review", "a.md"), filepath.Join(root, "b.md")
	os.MkdirAll(filepath.Dir(a), 0o755)
	os.WriteFile(a, []byte("晴天\n"), 0o644)
	os.WriteFile(b, []byte("晴天\n"), 0o644)
	var calls atomic.Int32
	var reviewed atomic.Int32
	c := council.Council{Members: council.Members(fixer("晴天", "晴れ", &calls))}
	cfg := rounds.RunConfig{Dir: filepath.Join(root, ".run"), Driver: "mini", Observer: func(e loop.Event) {
		if e.Kind == rounds.Reviewed {
			reviewed.Add(1)
		}
	}}
	r, err := rounds.OpenRun(ctx, cfg, []string{a, b}, false, true, func() testSettings { return testSettings{} }, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if _, _, err := miniDriver(ctx, r, c); err != nil {
		t.Fatal(err)
	}
	if reviewed.Load() != calls.Load() {
		t.Errorf("%d Reviewed events for %d reviewer calls", reviewed.Load(), calls.Load())
	}
}

// TestTraceRun: TraceRun puts a run span in ctx, which a traced
// provider's call nests under, and records the run's error; nil traces
// nothing.
func TestTraceRun(t *testing.T) {
	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	ctx, end := loop.TraceRun(context.Background(), tp, "mini")
	p := agent.Traced(scripted.New(scripted.Text("ok")), "scripted")
	if _, err := p.Complete(ctx, agent.Request{Model: "m"}); err != nil {
		t.Fatal(err)
	}
	end(errors.New("boom"))
	spans := rec.Ended()
	if len(spans) != 2 || spans[0].Name() != "chat m" || spans[1].Name() != "kaigi.run mini" ||
		spans[0].Parent().SpanID() != spans[1].SpanContext().SpanID() || spans[1].Status().Code.String() != "Error" {
		t.Fatalf("spans: %v", spans)
	}
	ctx2, end2 := loop.TraceRun(context.Background(), nil, "mini")
	end2(nil)
	if ctx2 != context.Background() {
		t.Error("a nil TracerProvider changed ctx")
	}
}
