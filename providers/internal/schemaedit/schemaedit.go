// Package schemaedit holds what the providers' schema adjustments
// (openai.StrictSchema, the anthropic output format) share: applying an
// adjustment to every child of a decoded JSON Schema node, and restating
// removed keywords in a node's description so the model still reads them.
package schemaedit

import (
	"slices"
	"strings"
)

// Each returns a copy of v, when it is an object, with f applied to each
// value (the members of "properties" or "$defs"); any other v is
// returned as it is.
func Each(v any, f func(any) any) any {
	m, ok := v.(map[string]any)
	if !ok {
		return v
	}
	out := make(map[string]any, len(m))
	for k, sub := range m {
		out[k] = f(sub)
	}
	return out
}

// List returns a copy of list with f applied to each element.
func List(list []any, f func(any) any) []any {
	out := make([]any, len(list))
	for i, sub := range list {
		out[i] = f(sub)
	}
	return out
}

// Restate returns desc, a node's description (a string or nothing),
// followed by the removed keywords extras, sorted by name and written by
// value: "Age in years.\n\n{maximum: 150, minimum: 0}". Without a
// description the keywords stand alone.
func Restate(desc any, extras map[string]any, value func(any) string) string {
	keys := make([]string, 0, len(extras))
	for k := range extras {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + ": " + value(extras[k])
	}
	s := "{" + strings.Join(parts, ", ") + "}"
	if d, ok := desc.(string); ok && d != "" {
		return d + "\n\n" + s
	}
	return s
}
