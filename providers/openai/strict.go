package openai

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/kaigi-dev/kaigi/providers/internal/jsonorder"
	"github.com/kaigi-dev/kaigi/providers/internal/schemaedit"
)

// StrictSchema returns a copy of schema, a decoded JSON Schema, adjusted to
// the subset that OpenAI's structured outputs accept with strict true. The
// argument is not modified.
//
// The adjustments, applied at every level:
//
//   - Every object with properties gets "additionalProperties": false and
//     lists every property in "required". An optional property becomes
//     required with its own type, not nullable: the model then writes an
//     empty value ("" or []) rather than null, so its answer still
//     validates against the original schema, which the caller checks.
//   - An object with neither properties nor a schema for additional
//     properties gets an empty "properties" and is closed.
//   - "oneOf" becomes "anyOf".
//   - Keywords strict mode may reject (pattern, format, minLength,
//     maximum, minimum, minItems, examples, default, allOf, ...) are
//     removed and restated in the node's description, as
//     "{maximum: 100, minimum: 0}", so the model still sees them.
//     "$schema", "$id" and "$comment" are dropped silently.
//   - A root that is only a "$ref" into "$defs" is replaced by the
//     definition it names (strict mode wants an object at the root); the
//     "$defs" stay for nested references.
//
// Kept as they are: type, properties, required, items, enum, const, anyOf,
// $ref, $defs, definitions, description and title.
func StrictSchema(schema map[string]any) map[string]any {
	root := strictNode(schema).(map[string]any)
	if ref, ok := root["$ref"].(string); ok && root["type"] == nil {
		if def, ok := lookupDef(root, ref); ok {
			inlined := make(map[string]any, len(def)+2)
			for k, v := range def {
				inlined[k] = v
			}
			for _, k := range []string{"$defs", "definitions"} {
				if v, ok := root[k]; ok {
					inlined[k] = v
				}
			}
			root = inlined
		}
	}
	return root
}

// orderedStrictSchema returns StrictSchema(schema) encoded with the key
// order of raw, the schema as the caller wrote it: strict mode generates
// properties in schema order, so a Go map's alphabetical order would
// change the answer (fix written before quotes). Keys StrictSchema adds
// follow the original ones.
func orderedStrictSchema(raw []byte, schema map[string]any) (json.RawMessage, error) {
	shape, err := jsonorder.Parse(raw)
	if err != nil {
		return nil, err
	}
	shape.Alias("oneOf", "anyOf")
	strict := StrictSchema(schema)
	if ref, ok := schema["$ref"].(string); ok && schema["type"] == nil && strict["$ref"] == nil {
		// The root was replaced by the definition it named.
		for _, k := range []string{"$defs", "definitions"} {
			name, ok := strings.CutPrefix(ref, "#/"+k+"/")
			if def := shape.Field(k).Field(name); ok && def != nil {
				inlined := &jsonorder.Node{Keys: slices.Clone(def.Keys), Fields: maps.Clone(def.Fields)}
				if inlined.Fields == nil {
					inlined.Fields = map[string]*jsonorder.Node{}
				}
				for _, k := range []string{"$defs", "definitions"} {
					if d := shape.Field(k); d != nil {
						inlined.Keys = append(inlined.Keys, k)
						inlined.Fields[k] = d
					}
				}
				shape = inlined
				break
			}
		}
	}
	return jsonorder.Marshal(strict, shape)
}

// lookupDef finds "#/$defs/Name" or "#/definitions/Name" in root.
func lookupDef(root map[string]any, ref string) (map[string]any, bool) {
	for _, k := range []string{"$defs", "definitions"} {
		name, ok := strings.CutPrefix(ref, "#/"+k+"/")
		if !ok {
			continue
		}
		defs, _ := root[k].(map[string]any)
		def, ok := defs[name].(map[string]any)
		return def, ok
	}
	return nil, false
}

// strictNode adjusts one schema node and, recursively, its children.
func strictNode(v any) any {
	node, ok := v.(map[string]any)
	if !ok {
		return v // boolean schemas and malformed nodes pass through
	}
	out := make(map[string]any, len(node)+2)
	extras := map[string]any{}
	for k, val := range node {
		switch k {
		case "type", "enum", "const", "description", "title", "$ref", "required":
			out[k] = val
		case "properties", "$defs", "definitions":
			out[k] = schemaedit.Each(val, strictNode)
		case "items", "additionalProperties":
			if items, ok := val.([]any); ok {
				out[k] = schemaedit.List(items, strictNode)
			} else {
				out[k] = strictNode(val)
			}
		case "anyOf", "oneOf":
			// joined below, anyOf first, so the order does not follow the map's
		case "$schema", "$id", "$comment":
		default:
			extras[k] = val
		}
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		if list, ok := node[k].([]any); ok && len(list) > 0 {
			out["anyOf"] = append(anyOfList(out["anyOf"]), schemaedit.List(list, strictNode)...)
		}
	}
	if isObject(out) {
		closeObject(out)
	}
	if len(extras) > 0 {
		out["description"] = schemaedit.Restate(out["description"], extras, extraValue)
	}
	return out
}

// closeObject makes an object node closed and every property required.
func closeObject(out map[string]any) {
	props, hasProps := out["properties"].(map[string]any)
	if !hasProps {
		if _, isSchema := out["additionalProperties"].(map[string]any); isSchema {
			return // a map type: strict mode cannot express it; leave it open
		}
		props = map[string]any{}
		out["properties"] = props
	}
	out["additionalProperties"] = false
	req := make([]any, 0, len(props))
	for name := range props {
		req = append(req, name)
	}
	slices.SortFunc(req, func(a, b any) int { return strings.Compare(a.(string), b.(string)) })
	out["required"] = req
}

func isObject(node map[string]any) bool {
	switch t := node["type"].(type) {
	case string:
		return t == "object"
	case []any:
		return slices.Contains(t, any("object"))
	}
	_, hasProps := node["properties"]
	return hasProps
}

func anyOfList(v any) []any {
	l, _ := v.([]any)
	return l
}

// extraValue writes a removed keyword's value for the description: as
// JSON ("regex" quoted).
func extraValue(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}
