// Package otelsetup gives the example commands OpenTelemetry traces
// configured by the environment alone, as the OpenTelemetry SDKs read it,
// so a run is traced without a line of Go.
//
// Tracing is on when OTEL_EXPORTER_OTLP_TRACES_ENDPOINT or
// OTEL_EXPORTER_OTLP_ENDPOINT is set, or OTEL_TRACES_EXPORTER names otlp;
// it is off when none is, when OTEL_TRACES_EXPORTER is none and when
// OTEL_SDK_DISABLED is true. When it is off nothing is exported and
// nothing is built: the commands' contexts carry no span, so the
// library's spans cost a no-op call each. When it is on, the spans go to
// the OTLP exporter of OTEL_EXPORTER_OTLP_TRACES_PROTOCOL or
// OTEL_EXPORTER_OTLP_PROTOCOL: http/protobuf (the default) or grpc. The
// exporters themselves read the endpoint, OTEL_EXPORTER_OTLP_HEADERS, the
// timeout, the compression and the certificates; the SDK reads
// OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES, OTEL_TRACES_SAMPLER and
// OTEL_BSP_*. TRACEPARENT, when set, is the parent of the command's span
// (a CI job's trace, say).
package otelsetup
