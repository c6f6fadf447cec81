package agent_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"testing"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/providers/scripted"
)

// traceCall makes one call of p wrapped with agent.Traced under a parent
// span of an in-memory recorder, and returns the chat span.
func traceCall(t *testing.T, p agent.Provider, req agent.Request) (sdktrace.ReadOnlySpan, error) {
	t.Helper()
	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	ctx, parent := tp.Tracer("test").Start(t.Context(), "parent")
	_, err := agent.Traced(p, "openai").Complete(ctx, req)
	parent.End()
	spans := rec.Ended()
	if len(spans) != 2 || spans[0].Parent().SpanID() != parent.SpanContext().SpanID() {
		t.Fatalf("want a chat span under the parent, got %v", spans)
	}
	return spans[0], err
}

// attrs returns a span's attributes by key.
func attrs(s sdktrace.ReadOnlySpan) map[string]attribute.Value {
	m := map[string]attribute.Value{}
	for _, kv := range s.Attributes() {
		m[string(kv.Key)] = kv.Value
	}
	return m
}

// TestTracedAnswer: an answered call's span carries the request's and the
// answer's attributes, cached tokens counted in the input, and no
// deprecated gen_ai.system.
func TestTracedAnswer(t *testing.T) {
	p := scripted.New(scripted.Reply{Text: "ok", Model: "gpt-4.1-mini-2025", StopReason: "stop",
		Usage: agent.Usage{InputTokens: 100, OutputTokens: 20, CacheReadTokens: 30}})
	temp := 0.2
	s, err := traceCall(t, p, agent.Request{Model: "gpt-4.1-mini", MaxTokens: 500, Temperature: &temp, Schema: []byte(`{"type":"object"}`),
		Messages: []agent.Message{agent.UserText("hi")}})
	if err != nil {
		t.Fatal(err)
	}
	if s.Name() != "chat gpt-4.1-mini" || s.SpanKind() != trace.SpanKindClient || s.Status().Code != codes.Unset {
		t.Errorf("span %q kind %v status %v", s.Name(), s.SpanKind(), s.Status())
	}
	a := attrs(s)
	want := map[string]string{
		"gen_ai.operation.name": "chat", "gen_ai.provider.name": "openai", "gen_ai.request.model": "gpt-4.1-mini",
		"gen_ai.request.max_tokens": "500", "gen_ai.request.temperature": "0.2", "gen_ai.output.type": "json", "gen_ai.response.model": "gpt-4.1-mini-2025", "gen_ai.response.finish_reasons": `["stop"]`,
		"gen_ai.usage.input_tokens": "130", "gen_ai.usage.output_tokens": "20", "gen_ai.usage.cache_read.input_tokens": "30",
	}
	for k, v := range want {
		if got := a[k].Emit(); got != v {
			t.Errorf("%s = %q, want %q", k, got, v)
		}
	}
	for _, k := range []string{"gen_ai.system", "gen_ai.usage.cache_creation.input_tokens", "error.type"} {
		if _, ok := a[k]; ok {
			t.Errorf("%s is written: %v", k, a[k].Emit())
		}
	}
}

// TestTracedNoResponse: a call that got no answer (an HTTP error, a
// refused connection) has status Error and error.type, and no
// gen_ai.response.* attribute or token count.
func TestTracedNoResponse(t *testing.T) {
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")}
	tests := []struct {
		name string
		p    agent.Provider
		want string
	}{
		{"http 503", scripted.New(scripted.Status(503, "overloaded")), "503"},
		{"refused", agent.ProviderFunc(func(context.Context, agent.Request) (agent.Response, error) {
			return agent.Response{}, fmt.Errorf("openai: %w", refusedClass{refused})
		}), "unavailable"},
		{"unknown", scripted.New(scripted.Error(errors.New("odd"))), agent.OtherError},
		{"the model asked for", agent.ProviderFunc(func(context.Context, agent.Request) (agent.Response, error) {
			return agent.Response{Model: "gpt-4.1-mini"}, typed("invalid_api_key")
		}), "invalid_api_key"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := traceCall(t, tt.p, agent.Request{Messages: []agent.Message{agent.UserText("hi")}})
			if err == nil {
				t.Fatal("the call did not fail")
			}
			if s.Name() != "chat" || s.Status().Code != codes.Error || len(s.Events()) != 1 {
				t.Errorf("span %q status %v, %d events", s.Name(), s.Status(), len(s.Events()))
			}
			a := attrs(s)
			if got := a["error.type"].AsString(); got != tt.want {
				t.Errorf("error.type = %q, want %q", got, tt.want)
			}
			for k := range a {
				if strings.HasPrefix(k, "gen_ai.response.") || strings.HasPrefix(k, "gen_ai.usage.") || k == "gen_ai.request.model" || k == "gen_ai.system" {
					t.Errorf("a call without an answer has %s = %s", k, a[k].Emit())
				}
			}
		})
	}
}

// refusedClass is a transport error that matches its agent class, as
// the providers' are.
type refusedClass struct{ err error }

func (e refusedClass) Error() string        { return e.err.Error() }
func (e refusedClass) Unwrap() error        { return e.err }
func (e refusedClass) Is(target error) bool { return target == agent.TransportClass(e.err) }

// TestTracedFailedAnswer: an empty answer is a failure that came with an
// answer: error.type, and the model and usage it reported.
func TestTracedFailedAnswer(t *testing.T) {
	p := scripted.New(scripted.Reply{Model: "m", Usage: agent.Usage{InputTokens: 10}})
	s, err := traceCall(t, p, agent.Request{Model: "m", Messages: []agent.Message{agent.UserText("hi")}})
	if !errors.Is(err, agent.ErrEmptyReply) {
		t.Fatalf("err = %v", err)
	}
	a := attrs(s)
	if a["error.type"].AsString() != "empty_reply" || a["gen_ai.response.model"].AsString() != "m" || a["gen_ai.usage.input_tokens"].AsInt64() != 10 {
		t.Errorf("attributes %v", s.Attributes())
	}
}

// TestTracedUntraced: without a span in ctx nothing is recorded, and the
// wrapper keeps what the provider says about schemas.
func TestTracedUntraced(t *testing.T) {
	p := scripted.New(scripted.Text("ok"))
	p.Structured = true
	tp := agent.Traced(p, "scripted")
	if _, err := tp.Complete(t.Context(), agent.Request{Messages: []agent.Message{agent.UserText("hi")}}); err != nil {
		t.Fatal(err)
	}
	if s, ok := tp.(agent.SchemaSupporter); !ok || !s.SupportsSchema() {
		t.Error("the wrapper hides SupportsSchema")
	}
	if s := agent.Traced(agent.ProviderFunc(nil), "x").(agent.SchemaSupporter); s.SupportsSchema() {
		t.Error("a provider without SupportsSchema is reported as enforcing schemas")
	}
	if u := tp.(interface{ Unwrap() agent.Provider }).Unwrap(); u != p {
		t.Errorf("Unwrap = %v", u)
	}
}

type typed string

func (e typed) Error() string     { return "typed " + string(e) }
func (e typed) ErrorType() string { return string(e) }

func TestErrorType(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		err  error
		want string
	}{
		{nil, ""},
		{ctx.Err(), "canceled"},
		{fmt.Errorf("x: %w", context.DeadlineExceeded), "timeout"},
		{fmt.Errorf("x: %w", agent.ErrTimedOut), "timeout"},
		{fmt.Errorf("x: %w: %w", typed("rate_limit_exceeded"), agent.ErrRateLimited), "rate_limit_exceeded"},
		{fmt.Errorf("x: %w: %w", typed(""), agent.ErrRateLimited), "rate_limited"},
		{agent.ErrUnauthorized, "unauthorized"},
		{agent.ErrResponseTooLarge, "response_too_large"},
		{fmt.Errorf("%w: %w", agent.ErrEmptyReply, agent.ErrTruncated), "truncated"},
		{agent.ErrNoModel, "no_model"},
		{fmt.Errorf("x: %w", finding.ErrSchemaViolation), "schema_violation"},
		{errors.New("odd"), "_OTHER"},
	}
	for _, tt := range tests {
		if got := agent.ErrorType(tt.err); got != tt.want {
			t.Errorf("ErrorType(%v) = %q, want %q", tt.err, got, tt.want)
		}
	}
}

// BenchmarkTraced measures a model call's cost of the wrapper: bare, and
// wrapped with no span in ctx (the commands without OpenTelemetry
// variables), and under a recording span.
func BenchmarkTraced(b *testing.B) {
	ok := agent.ProviderFunc(func(context.Context, agent.Request) (agent.Response, error) {
		return agent.Response{Text: "ok", Model: "m", StopReason: "stop", Usage: agent.Usage{InputTokens: 10, OutputTokens: 2}}, nil
	})
	req := agent.Request{Model: "m", Messages: []agent.Message{agent.UserText("hi")}}
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(tracetest.NewSpanRecorder()))
	recording, span := tp.Tracer("bench").Start(context.Background(), "parent")
	defer span.End()
	for _, c := range []struct {
		name string
		p    agent.Provider
		ctx  context.Context
	}{{"bare", ok, context.Background()}, {"untraced", agent.Traced(ok, "x"), context.Background()}, {"recording", agent.Traced(ok, "x"), recording}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				c.p.Complete(c.ctx, req)
			}
		})
	}
}
