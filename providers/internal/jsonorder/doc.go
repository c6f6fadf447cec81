// Package jsonorder encodes decoded JSON (map[string]any, []any and
// scalars) with the key order of a reference document, so that a JSON
// Schema transformed through Go maps keeps its properties in the order the
// schema's author wrote them. OpenAI's strict structured outputs generate
// properties in schema order, so the order is part of the prompt.
package jsonorder
