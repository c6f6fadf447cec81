// Package otlptest is an OTLP trace receiver for tests: the commands are
// pointed at it with OTEL_EXPORTER_OTLP_ENDPOINT, as a user points them
// at a collector, and what arrives is decoded with the OpenTelemetry
// project's own protobuf types (go.opentelemetry.io/proto/otlp).
package otlptest

import (
	"compress/gzip"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"

	coltracepb "go.opentelemetry.io/proto/otlp/collector/trace/v1"
	commonpb "go.opentelemetry.io/proto/otlp/common/v1"
	tracepb "go.opentelemetry.io/proto/otlp/trace/v1"
	"google.golang.org/protobuf/proto"
)

// Span is one received span, flattened.
type Span struct {
	Name                      string
	TraceID, SpanID, ParentID string // hex; ParentID is "" for a root
	Kind                      tracepb.Span_SpanKind
	Status                    tracepb.Status_StatusCode
	Scope                     string            // the instrumentation scope's name
	Attributes                map[string]string // values as Value renders them
	Resource                  map[string]string
	Events                    []string // event names
}

// Receiver collects the spans of every export it is sent. It is safe for
// concurrent use.
type Receiver struct {
	mu    sync.Mutex
	spans []Span
	heads []http.Header // of each OTLP/HTTP request
}

// Spans returns every span received so far, in arrival order.
func (r *Receiver) Spans() []Span {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Span(nil), r.spans...)
}

// Headers returns the headers of each OTLP/HTTP request received.
func (r *Receiver) Headers() []http.Header {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]http.Header(nil), r.heads...)
}

// add flattens req's spans into r.
func (r *Receiver) add(req *coltracepb.ExportTraceServiceRequest) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, rs := range req.GetResourceSpans() {
		res := attributes(rs.GetResource().GetAttributes())
		for _, ss := range rs.GetScopeSpans() {
			for _, s := range ss.GetSpans() {
				sp := Span{Name: s.GetName(), TraceID: hex.EncodeToString(s.GetTraceId()), SpanID: hex.EncodeToString(s.GetSpanId()),
					ParentID: hex.EncodeToString(s.GetParentSpanId()), Kind: s.GetKind(), Status: s.GetStatus().GetCode(),
					Scope: ss.GetScope().GetName(), Attributes: attributes(s.GetAttributes()), Resource: res}
				for _, e := range s.GetEvents() {
					sp.Events = append(sp.Events, e.GetName())
				}
				r.spans = append(r.spans, sp)
			}
		}
	}
}

// HTTP starts an OTLP/HTTP receiver, stopped when the test ends, and
// returns its base URL (the value of OTEL_EXPORTER_OTLP_ENDPOINT). It
// accepts protobuf bodies on /v1/traces, gzip-compressed or not; anything
// else fails the test.
func HTTP(t testing.TB) (*Receiver, string) {
	r := &Receiver{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		got, err := decode(req)
		if err != nil {
			t.Errorf("otlptest: %v", err)
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		r.mu.Lock()
		r.heads = append(r.heads, req.Header.Clone())
		r.mu.Unlock()
		r.add(got)
		body, _ := proto.Marshal(&coltracepb.ExportTraceServiceResponse{})
		w.Header().Set("Content-Type", "application/x-protobuf")
		w.Write(body)
	}))
	t.Cleanup(srv.Close)
	return r, srv.URL
}

// decode reads one OTLP/HTTP export request.
func decode(req *http.Request) (*coltracepb.ExportTraceServiceRequest, error) {
	if req.Method != http.MethodPost || req.URL.Path != "/v1/traces" || req.Header.Get("Content-Type") != "application/x-protobuf" {
		return nil, fmt.Errorf("%s %s (%s), want POST /v1/traces (application/x-protobuf)", req.Method, req.URL.Path, req.Header.Get("Content-Type"))
	}
	body := io.Reader(req.Body)
	if req.Header.Get("Content-Encoding") == "gzip" {
		z, err := gzip.NewReader(req.Body)
		if err != nil {
			return nil, fmt.Errorf("gzip: %w", err)
		}
		body = z
	}
	raw, err := io.ReadAll(body)
	if err != nil {
		return nil, fmt.Errorf("read: %w", err)
	}
	var got coltracepb.ExportTraceServiceRequest
	if err := proto.Unmarshal(raw, &got); err != nil {
		return nil, fmt.Errorf("decode: %w", err)
	}
	return &got, nil
}

// attributes renders kvs with Value.
func attributes(kvs []*commonpb.KeyValue) map[string]string {
	m := make(map[string]string, len(kvs))
	for _, kv := range kvs {
		m[kv.GetKey()] = Value(kv.GetValue())
	}
	return m
}

// Value renders an attribute value: a string as it is, a number or a
// boolean as strconv writes it, an array as its values in brackets,
// separated by commas.
func Value(v *commonpb.AnyValue) string {
	switch x := v.GetValue().(type) {
	case *commonpb.AnyValue_StringValue:
		return x.StringValue
	case *commonpb.AnyValue_IntValue:
		return strconv.FormatInt(x.IntValue, 10)
	case *commonpb.AnyValue_BoolValue:
		return strconv.FormatBool(x.BoolValue)
	case *commonpb.AnyValue_DoubleValue:
		return strconv.FormatFloat(x.DoubleValue, 'g', -1, 64)
	case *commonpb.AnyValue_ArrayValue:
		var parts []string
		for _, e := range x.ArrayValue.GetValues() {
			parts = append(parts, Value(e))
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	return v.String()
}

// Env returns the environment of a command traced to endpoint: the OTLP
// endpoint set, and the other OpenTelemetry variables a test's own
// environment might hold blanked (all of them, endpoint "" included, for
// a test that appends its own). Append it after os.Environ(): the last
// value of a variable wins.
func Env(endpoint string) []string {
	return []string{"OTEL_EXPORTER_OTLP_ENDPOINT=" + endpoint, "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=", "OTEL_EXPORTER_OTLP_PROTOCOL=",
		"OTEL_EXPORTER_OTLP_TRACES_PROTOCOL=", "OTEL_TRACES_EXPORTER=", "OTEL_SDK_DISABLED=", "OTEL_SERVICE_NAME=", "OTEL_RESOURCE_ATTRIBUTES=",
		"OTEL_EXPORTER_OTLP_HEADERS=", "OTEL_EXPORTER_OTLP_TRACES_HEADERS=", "TRACEPARENT=", "TRACESTATE="}
}

// Tree returns each span's name with its parent's, "child < parent" ("name
// < " for a root, "name < ?" for a parent not received), counted.
func Tree(spans []Span) map[string]int {
	names := map[string]string{}
	for _, s := range spans {
		names[s.SpanID] = s.Name
	}
	tree := map[string]int{}
	for _, s := range spans {
		p, ok := names[s.ParentID]
		if !ok && s.ParentID != "" {
			p = "?"
		}
		tree[s.Name+" < "+p]++
	}
	return tree
}
