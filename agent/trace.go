package agent

import (
	"context"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"
)

// TracerName is the instrumentation name of kaigi's spans.
const TracerName = "github.com/kaigi-dev/kaigi"

// Traced wraps p so each Complete is an OpenTelemetry span with the GenAI
// semantic conventions' client span: named "chat MODEL" ("chat" for a
// request that names no model), kind client, with gen_ai.operation.name
// "chat", gen_ai.provider.name provider, gen_ai.request.model,
// gen_ai.request.max_tokens and gen_ai.request.temperature when the
// request sets them, and gen_ai.output.type "json" when it has a Schema.
//
// What the answer says is written only when one came (a failed call's
// Response counts as an answer when it reports a stop reason or usage):
// gen_ai.response.model and gen_ai.response.finish_reasons when the
// provider reported them, and the token counts when it reported usage:
// gen_ai.usage.input_tokens (every prompt token, cached ones included, as
// the conventions count them), gen_ai.usage.output_tokens, and
// gen_ai.usage.cache_read.input_tokens and
// gen_ai.usage.cache_creation.input_tokens when not zero. A call that
// failed has status Error, the error recorded as an event and error.type
// (see ErrorType). The deprecated gen_ai.system is not written.
//
// The span's tracer comes from the span in ctx
// (trace.SpanFromContext(ctx).TracerProvider()): a loop started with a
// TracerProvider (rounds.RunConfig.TracerProvider) gets the model calls
// under its round spans, and a ctx without a span records nothing and
// sets no attribute. There is no global state. The result is safe for
// concurrent use as p is, reports p's SupportsSchema (false when p does
// not implement SchemaSupporter) and returns p from Unwrap. Example:
// agent.Traced(openaiProvider, "openai").
func Traced(p Provider, provider string) Provider { return &traced{p: p, provider: provider} }

type traced struct {
	p        Provider
	provider string
}

// SupportsSchema reports whether the wrapped provider enforces schemas.
func (t *traced) SupportsSchema() bool {
	s, ok := t.p.(SchemaSupporter)
	return ok && s.SupportsSchema()
}

// Unwrap returns the wrapped provider.
func (t *traced) Unwrap() Provider { return t.p }

func (t *traced) Complete(ctx context.Context, req Request) (Response, error) {
	name := "chat"
	if req.Model != "" {
		name += " " + req.Model
	}
	tr := trace.SpanFromContext(ctx).TracerProvider().Tracer(TracerName)
	ctx, span := tr.Start(ctx, name, trace.WithSpanKind(trace.SpanKindClient))
	defer span.End()
	if !span.IsRecording() {
		return t.p.Complete(ctx, req)
	}
	span.SetAttributes(requestAttributes(t.provider, req)...)
	resp, err := t.p.Complete(ctx, req)
	if answered(resp, err) {
		span.SetAttributes(responseAttributes(resp)...)
	}
	RecordError(span, err)
	return resp, err
}

// answered reports whether a call got an answer: it succeeded, or its
// failure reports a stop reason or usage (an empty or truncated answer).
// A failure's Model alone is no answer: providers name the model they
// asked for on every failure.
func answered(resp Response, err error) bool {
	return err == nil || resp.StopReason != "" || callUsage(resp.Usage).Total() > 0
}

// requestAttributes are a chat span's attributes known before the call.
func requestAttributes(provider string, req Request) []attribute.KeyValue {
	kv := []attribute.KeyValue{
		attribute.String("gen_ai.operation.name", "chat"),
		attribute.String("gen_ai.provider.name", provider),
	}
	if req.Model != "" {
		kv = append(kv, attribute.String("gen_ai.request.model", req.Model))
	}
	if req.MaxTokens > 0 {
		kv = append(kv, attribute.Int("gen_ai.request.max_tokens", req.MaxTokens))
	}
	if req.Temperature != nil {
		kv = append(kv, attribute.Float64("gen_ai.request.temperature", *req.Temperature))
	}
	if len(req.Schema) > 0 {
		kv = append(kv, attribute.String("gen_ai.output.type", "json"))
	}
	return kv
}

// responseAttributes are what resp reports: nothing for a call that got
// no answer (no model, no stop reason, no usage).
func responseAttributes(resp Response) []attribute.KeyValue {
	var kv []attribute.KeyValue
	if resp.Model != "" {
		kv = append(kv, attribute.String("gen_ai.response.model", resp.Model))
	}
	if resp.StopReason != "" {
		kv = append(kv, attribute.StringSlice("gen_ai.response.finish_reasons", []string{resp.StopReason}))
	}
	u := callUsage(resp.Usage)
	if u.Total() == 0 {
		return kv
	}
	kv = append(kv,
		attribute.Int64("gen_ai.usage.input_tokens", u.InputTokens+u.CacheReadTokens+u.CacheWriteTokens),
		attribute.Int64("gen_ai.usage.output_tokens", u.OutputTokens))
	if u.CacheReadTokens > 0 {
		kv = append(kv, attribute.Int64("gen_ai.usage.cache_read.input_tokens", u.CacheReadTokens))
	}
	if u.CacheWriteTokens > 0 {
		kv = append(kv, attribute.Int64("gen_ai.usage.cache_creation.input_tokens", u.CacheWriteTokens))
	}
	return kv
}

// RecordError marks span as failed with err: the error as an event,
// status Error with err's message, and error.type (ErrorType). A nil err
// changes nothing. kaigi's own spans (runs, reviewer calls, model calls)
// record their errors with it.
func RecordError(span trace.Span, err error) {
	if err == nil {
		return
	}
	span.RecordError(err)
	span.SetStatus(codes.Error, err.Error())
	span.SetAttributes(attribute.String("error.type", ErrorType(err)))
}
