package otelsetup_test

import (
	"bytes"
	"context"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"go.opentelemetry.io/otel/trace"
	tracepb "go.opentelemetry.io/proto/otlp/trace/v1"

	"github.com/kaigi-dev/kaigi/examples/internal/otelsetup"
	"github.com/kaigi-dev/kaigi/examples/internal/otlptest"
)

// setenv clears the OpenTelemetry variables of the test's own
// environment, then sets env.
func setenv(t *testing.T, env map[string]string) {
	for _, k := range []string{"OTEL_SDK_DISABLED", "OTEL_TRACES_EXPORTER", "OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
		"OTEL_EXPORTER_OTLP_PROTOCOL", "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", "OTEL_EXPORTER_OTLP_HEADERS", "OTEL_EXPORTER_OTLP_TRACES_HEADERS",
		"OTEL_EXPORTER_OTLP_TIMEOUT", "OTEL_EXPORTER_OTLP_TRACES_TIMEOUT", "OTEL_SERVICE_NAME", "OTEL_RESOURCE_ATTRIBUTES", "TRACEPARENT", "TRACESTATE"} {
		t.Setenv(k, "")
	}
	for k, v := range env {
		t.Setenv(k, v)
	}
}

// run starts tracing as the environment says, makes one child span under
// the command's and ends with code; it returns what was logged.
func run(t *testing.T, code int) string {
	var log bytes.Buffer
	ctx, end := otelsetup.Start(context.Background(), "cmd", slog.New(slog.NewTextHandler(&log, nil)))
	_, child := trace.SpanFromContext(ctx).TracerProvider().Tracer("test").Start(ctx, "child")
	child.End()
	end(code)
	return log.String()
}

// check wants the command's span (with exit code code) and the child under it.
func check(t *testing.T, spans []otlptest.Span, code string) otlptest.Span {
	t.Helper()
	if len(spans) != 2 || spans[0].Name != "child" || spans[1].Name != "cmd" || spans[0].ParentID != spans[1].SpanID {
		t.Fatalf("spans: %+v", spans)
	}
	root := spans[1]
	if root.Attributes["process.exit.code"] != code || root.Scope != otelsetup.InstrumentationName || root.Kind != tracepb.Span_SPAN_KIND_INTERNAL {
		t.Errorf("the command's span: %+v", root)
	}
	return root
}

// TestHTTP: an endpoint alone sends http/protobuf with the headers, the
// service name and the parent the environment names; a failed exit is an
// Error span with error.type.
func TestHTTP(t *testing.T) {
	rec, url := otlptest.HTTP(t)
	setenv(t, map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": url, "OTEL_EXPORTER_OTLP_HEADERS": "x-team=kaigi", "OTEL_SERVICE_NAME": "ci-review",
		"TRACEPARENT": "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"})
	if log := run(t, 1); log != "" {
		t.Errorf("logged: %s", log)
	}
	root := check(t, rec.Spans(), "1")
	if root.TraceID != "0af7651916cd43dd8448eb211c80319c" || root.ParentID != "b7ad6b7169203331" {
		t.Errorf("the command's span is not under TRACEPARENT: trace %s parent %s", root.TraceID, root.ParentID)
	}
	if root.Status != tracepb.Status_STATUS_CODE_ERROR || root.Attributes["error.type"] != "1" || root.Resource["service.name"] != "ci-review" {
		t.Errorf("status %v, attributes %v, resource %v", root.Status, root.Attributes, root.Resource)
	}
	if h := rec.Headers(); len(h) == 0 || h[0].Get("X-Team") != "kaigi" {
		t.Errorf("headers %v", h)
	}
}

// TestGRPC: OTEL_EXPORTER_OTLP_PROTOCOL=grpc exports over gRPC; the
// command's name is the service name when none is set.
func TestGRPC(t *testing.T) {
	rec, url := otlptest.GRPC(t)
	setenv(t, map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": url, "OTEL_EXPORTER_OTLP_PROTOCOL": "grpc"})
	if log := run(t, 0); log != "" {
		t.Errorf("logged: %s", log)
	}
	root := check(t, rec.Spans(), "0")
	if root.ParentID != "" || root.Status == tracepb.Status_STATUS_CODE_ERROR || root.Resource["service.name"] != "cmd" {
		t.Errorf("the command's span: %+v", root)
	}
}

// TestOff: with nothing set, or none, ctx carries no span and nothing is
// sent.
func TestOff(t *testing.T) {
	rec, url := otlptest.HTTP(t)
	for _, env := range []map[string]string{nil, {"OTEL_TRACES_EXPORTER": "none", "OTEL_EXPORTER_OTLP_ENDPOINT": url},
		{"OTEL_SDK_DISABLED": "true", "OTEL_EXPORTER_OTLP_ENDPOINT": url}} {
		setenv(t, env)
		ctx, end := otelsetup.Start(context.Background(), "cmd", slog.New(slog.DiscardHandler))
		if trace.SpanFromContext(ctx).IsRecording() || ctx != context.Background() {
			t.Errorf("%v: ctx carries a span", env)
		}
		end(0)
	}
	if n := len(rec.Spans()); n != 0 {
		t.Errorf("%d spans sent", n)
	}
}

// TestFlushFails: a collector that cannot be reached is logged once, on
// the command's logger, and end returns.
func TestFlushFails(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	setenv(t, map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": "http://" + addr, "OTEL_EXPORTER_OTLP_TIMEOUT": "2000"})
	if log := run(t, 0); !strings.Contains(log, "level=ERROR") || !strings.Contains(log, "traces: export failed") || !strings.Contains(log, "refused") || strings.Count(log, "\n") != 1 {
		t.Errorf("logged: %q", log)
	}
}

// TestFlushHangs: a collector that accepts and never answers holds the
// exit only up to the OTLP timeout, and the loss is logged.
func TestFlushHangs(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(release) })
	setenv(t, map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": srv.URL, "OTEL_EXPORTER_OTLP_TIMEOUT": "300"})
	if log := run(t, 0); !strings.Contains(log, "level=ERROR") || !strings.Contains(log, "traces: ") {
		t.Errorf("logged: %q", log)
	}
}
