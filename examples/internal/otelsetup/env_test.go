package otelsetup

import (
	"slices"
	"testing"
	"time"
)

func TestRead(t *testing.T) {
	tests := []struct {
		name     string
		env      map[string]string
		on       bool
		protocol string
		timeout  time.Duration
		warnings int
	}{
		{"nothing set", nil, false, "", 0, 0},
		{"an endpoint", map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318"}, true, HTTPProtobuf, DefaultTimeout, 0},
		{"a traces endpoint", map[string]string{"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "http://c:4318/v1/traces"}, true, HTTPProtobuf, DefaultTimeout, 0},
		{"otlp to the default endpoint", map[string]string{"OTEL_TRACES_EXPORTER": "otlp"}, true, HTTPProtobuf, DefaultTimeout, 0},
		{"none wins", map[string]string{"OTEL_TRACES_EXPORTER": "none", "OTEL_EXPORTER_OTLP_ENDPOINT": "http://c"}, false, "", 0, 0},
		{"disabled", map[string]string{"OTEL_SDK_DISABLED": "true", "OTEL_EXPORTER_OTLP_ENDPOINT": "http://c"}, false, "", 0, 0},
		{"not disabled", map[string]string{"OTEL_SDK_DISABLED": "false", "OTEL_EXPORTER_OTLP_ENDPOINT": "http://c"}, true, HTTPProtobuf, DefaultTimeout, 0},
		{"grpc", map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4317", "OTEL_EXPORTER_OTLP_PROTOCOL": "grpc"}, true, GRPC, DefaultTimeout, 0},
		{"the traces protocol wins", map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": "http://c", "OTEL_EXPORTER_OTLP_PROTOCOL": "grpc",
			"OTEL_EXPORTER_OTLP_TRACES_PROTOCOL": "http/protobuf"}, true, HTTPProtobuf, DefaultTimeout, 0},
		{"json is sent as protobuf", map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": "http://c", "OTEL_EXPORTER_OTLP_PROTOCOL": "http/json"}, true, HTTPProtobuf, DefaultTimeout, 1},
		{"console alone", map[string]string{"OTEL_TRACES_EXPORTER": "console"}, false, "", 0, 1},
		{"otlp and console", map[string]string{"OTEL_TRACES_EXPORTER": "otlp,console"}, true, HTTPProtobuf, DefaultTimeout, 1},
		{"a timeout", map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": "http://c", "OTEL_EXPORTER_OTLP_TIMEOUT": "2500"}, true, HTTPProtobuf, 2500 * time.Millisecond, 0},
		{"the traces timeout wins", map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": "http://c", "OTEL_EXPORTER_OTLP_TIMEOUT": "2500",
			"OTEL_EXPORTER_OTLP_TRACES_TIMEOUT": "100"}, true, HTTPProtobuf, 100 * time.Millisecond, 0},
		{"a bad timeout", map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": "http://c", "OTEL_EXPORTER_OTLP_TIMEOUT": "soon"}, true, HTTPProtobuf, DefaultTimeout, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := read(func(k string) string { return tt.env[k] })
			if s.on != tt.on || s.protocol != tt.protocol || s.timeout != tt.timeout || len(s.warnings) != tt.warnings {
				t.Errorf("read = %+v, want on %v, %q, %v, %d warnings", s, tt.on, tt.protocol, tt.timeout, tt.warnings)
			}
		})
	}
}

func TestEnvCarrier(t *testing.T) {
	env := map[string]string{"TRACEPARENT": "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"}
	c := envCarrier(func(k string) string { return env[k] })
	if c.Get("traceparent") != env["TRACEPARENT"] || !slices.Contains(c.Keys(), "tracestate") {
		t.Errorf("carrier reads %q, keys %v", c.Get("traceparent"), c.Keys())
	}
}
