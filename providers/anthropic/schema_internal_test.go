package anthropic

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/providers/conformance"
)

// FuzzAdjustSchema feeds arbitrary JSON objects to adjustSchema: it must
// not panic, must leave its argument alone, must return something JSON
// can encode, and adjusting twice must equal adjusting once.
func FuzzAdjustSchema(f *testing.F) {
	f.Add(conformance.ReportSchema)
	f.Add(string(finding.Schema()))
	f.Add(`{"$ref":"#/$defs/X","$defs":{"X":{"type":"object","properties":{"a":{"oneOf":[true,{"type":"null"},{}]}}}}}`)
	f.Add(`{"type":["object","null"],"properties":{"a":1},"items":[{"type":"object"},false]}`)
	f.Add(`{"type":"array","items":{"type":"string","format":"regex"},"minItems":3,"anyOf":"not a list"}`)
	f.Add(`{"type":"object","additionalProperties":{"description":"x"},"$defs":{},"enum":[],"const":null}`)
	f.Fuzz(func(t *testing.T, in string) {
		var schema, before map[string]any
		if json.Unmarshal([]byte(in), &schema) != nil || schema == nil {
			return
		}
		_ = json.Unmarshal([]byte(in), &before)
		once := adjustSchema(schema)
		if !reflect.DeepEqual(schema, before) {
			t.Fatal("adjustSchema changed its argument")
		}
		b, err := json.Marshal(once)
		if err != nil {
			t.Fatalf("result does not encode: %v", err)
		}
		var again map[string]any
		if err := json.Unmarshal(b, &again); err != nil {
			t.Fatal(err)
		}
		b2, _ := json.Marshal(adjustSchema(again))
		if string(b) != string(b2) {
			t.Fatalf("not idempotent:\n once %s\ntwice %s", b, b2)
		}
	})
}
