package openai_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/kaigi-dev/kaigi/providers/conformance"
	"github.com/kaigi-dev/kaigi/providers/openai"
)

func decode(t *testing.T, s string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		t.Fatalf("bad test JSON %s: %v", s, err)
	}
	return m
}

func TestStrictSchema(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{
			name: "object closed and every property required",
			in:   `{"type":"object","properties":{"b":{"type":"string"},"a":{"type":"integer"}},"required":["a"]}`,
			want: `{"type":"object","properties":{"b":{"type":"string"},"a":{"type":"integer"}},"required":["a","b"],"additionalProperties":false}`,
		},
		{
			name: "open additionalProperties closed",
			in:   `{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":true}`,
			want: `{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false}`,
		},
		{
			name: "unsupported keywords restated in the description",
			in:   `{"type":"integer","description":"Confidence.","minimum":0,"maximum":100}`,
			want: `{"type":"integer","description":"Confidence.\n\n{maximum: 100, minimum: 0}"}`,
		},
		{
			name: "string constraints without a description",
			in:   `{"type":"string","pattern":"^[0-9]+(-[0-9]+)?$","minLength":1,"format":"regex","examples":["12-15"]}`,
			want: `{"type":"string","description":"{examples: [\"12-15\"], format: \"regex\", minLength: 1, pattern: \"^[0-9]+(-[0-9]+)?$\"}"}`,
		},
		{
			name: "enum and const kept, $schema and $id dropped",
			in:   `{"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"x","type":"string","enum":["low","high"],"const":"low"}`,
			want: `{"type":"string","enum":["low","high"],"const":"low"}`,
		},
		{
			name: "nested arrays of objects",
			in:   `{"type":"array","items":{"type":"object","properties":{"q":{"type":"array","items":{"type":"string","maxLength":40}}}}}`,
			want: `{"type":"array","items":{"type":"object","properties":{"q":{"type":"array","items":{"type":"string","description":"{maxLength: 40}"}}},"required":["q"],"additionalProperties":false}}`,
		},
		{
			name: "oneOf becomes anyOf",
			in:   `{"oneOf":[{"type":"string"},{"type":"object","properties":{"x":{"type":"number"}}}]}`,
			want: `{"anyOf":[{"type":"string"},{"type":"object","properties":{"x":{"type":"number"}},"required":["x"],"additionalProperties":false}]}`,
		},
		{
			name: "root $ref inlined, $defs adjusted and kept",
			in:   `{"$schema":"s","$ref":"#/$defs/Report","$defs":{"Report":{"type":"object","properties":{"f":{"$ref":"#/$defs/F"}}},"F":{"type":"object","properties":{"id":{"type":"string","minLength":1}}}}}`,
			want: `{"type":"object","properties":{"f":{"$ref":"#/$defs/F"}},"required":["f"],"additionalProperties":false,"$defs":{"Report":{"type":"object","properties":{"f":{"$ref":"#/$defs/F"}},"required":["f"],"additionalProperties":false},"F":{"type":"object","properties":{"id":{"type":"string","description":"{minLength: 1}"}},"required":["id"],"additionalProperties":false}}}`,
		},
		{
			name: "object without properties closed empty",
			in:   `{"type":"object"}`,
			want: `{"type":"object","properties":{},"required":[],"additionalProperties":false}`,
		},
		{
			name: "map type left open",
			in:   `{"type":"object","additionalProperties":{"type":"string","minLength":2}}`,
			want: `{"type":"object","additionalProperties":{"type":"string","description":"{minLength: 2}"}}`,
		},
		{
			name: "nullable type list is an object",
			in:   `{"type":["object","null"],"properties":{"a":{"type":"string"}}}`,
			want: `{"type":["object","null"],"properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false}`,
		},
		{
			name: "Japanese description kept",
			in:   `{"type":"string","description":"指摘の本文","default":"なし"}`,
			want: `{"type":"string","description":"指摘の本文\n\n{default: \"なし\"}"}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := decode(t, tt.in)
			got := openai.StrictSchema(in)
			if want := decode(t, tt.want); !reflect.DeepEqual(got, want) {
				g, _ := json.Marshal(got)
				t.Errorf("StrictSchema(%s)\n got %s\nwant %s", tt.in, g, tt.want)
			}
			if !reflect.DeepEqual(in, decode(t, tt.in)) {
				t.Errorf("StrictSchema changed its argument")
			}
		})
	}
}

// TestStrictSchemaIdempotent checks a property: adjusting twice changes
// nothing more than adjusting once.
func TestStrictSchemaIdempotent(t *testing.T) {
	once := openai.StrictSchema(decode(t, conformance.ReportSchema))
	b, _ := json.Marshal(once)
	twice := openai.StrictSchema(decode(t, string(b)))
	if !reflect.DeepEqual(once, twice) {
		t.Errorf("not idempotent:\n once %v\ntwice %v", once, twice)
	}
}
