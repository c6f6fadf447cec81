package otelsetup

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"strconv"

	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracegrpc"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	semconv "go.opentelemetry.io/otel/semconv/v1.40.0"
	"go.opentelemetry.io/otel/trace"
)

// InstrumentationName is the tracer name of the commands' own span.
const InstrumentationName = "github.com/kaigi-dev/kaigi/examples"

// Start sets up tracing as the process environment asks (see the package
// doc). When tracing is on, it starts the command's span, named name
// (kind internal, the child of TRACEPARENT's span if any), and returns ctx
// carrying it: the library's spans (runs, rounds, reviewer and model
// calls) nest under it through ctx. name is also the service.name unless
// OTEL_SERVICE_NAME or OTEL_RESOURCE_ATTRIBUTES name one.
//
// The returned end must be called once, with the command's exit code,
// before the process exits: it records process.exit.code (status Error
// and error.type, the code, when it is not 0), ends the span and flushes
// every span still queued, waiting at most the OTLP timeout. A flush or
// a setup that fails is logged on logger, never fatal: the command runs
// and exits as it would untraced. When tracing is off, ctx is returned as
// it is and end does nothing.
func Start(ctx context.Context, name string, logger *slog.Logger) (context.Context, func(code int)) {
	s := read(os.Getenv)
	for _, w := range s.warnings {
		logger.Warn("traces: " + w)
	}
	if !s.on {
		return ctx, func(int) {}
	}
	tp, err := provider(ctx, name, s.protocol, logger)
	if err != nil {
		logger.Error("traces: not exported", "err", err)
		return ctx, func(int) {}
	}
	ctx, span := tp.Tracer(InstrumentationName).Start(parent(ctx, os.Getenv), name, trace.WithSpanKind(trace.SpanKindInternal))
	return ctx, func(code int) {
		span.SetAttributes(semconv.ProcessExitCode(code))
		if code != 0 {
			span.SetStatus(codes.Error, fmt.Sprintf("exit status %d", code))
			span.SetAttributes(semconv.ErrorTypeKey.String(strconv.Itoa(code)))
		}
		span.End()
		fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.timeout)
		defer cancel()
		if err := tp.Shutdown(fctx); err != nil {
			logger.Error("traces: flush failed", "err", err)
		}
	}
}

// provider returns a tracer provider exporting with protocol in batches.
// A resource the environment spells wrong is logged and used as far as it
// was read.
func provider(ctx context.Context, name, protocol string, logger *slog.Logger) (*sdktrace.TracerProvider, error) {
	var exp sdktrace.SpanExporter
	var err error
	if protocol == GRPC {
		exp, err = otlptracegrpc.New(ctx)
	} else {
		exp, err = otlptracehttp.New(ctx)
	}
	if err != nil {
		return nil, fmt.Errorf("otelsetup: %s exporter: %w", protocol, err)
	}
	res, err := resource.New(ctx, resource.WithAttributes(semconv.ServiceName(name)), resource.WithTelemetrySDK(), resource.WithFromEnv())
	if err != nil {
		logger.Warn("traces: resource", "err", err)
	}
	return sdktrace.NewTracerProvider(sdktrace.WithBatcher(logged{exp, logger}), sdktrace.WithResource(res)), nil
}

// logged is an exporter whose failed exports are logged on its logger
// (and not passed on to the SDK's global error handler, which would print
// them a second time, in another form).
type logged struct {
	sdktrace.SpanExporter
	logger *slog.Logger
}

func (l logged) ExportSpans(ctx context.Context, spans []sdktrace.ReadOnlySpan) error {
	if err := l.SpanExporter.ExportSpans(ctx, spans); err != nil {
		l.logger.Error("traces: export failed", "spans", len(spans), "err", err)
	}
	return nil
}
