package openai_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/providers/conformance"
	"github.com/kaigi-dev/kaigi/providers/openai"
)

// FuzzStrictSchema feeds arbitrary JSON objects to StrictSchema: it must
// not panic, must leave its argument alone, must return something JSON
// can encode, and adjusting twice must equal adjusting once.
func FuzzStrictSchema(f *testing.F) {
	f.Add(conformance.ReportSchema)
	f.Add(string(finding.Schema()))
	f.Add(`{"$ref":"#/$defs/X","$defs":{"X":{"type":"object","properties":{"a":{"oneOf":[true,{"type":"null"}]}}}}}`)
	f.Add(`{"type":["object","null"],"properties":{"a":1},"items":[{"type":"object"},false]}`)
	f.Add(`{"$ref":"#/definitions/missing","anyOf":"not a list","properties":[]}`)
	f.Fuzz(func(t *testing.T, in string) {
		var schema map[string]any
		if json.Unmarshal([]byte(in), &schema) != nil || schema == nil {
			return
		}
		var before map[string]any
		_ = json.Unmarshal([]byte(in), &before)
		once := openai.StrictSchema(schema)
		if !reflect.DeepEqual(schema, before) {
			t.Fatal("StrictSchema changed its argument")
		}
		b, err := json.Marshal(once)
		if err != nil {
			t.Fatalf("result does not encode: %v", err)
		}
		var again map[string]any
		if err := json.Unmarshal(b, &again); err != nil {
			t.Fatal(err)
		}
		twice := openai.StrictSchema(again)
		b2, _ := json.Marshal(twice)
		if string(b) != string(b2) {
			t.Fatalf("not idempotent:\n once %s\ntwice %s", b, b2)
		}
	})
}
