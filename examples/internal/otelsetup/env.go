package otelsetup

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"go.opentelemetry.io/otel/propagation"
)

// The protocols of OTEL_EXPORTER_OTLP_PROTOCOL that Start exports with.
const (
	HTTPProtobuf = "http/protobuf"
	GRPC         = "grpc"
)

// DefaultTimeout is the longest the final flush waits when
// OTEL_EXPORTER_OTLP_TRACES_TIMEOUT and OTEL_EXPORTER_OTLP_TIMEOUT do not
// say: the exporters' own default for one export.
const DefaultTimeout = 10 * time.Second

// settings are what the environment asks for.
type settings struct {
	on       bool
	protocol string        // HTTPProtobuf or GRPC
	timeout  time.Duration // of the final flush
	warnings []string      // values that were not understood
}

// read decides from getenv whether the command traces, with what protocol
// and how long the final flush may take.
func read(getenv func(string) string) settings {
	var s settings
	if b, err := strconv.ParseBool(strings.TrimSpace(getenv("OTEL_SDK_DISABLED"))); err == nil && b {
		return s
	}
	exporters := getenv("OTEL_TRACES_EXPORTER")
	endpoint := cmp.Or(getenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"), getenv("OTEL_EXPORTER_OTLP_ENDPOINT"))
	names := strings.FieldsFunc(strings.ToLower(exporters), func(r rune) bool { return r == ',' || r == ' ' })
	for _, n := range names {
		if n != "otlp" && n != "none" {
			s.warnings = append(s.warnings, fmt.Sprintf("OTEL_TRACES_EXPORTER %q is not supported (otlp or none)", n))
		}
	}
	switch {
	case slices.Contains(names, "none"):
		return s
	case slices.Contains(names, "otlp"):
		s.on = true
	case len(names) == 0:
		s.on = strings.TrimSpace(endpoint) != ""
	}
	if !s.on {
		return s
	}
	s.protocol = HTTPProtobuf
	switch p := strings.TrimSpace(cmp.Or(getenv("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL"), getenv("OTEL_EXPORTER_OTLP_PROTOCOL"))); p {
	case "", HTTPProtobuf:
	case GRPC:
		s.protocol = GRPC
	default:
		s.warnings = append(s.warnings, fmt.Sprintf("OTLP protocol %q is not supported (http/protobuf or grpc): sending http/protobuf", p))
	}
	s.timeout = DefaultTimeout
	if v := cmp.Or(getenv("OTEL_EXPORTER_OTLP_TRACES_TIMEOUT"), getenv("OTEL_EXPORTER_OTLP_TIMEOUT")); v != "" {
		if ms, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && ms > 0 {
			s.timeout = time.Duration(ms) * time.Millisecond
		}
	}
	return s
}

// parent returns ctx carrying the remote span context of TRACEPARENT and
// TRACESTATE, when they hold one.
func parent(ctx context.Context, getenv func(string) string) context.Context {
	return propagation.TraceContext{}.Extract(ctx, envCarrier(getenv))
}

// envCarrier reads W3C trace context from environment variables, as the
// OpenTelemetry specification names them (TRACEPARENT, TRACESTATE).
type envCarrier func(string) string

func (c envCarrier) Get(key string) string { return c(strings.ToUpper(key)) }
func (c envCarrier) Set(string, string)    {}
func (c envCarrier) Keys() []string        { return []string{"traceparent", "tracestate"} }
