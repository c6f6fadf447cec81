package editorial_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"go.opentelemetry.io/otel/attribute"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"github.com/kaigi-dev/kaigi/providers/scripted"
)

// TestSpans: a two-round scripted run traced with an in-memory exporter
// gives one run span, a round span per round under it, a span per
// reviewer call under its round, and the model calls (agent.Traced) under
// their reviewer's span with the GenAI attributes; a failed call records
// its error.
func TestSpans(t *testing.T) {
	path := writeDoc(t, "This is very good text.\nIt is really nice.\n")
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	alpha := agent.Traced(scripted.New(replies(t,
		report("alpha", fnd("F001", 1, finding.Low, 90, "very good", "good", "Empty intensifier"), fnd("F002", 2, finding.High, 80, "really nice", "", "Says nothing")),
		report("alpha"))...), "scripted")
	broken := agent.Traced(scripted.New(scripted.Status(503, "overloaded"), scripted.Status(503, "overloaded"), scripted.Status(503, "overloaded"), scripted.Status(503, "overloaded")), "scripted")
	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	persona := func(name string) agent.Persona { return agent.Persona{Name: name, Category: "test"} }
	l := &editorial.Loop{
		Council:        council.Council{Members: council.Members(agent.NewLLMReviewer(alpha, persona("alpha")), agent.NewLLMReviewer(broken, persona("broken")))},
		Dir:            dir,
		MaxRounds:      2,
		TracerProvider: tp,
	}
	if _, err := l.Run(context.Background(), path); err != nil {
		t.Fatalf("Run: %v", err)
	}
	spans := rec.Ended()
	byID := map[string]sdktrace.ReadOnlySpan{}
	for _, s := range spans {
		byID[s.SpanContext().SpanID().String()] = s
	}
	parent := func(s sdktrace.ReadOnlySpan) string {
		if p, ok := byID[s.Parent().SpanID().String()]; ok {
			return p.Name()
		}
		return ""
	}
	attr := func(s sdktrace.ReadOnlySpan, k string) attribute.Value {
		for _, kv := range s.Attributes() {
			if string(kv.Key) == k {
				return kv.Value
			}
		}
		return attribute.Value{}
	}
	count := map[string]int{}
	for _, s := range spans {
		count[s.Name()+" < "+parent(s)]++
		switch s.Name() {
		case "kaigi.run " + editorial.Driver:
			if got := attr(s, "kaigi.stop_reason").AsString(); got != string(loop.Converged) {
				t.Errorf("run span stop reason %q", got)
			}
		case "chat":
			if attr(s, "gen_ai.provider.name").AsString() != "scripted" || attr(s, "gen_ai.operation.name").AsString() != "chat" {
				t.Errorf("chat span attributes: %v", s.Attributes())
			}
		case "kaigi.review broken":
			if s.Status().Code.String() != "Error" || len(s.Events()) == 0 {
				t.Errorf("the failed call's span has status %v and %d events", s.Status(), len(s.Events()))
			}
		}
	}
	want := map[string]int{
		"kaigi.run " + editorial.Driver + " < ":       1,
		"kaigi.round < kaigi.run " + editorial.Driver: 2,
		"kaigi.review alpha < kaigi.round":            2,
		"kaigi.review broken < kaigi.round":           2,
		"chat < kaigi.review alpha":                   2,
	}
	for k, n := range want {
		if count[k] != n {
			t.Errorf("%d spans %q, want %d (all: %v)", count[k], k, n, count)
		}
	}
	var tokens int64
	for _, s := range spans {
		if s.Name() == "chat" && parent(s) == "kaigi.review alpha" {
			tokens += attr(s, "gen_ai.usage.input_tokens").AsInt64()
		}
	}
	if tokens != 200 {
		t.Errorf("alpha's chat spans count %d input tokens, want 200", tokens)
	}
}

// TestRunSpanNotConverged: a run that stops with a high finding open (its
// gate defers it) fails, and its kaigi.run span says so: status Error and
// error.type, as the command's span does.
func TestRunSpanNotConverged(t *testing.T) {
	path := writeDoc(t, "This is very good text.\nIt is really nice.\n")
	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	alpha := scripted.New(replies(t, report("alpha", fnd("F001", 2, finding.High, 80, "really nice", "", "Says nothing")))...)
	l := &editorial.Loop{
		Council:        council.Council{Members: council.Members(agent.NewLLMReviewer(alpha, agent.Persona{Name: "alpha", Category: "test"}))},
		Dir:            filepath.Join(filepath.Dir(path), ".editorial"),
		MaxRounds:      1,
		TracerProvider: tp,
	}
	if _, err := l.Run(context.Background(), path); !errors.Is(err, loop.ErrNotConverged) {
		t.Fatalf("Run: %v, want ErrNotConverged", err)
	}
	var run sdktrace.ReadOnlySpan
	for _, s := range rec.Ended() {
		if s.Name() == "kaigi.run "+editorial.Driver {
			run = s
		}
	}
	if run == nil {
		t.Fatal("no run span")
	}
	var errType string
	for _, kv := range run.Attributes() {
		if kv.Key == "error.type" {
			errType = kv.Value.AsString()
		}
	}
	if run.Status().Code.String() != "Error" || errType != agent.OtherError {
		t.Errorf("run span: status %v, error.type %q", run.Status(), errType)
	}
}
