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
// on rounds.Run (a discussion, an episode, a session of shots) with tp, and
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
