package agent

import (
	"context"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"
)

// TracerName is the instrumentation name of kaigi's spans.
const TracerName = "github.com/kaigi-dev/kaigi"

// Traced wraps p so each Complete is an OpenTelemetry span named
// "chat MODEL" (kind client) with the GenAI semantic conventions'
// attributes: gen_ai.operation.name "chat", gen_ai.provider.name (and the
// older gen_ai.system) system, gen_ai.request.model,
// gen_ai.request.max_tokens, gen_ai.response.model,
// gen_ai.response.finish_reasons, gen_ai.usage.input_tokens (every prompt
// token, cached ones included, as the conventions count them),
// gen_ai.usage.output_tokens, gen_ai.usage.cache_read.input_tokens and
// gen_ai.usage.cache_creation.input_tokens; an error is recorded on the
// span with status Error.
//
// The span's tracer comes from the span in ctx
// (trace.SpanFromContext(ctx).TracerProvider()): a loop started with a
// TracerProvider (loop.RunConfig.TracerProvider) gets the model calls
// under its round spans, and a ctx without a span records nothing. There
// is no global state. Example: agent.Traced(openaiProvider, "openai").
func Traced(p Provider, system string) Provider { return &traced{p: p, system: system} }

type traced struct {
	p      Provider
	system string
}

func (t *traced) Complete(ctx context.Context, req Request) (Response, error) {
	tr := trace.SpanFromContext(ctx).TracerProvider().Tracer(TracerName)
	ctx, span := tr.Start(ctx, "chat "+req.Model, trace.WithSpanKind(trace.SpanKindClient), trace.WithAttributes(
		attribute.String("gen_ai.operation.name", "chat"),
		attribute.String("gen_ai.provider.name", t.system),
		attribute.String("gen_ai.system", t.system),
		attribute.String("gen_ai.request.model", req.Model),
	))
	defer span.End()
	if req.MaxTokens > 0 {
		span.SetAttributes(attribute.Int("gen_ai.request.max_tokens", req.MaxTokens))
	}
	resp, err := t.p.Complete(ctx, req)
	u := resp.Usage
	span.SetAttributes(
		attribute.String("gen_ai.response.model", resp.Model),
		attribute.Int64("gen_ai.usage.input_tokens", u.InputTokens+u.CacheReadTokens+u.CacheWriteTokens),
		attribute.Int64("gen_ai.usage.output_tokens", u.OutputTokens),
		attribute.Int64("gen_ai.usage.cache_read.input_tokens", u.CacheReadTokens),
		attribute.Int64("gen_ai.usage.cache_creation.input_tokens", u.CacheWriteTokens),
	)
	if resp.StopReason != "" {
		span.SetAttributes(attribute.StringSlice("gen_ai.response.finish_reasons", []string{resp.StopReason}))
	}
	if err != nil {
		span.RecordError(err)
		span.SetStatus(codes.Error, err.Error())
	}
	return resp, err
}
