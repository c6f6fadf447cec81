package anthropic_test

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/providers/anthropic"
	"github.com/kaigi-dev/kaigi/providers/conformance"
)

// propertyOrders is conformance.PropertyOrders, failing the test on bad
// JSON.
func propertyOrders(t *testing.T, data []byte) map[string][]string {
	t.Helper()
	out, err := conformance.PropertyOrders(data)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestSchemaKeyOrderOnTheWire: structured outputs write properties in
// schema order, so the schema sent keeps finding.Schema()'s property order
// (quotes before fix), not a Go map's alphabetical one.
func TestSchemaKeyOrderOnTheWire(t *testing.T) {
	p, calls := start()(t, "", conformance.Reply{Text: "{}"})
	req := agent.Request{Model: "claude-test", Messages: []agent.Message{agent.UserText("hi")}, Schema: finding.Schema()}
	if _, err := p.Complete(t.Context(), req); err != nil {
		t.Fatal(err)
	}
	var body struct {
		OutputConfig struct {
			Format struct {
				Type   string          `json:"type"`
				Schema json.RawMessage `json:"schema"`
			} `json:"format"`
		} `json:"output_config"`
	}
	if err := json.Unmarshal(calls()[0].Body, &body); err != nil {
		t.Fatal(err)
	}
	if body.OutputConfig.Format.Type != "json_schema" {
		t.Fatalf("format type %q, want json_schema", body.OutputConfig.Format.Type)
	}
	want := propertyOrders(t, finding.Schema())
	got := propertyOrders(t, body.OutputConfig.Format.Schema)
	if len(want) == 0 {
		t.Fatal("finding.Schema() has no properties")
	}
	for path, keys := range want {
		if !slices.Equal(got[path], keys) {
			t.Errorf("%s: keys on the wire %v, want %v", path, got[path], keys)
		}
	}
}

func TestNoSchemaSupportSendsNoOutputFormat(t *testing.T) {
	p, calls := start(anthropic.WithSchemaSupport(false))(t, "", conformance.Reply{Text: "{}"})
	if p.(*anthropic.Provider).SupportsSchema() {
		t.Error("SupportsSchema() = true after WithSchemaSupport(false)")
	}
	if !anthropic.New().SupportsSchema() {
		t.Error("SupportsSchema() = false by default")
	}
	req := agent.Request{Model: "claude-test", Messages: []agent.Message{agent.UserText("hi")}, Schema: finding.Schema()}
	if _, err := p.Complete(t.Context(), req); err != nil {
		t.Fatal(err)
	}
	if b := decodeBody(t, calls()[0]); b.OutputConfig != nil {
		t.Errorf("output_config sent: %+v", b.OutputConfig)
	}
}
