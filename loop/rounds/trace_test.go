package rounds_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// TestRunUnderCallersSpan: a run with no TracerProvider, opened under a
// caller's span, traces with that span's provider: the run span is the
// caller's child, and a failed reviewer call's span has error.type.
func TestRunUnderCallersSpan(t *testing.T) {
	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	ctx, cmd := tp.Tracer("test").Start(context.Background(), "command")
	root := t.TempDir()
	doc := filepath.Join(root, "a.md")
	os.WriteFile(doc, []byte("text\n"), 0o644)
	failing := agent.ReviewerFunc{ReviewerName: "down", Fn: func(context.Context, agent.Target) (agent.Review, error) {
		return agent.Review{}, agent.ErrUnavailable
	}}
	cfg := rounds.RunConfig{Dir: filepath.Join(root, ".run"), Driver: "mini"}
	r, err := rounds.OpenRun(ctx, cfg, []string{doc}, false, true, func() testSettings { return testSettings{} }, nil)
	if err != nil {
		t.Fatal(err)
	}
	miniDriver(ctx, r, council.Council{Members: council.Members(failing)})
	r.Close()
	cmd.End()
	parents := map[string]string{}
	names := map[string]string{}
	var review sdktrace.ReadOnlySpan
	for _, s := range rec.Ended() {
		names[s.SpanContext().SpanID().String()] = s.Name()
		if s.Name() == "kaigi.review down" {
			review = s
		}
	}
	for _, s := range rec.Ended() {
		parents[s.Name()] = names[s.Parent().SpanID().String()]
	}
	if parents["kaigi.run mini"] != "command" || parents["kaigi.round"] != "kaigi.run mini" || parents["kaigi.review down"] != "kaigi.round" {
		t.Fatalf("span tree (child: parent): %v", parents)
	}
	if errType := errorType(review); review.Status().Code.String() != "Error" || errType != "unavailable" {
		t.Errorf("the failed reviewer call: status %v, error.type %q", review.Status(), errType)
	}
}

// TestTraceRunUnderCallersSpan: TraceRun with no TracerProvider nests the
// run span under ctx's span and records error.type.
func TestTraceRunUnderCallersSpan(t *testing.T) {
	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	ctx, cmd := tp.Tracer("test").Start(context.Background(), "command")
	_, end := loop.TraceRun(ctx, nil, "mini")
	end(errors.New("boom"))
	cmd.End()
	spans := rec.Ended()
	if len(spans) != 2 || spans[0].Name() != "kaigi.run mini" || spans[0].Parent().SpanID() != cmd.SpanContext().SpanID() {
		t.Fatalf("spans: %v", spans)
	}
	if got := errorType(spans[0]); got != agent.OtherError {
		t.Errorf("run span error.type %q, want %q", got, agent.OtherError)
	}
}

// errorType returns s's error.type attribute.
func errorType(s sdktrace.ReadOnlySpan) string {
	for _, kv := range s.Attributes() {
		if kv.Key == "error.type" {
			return kv.Value.AsString()
		}
	}
	return ""
}

// TestRunSpanRecordsFailure: a run that Finish finds not converged ends
// its kaigi.run span with status Error and error.type; a driver's own
// error after OpenRun is recorded through RecordError, the first one only;
// a converged run's span is not an error.
func TestRunSpanRecordsFailure(t *testing.T) {
	for _, tc := range []struct {
		name  string
		end   func(r *rounds.Run[testSettings])
		fails bool
	}{
		{"not converged", func(r *rounds.Run[testSettings]) {
			if err := r.Finish(&rounds.Outcome{Reason: loop.RoundCapReached, Rounds: 3}); !errors.Is(err, loop.ErrNotConverged) {
				t.Errorf("Finish: %v", err)
			}
		}, true},
		{"a driver's error", func(r *rounds.Run[testSettings]) {
			r.RecordError(context.Canceled)
			r.RecordError(errors.New("second"))
		}, true},
		{"converged", func(r *rounds.Run[testSettings]) {
			if err := r.Finish(&rounds.Outcome{Reason: loop.Converged, Rounds: 1}); err != nil {
				t.Errorf("Finish: %v", err)
			}
			r.RecordError(nil)
		}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := tracetest.NewSpanRecorder()
			tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
			root := t.TempDir()
			doc := filepath.Join(root, "a.md")
			os.WriteFile(doc, []byte("text\n"), 0o644)
			cfg := rounds.RunConfig{Dir: filepath.Join(root, ".run"), Driver: "mini", TracerProvider: tp}
			r, err := rounds.OpenRun(context.Background(), cfg, []string{doc}, false, true, func() testSettings { return testSettings{} }, nil)
			if err != nil {
				t.Fatal(err)
			}
			tc.end(r)
			r.Close()
			spans := rec.Ended()
			if len(spans) != 1 || spans[0].Name() != "kaigi.run mini" {
				t.Fatalf("spans: %v", spans)
			}
			s := spans[0]
			if got := s.Status().Code.String() == "Error"; got != tc.fails {
				t.Errorf("status %v, want Error: %v", s.Status(), tc.fails)
			}
			want := map[bool]string{true: agent.OtherError}[tc.fails]
			if tc.name == "a driver's error" {
				want = "canceled"
			}
			if got := errorType(s); got != want {
				t.Errorf("error.type %q, want %q", got, want)
			}
			if n := len(s.Events()); n != map[bool]int{true: 1}[tc.fails] {
				t.Errorf("%d error events, want one per failed run", n)
			}
		})
	}
}
