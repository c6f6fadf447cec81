package rounds

import (
	"cmp"
	"context"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"
)

// startSpan starts the run's span, with RunConfig.TracerProvider (or the
// provider of ctx's span), as a child of ctx's span.
func (r *Run[S]) startSpan(ctx context.Context, resumed bool) {
	_, r.span = cmp.Or(r.cfg.TracerProvider, trace.SpanFromContext(ctx).TracerProvider()).Tracer(agent.TracerName).Start(ctx, "kaigi.run "+r.cfg.Driver, trace.WithAttributes(
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
func (r *Run[S]) traceEnd(reason loop.StopReason) {
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
