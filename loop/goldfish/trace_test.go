package goldfish

import (
	"context"
	"strings"
	"testing"

	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
)

// TestSpans: a traced Goldfish run has one run span and a round span per
// round under it, and a reviewer-call span per goldfish call made.
func TestSpans(t *testing.T) {
	rec := tracetest.NewSpanRecorder()
	l, spec := offlineLoop(t, "design_critic", "style")
	l.TracerProvider = sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	o, err := l.Run(context.Background(), spec)
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, s := range rec.Ended() {
		name := s.Name()
		if strings.HasPrefix(name, "kaigi.review ") {
			name = "kaigi.review"
		}
		count[name]++
	}
	if count["kaigi.run "+Driver] != 1 || count["kaigi.round"] != o.Rounds || count["kaigi.review"] < 2*o.Rounds {
		t.Errorf("spans %v for %d rounds", count, o.Rounds)
	}
}
