package openai_test

import (
	"encoding/json"
	"testing"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/providers/openai"
)

// TestStrictCouncilSchema adjusts the real Council JSON v1 schema and
// checks what strict mode needs, and that an answer shaped by the strict
// schema (optional fields present and empty) still passes the original
// schema, which is what callers validate against.
func TestStrictCouncilSchema(t *testing.T) {
	var schema map[string]any
	if err := json.Unmarshal(finding.Schema(), &schema); err != nil {
		t.Fatal(err)
	}
	strict := openai.StrictSchema(schema)
	if strict["type"] != "object" {
		t.Fatalf("root type = %v, want object", strict["type"])
	}
	var walk func(path string, n any)
	objects := 0
	walk = func(path string, n any) {
		switch v := n.(type) {
		case map[string]any:
			if props, ok := v["properties"].(map[string]any); ok {
				objects++
				if v["additionalProperties"] != false {
					t.Errorf("%s: additionalProperties = %v, want false", path, v["additionalProperties"])
				}
				req, _ := v["required"].([]any)
				if len(req) != len(props) {
					t.Errorf("%s: required %v does not list all of %d properties", path, req, len(props))
				}
			}
			for _, bad := range []string{"minLength", "minimum", "maximum", "pattern", "$schema", "$id"} {
				if _, ok := v[bad]; ok {
					t.Errorf("%s: keyword %s left in", path, bad)
				}
			}
			for k, sub := range v {
				walk(path+"/"+k, sub)
			}
		case []any:
			for _, sub := range v {
				walk(path+"/[]", sub)
			}
		}
	}
	walk("#", strict)
	if objects < 2 {
		t.Errorf("found %d objects with properties, want the report and the finding", objects)
	}

	answer := `{"reviewer":"anti-ai-slop","schema_version":"1","summary":"一件。","memo":"",
		"findings":[{"id":"F001","category":"ai-slop","file":"","line_range":"3","issue":"Stock phrase",
		"fix":"","confidence":80,"severity":"low","quotes":["It is worth noting"]}]}`
	if err := finding.Validate([]byte(answer)); err != nil {
		t.Errorf("a strict-mode answer with empty optional fields fails the original schema: %v", err)
	}
}
