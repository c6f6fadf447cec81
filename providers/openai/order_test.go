package openai_test

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
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

// TestSchemaKeyOrderOnTheWire: strict structured outputs generate
// properties in schema order, so the schema sent keeps finding.Schema()'s
// property order (quotes before fix), not a Go map's alphabetical one.
func TestSchemaKeyOrderOnTheWire(t *testing.T) {
	p, calls := start()(t, "k", conformance.Reply{Text: "{}"})
	req := agent.Request{Model: "m", Messages: []agent.Message{agent.UserText("hi")}, Schema: finding.Schema(), SchemaName: "report"}
	if _, err := p.Complete(t.Context(), req); err != nil {
		t.Fatal(err)
	}
	var body struct {
		ResponseFormat struct {
			JSONSchema struct {
				Schema json.RawMessage `json:"schema"`
			} `json:"json_schema"`
		} `json:"response_format"`
	}
	if err := json.Unmarshal(calls()[0].Body, &body); err != nil {
		t.Fatal(err)
	}
	want := propertyOrders(t, finding.Schema())
	got := propertyOrders(t, body.ResponseFormat.JSONSchema.Schema)
	if len(want) == 0 {
		t.Fatal("finding.Schema() has no properties")
	}
	for path, keys := range want {
		if !slices.Equal(got[path], keys) {
			t.Errorf("%s: keys on the wire %v, want %v", path, got[path], keys)
		}
	}
}

// TestSchemaKeyOrderInlinedRoot: a root that is only a $ref is replaced by
// its definition, and oneOf becomes anyOf; both keep the written order.
func TestSchemaKeyOrderInlinedRoot(t *testing.T) {
	p, calls := start()(t, "k", conformance.Reply{Text: "{}"})
	schema := `{"$ref":"#/$defs/R","$defs":{"R":{"type":"object","properties":{` +
		`"zeta":{"oneOf":[{"type":"object","properties":{"b":{"type":"string"},"a":{"type":"string"}}}]},"alpha":{"type":"string"}}}}}`
	req := agent.Request{Model: "m", Messages: []agent.Message{agent.UserText("hi")}, Schema: []byte(schema)}
	if _, err := p.Complete(t.Context(), req); err != nil {
		t.Fatal(err)
	}
	var body struct {
		ResponseFormat struct {
			JSONSchema struct {
				Schema json.RawMessage `json:"schema"`
			} `json:"json_schema"`
		} `json:"response_format"`
	}
	if err := json.Unmarshal(calls()[0].Body, &body); err != nil {
		t.Fatal(err)
	}
	got := propertyOrders(t, body.ResponseFormat.JSONSchema.Schema)
	for path, want := range map[string][]string{
		"/properties":                         {"zeta", "alpha"},
		"/properties/zeta/anyOf/0/properties": {"b", "a"},
		"/$defs/R/properties":                 {"zeta", "alpha"},
	} {
		if !slices.Equal(got[path], want) {
			t.Errorf("%s: keys on the wire %v, want %v", path, got[path], want)
		}
	}
}
