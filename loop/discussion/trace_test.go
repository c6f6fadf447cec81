package discussion

import (
	"testing"

	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
)

// TestTraced: a discussion with a TracerProvider records one run span.
func TestTraced(t *testing.T) {
	rec := tracetest.NewSpanRecorder()
	names := []string{"slop", "facts"}
	d := &Discussion{Spec: testSpec(2, names...), Participants: offlineSeat(names...), Lead: NewOfflineLead("lead"), Root: workspace(t),
		TracerProvider: sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))}
	mustRun(t, d)
	if spans := rec.Ended(); len(spans) != 1 || spans[0].Name() != "kaigi.run "+Driver {
		t.Errorf("spans: %v", spans)
	}
}
