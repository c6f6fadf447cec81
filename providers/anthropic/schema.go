package anthropic

import (
	"encoding/json"

	"github.com/kaigi-dev/kaigi/providers/internal/schemaedit"
)

// adjustSchema returns a copy of schema, a decoded JSON Schema, adjusted
// to what the Messages API's structured outputs accept, as the official
// SDK adjusts it (its BetaJSONSchemaOutputFormat). The argument is not
// modified. At every level:
//
//   - A node with "$ref" is that reference alone, except that the root
//     keeps its "$defs" (the SDK drops them, leaving the reference
//     unresolved).
//   - Keywords of JSON Schema other than those kept (see below) are
//     removed and restated after the node's description, as "{maximum:
//     100, minimum: 0}"; so are a string's "format" outside the API's list
//     and an array's "minItems" other than 0 or 1. Keys JSON Schema does
//     not define ("definitions", "x-...") are dropped.
//   - "oneOf" becomes "anyOf" (dropped when both are there); variants
//     left without meaning are dropped from "anyOf".
//   - A node with no "type", "anyOf", "allOf", "enum" or "const" means
//     nothing to the API and becomes true.
//   - An object with "properties" is closed ("additionalProperties":
//     false), one without properties or a schema for additional ones gets
//     empty properties and is closed, and a map (additionalProperties a
//     schema) stays open.
//
// Kept: $ref, $defs, type, anyOf, allOf, description, title, enum, const,
// properties, additionalProperties, required, items, minItems, format and
// pattern. "required" is left as it is: the API enforces it.
func adjustSchema(schema map[string]any) map[string]any {
	out, ok := adjustNode(schema).(map[string]any)
	if !ok {
		return map[string]any{} // the root meant nothing: any JSON
	}
	if _, isRef := out["$ref"]; isRef {
		if defs, ok := schema["$defs"].(map[string]any); ok {
			out["$defs"] = schemaedit.Each(defs, adjustNode)
		}
	}
	return out
}

// adjustNode adjusts one node and its children. It returns true for a
// node object left without meaning, and any value that is not an object
// (a boolean schema, a malformed node) as it is.
func adjustNode(v any) any {
	node, ok := v.(map[string]any)
	if !ok {
		return v
	}
	if ref, ok := node["$ref"]; ok {
		return map[string]any{"$ref": ref}
	}
	out := make(map[string]any, len(node)+2)
	extras := map[string]any{}
	for k, val := range node {
		switch {
		case kept(k):
			if !omitted(k, val) {
				out[k] = val
			}
		case known(k) && val != nil && val != false && val != "":
			extras[k] = val
		}
	}
	if defs, ok := out["$defs"].(map[string]any); ok {
		out["$defs"] = schemaedit.Each(defs, adjustNode)
	}
	if one, ok := out["oneOf"]; ok {
		if _, both := out["anyOf"]; !both {
			out["anyOf"] = one
		}
		delete(out, "oneOf")
	}
	if list, ok := out["anyOf"].([]any); ok {
		variants := make([]any, 0, len(list))
		for _, v := range list {
			a := adjustNode(v)
			if _, wasNode := v.(map[string]any); wasNode && a == true {
				continue // a variant without meaning would match anything
			}
			variants = append(variants, a)
		}
		if out["anyOf"] = variants; len(variants) == 0 {
			delete(out, "anyOf")
		}
	}
	if list, ok := out["allOf"].([]any); ok {
		out["allOf"] = schemaedit.List(list, adjustNode)
	}
	if !meaningful(out) {
		return true
	}
	switch out["type"] {
	case "object":
		props, hasProps := out["properties"].(map[string]any)
		switch mapType := out["additionalProperties"] != nil; {
		case hasProps:
			out["properties"] = schemaedit.Each(props, adjustNode)
			out["additionalProperties"] = false
		case mapType:
			out["additionalProperties"] = adjustNode(out["additionalProperties"])
		default:
			out["properties"] = map[string]any{}
			out["additionalProperties"] = false
		}
	case "string":
		if f, ok := out["format"]; ok && !supportedFormat(f) {
			extras["format"] = f
			delete(out, "format")
		}
	case "array":
		if items, ok := out["items"]; ok {
			out["items"] = adjustNode(items)
		}
		if n, ok := out["minItems"].(float64); ok && n != 0 && n != 1 {
			extras["minItems"] = n
			delete(out, "minItems")
		}
	}
	if len(extras) > 0 {
		out["description"] = schemaedit.Restate(out["description"], extras, extraValue)
	}
	return out
}

// meaningful reports whether a node says something the API reads: a
// type, variants, an enumeration or a constant.
func meaningful(node map[string]any) bool {
	list := func(k string) bool { l, _ := node[k].([]any); return len(l) > 0 }
	_, typed := node["type"]
	return typed || list("anyOf") || list("allOf") || list("enum") || node["const"] != nil
}

// kept reports whether the API reads the keyword k.
func kept(k string) bool {
	switch k {
	case "$ref", "$defs", "type", "anyOf", "oneOf", "allOf", "description", "title",
		"enum", "const", "properties", "additionalProperties", "required", "items",
		"minItems", "format", "pattern":
		return true
	}
	return false
}

// known reports whether JSON Schema (draft 2020-12) defines the keyword
// k; those the API does not read are restated in the description.
func known(k string) bool {
	switch k {
	case "$schema", "$id", "$anchor", "$dynamicRef", "$comment",
		"not", "if", "then", "else", "dependentSchemas",
		"prefixItems", "contains", "patternProperties", "propertyNames",
		"multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
		"maxLength", "minLength", "maxItems", "uniqueItems", "maxContains", "minContains",
		"maxProperties", "minProperties", "dependentRequired",
		"contentEncoding", "contentMediaType", "contentSchema",
		"default", "deprecated", "readOnly", "writeOnly", "examples":
		return true
	}
	return false
}

// omitted reports whether a kept keyword's value says nothing and is left
// out, as the SDK leaves it out: null, "", an empty list, empty $defs.
func omitted(k string, v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case string:
		return v == ""
	case []any:
		return len(v) == 0
	case map[string]any:
		return k == "$defs" && len(v) == 0
	}
	return false
}

// supportedFormat reports whether the API accepts the string format f.
func supportedFormat(f any) bool {
	switch f {
	case "date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid":
		return true
	}
	return false
}

// extraValue writes a removed keyword's value for the description, as
// the SDK did: a string as it is, anything else as JSON.
func extraValue(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	b, _ := json.Marshal(v) // decoded JSON always encodes
	return string(b)
}
