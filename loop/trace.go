package loop

import (
	"context"

	"github.com/kaigi-dev/kaigi/agent"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"
)

// tracerProvider returns tp, or the provider of ctx's span when tp is nil
// (a provider that records nothing when ctx has no span).
func tracerProvider(ctx context.Context, tp trace.TracerProvider) trace.TracerProvider {
	if tp == nil {
		return trace.SpanFromContext(ctx).TracerProvider()
	}
	return tp
}

// startSpan starts the run's span, with RunConfig.TracerProvider (or the
// provider of ctx's span), as a child of ctx's span.
func (r *Run[S]) startSpan(ctx context.Context, resumed bool) {
	_, r.span = tracerProvider(ctx, r.cfg.TracerProvider).Tracer(agent.TracerName).Start(ctx, "kaigi.run "+r.cfg.Driver, trace.WithAttributes(
		attribute.String("kaigi.driver", r.cfg.Driver),
		attribute.Int("kaigi.documents", len(r.Docs)),
		attribute.Bool("kaigi.resumed", resumed),
	))
}

// roundContext ends the span of the round before n, starts round n's (a
// child of the run's) and returns ctx carrying it.
func (r *Run[S]) roundContext(ctx context.Context, n int) context.Context {
	if r.span == nil || r.replayOnly {
		return ctx
	}
	if r.round != nil {
		r.round.End()
	}
	rctx := trace.ContextWithSpan(ctx, r.span)
	rctx, r.round = r.span.TracerProvider().Tracer(agent.TracerName).Start(rctx, "kaigi.round", trace.WithAttributes(attribute.Int("kaigi.round", n)))
	return rctx
}

// inRound returns ctx carrying the current round's span, if any.
func (r *Run[S]) inRound(ctx context.Context) context.Context {
	if r.round == nil || r.replayOnly {
		return ctx
	}
	return trace.ContextWithSpan(ctx, r.round)
}

// traceEnd notes how the run stopped on its span.
func (r *Run[S]) traceEnd(reason StopReason) {
	if r.span != nil {
		r.span.SetAttributes(attribute.String("kaigi.stop_reason", string(reason)))
	}
}

// RecordError marks the run's span as failed with err: status Error and
// error.type (agent.RecordError), so a trace shows the failed run, not
// only the failed call or command. A nil err, a run without a span, or a
// second error (the first recorded stays) records nothing. Finish records the error it returns; a driver records
// the others it returns after OpenRun (a round's error, an artifact that
// could not be written) before Close:
//
//	defer func() { r.RecordError(err); r.Close() }()
func (r *Run[S]) RecordError(err error) {
	if r.span != nil && err != nil && !r.failed {
		r.failed = true
		agent.RecordError(r.span, err)
	}
}

// endSpans ends the round's and the run's spans.
func (r *Run[S]) endSpans() {
	if r.round != nil {
		r.round.End()
		r.round = nil
	}
	if r.span != nil {
		r.span.End()
		r.span = nil
	}
}

// callSpan starts the span of one reviewer call under ctx's span.
func callSpan(ctx context.Context, name string, shot int, key string) (context.Context, trace.Span) {
	return trace.SpanFromContext(ctx).TracerProvider().Tracer(agent.TracerName).Start(ctx, "kaigi.review "+name, trace.WithAttributes(
		attribute.String("kaigi.reviewer", name),
		attribute.Int("kaigi.shot", shot),
		attribute.String("kaigi.step", key),
	))
}

// endCall ends a reviewer call's span, recording err (agent.RecordError).
func endCall(span trace.Span, err error) {
	agent.RecordError(span, err)
	span.End()
}

// TraceRun starts the span of one execution of a driver that does not run
// on Run (a discussion, an episode, a session of shots) with tp, and
// returns ctx carrying it, so the model calls of providers wrapped with
// agent.Traced nest under it, and the function that ends it with the
// run's error recorded (status Error and error.type, see
// agent.RecordError). A nil tp stands for the provider of ctx's span: the
// run's span is a child of a caller's span, and a ctx without a span
// traces nothing (ctx is returned as it is). Example:
//
//	ctx, end := loop.TraceRun(ctx, d.TracerProvider, Driver)
//	defer func() { end(err) }()
func TraceRun(ctx context.Context, tp trace.TracerProvider, driver string) (context.Context, func(error)) {
	if tp == nil && !trace.SpanFromContext(ctx).IsRecording() {
		return ctx, func(error) {}
	}
	ctx, span := tracerProvider(ctx, tp).Tracer(agent.TracerName).Start(ctx, "kaigi.run "+driver, trace.WithAttributes(attribute.String("kaigi.driver", driver)))
	return ctx, func(err error) { endCall(span, err) }
}
