package discussion

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// Notes are the descriptive fields of a spec's object that kaigi does not
// read but keeps, so that a spec written for the original loads as it is
// and its journaled copy still says what its author wrote: fields whose
// name ends in "_note", "_notes" or "_comment", or is "note", "notes",
// "comment" or "$comment" (the original's synthesizer carries a
// "name_note"). Any other field a spec does not define is refused.
type Notes map[string]json.RawMessage

// isNote reports whether a field name is a descriptive field (Notes).
func isNote(name string) bool {
	switch name {
	case "note", "notes", "comment", "$comment":
		return true
	}
	for _, suffix := range []string{"_note", "_notes", "_comment"} {
		if len(name) > len(suffix) && strings.HasSuffix(name, suffix) {
			return true
		}
	}
	return false
}

// jsonFields returns the JSON names of the fields of struct type t.
func jsonFields(t reflect.Type) []string {
	var names []string
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name != "-" && f.IsExported() {
			names = append(names, name)
		}
	}
	return names
}

// decodeStrict decodes the JSON object data into v (a pointer to a
// struct) and returns its descriptive fields; a field that v does not
// define and that is no Notes field is an error naming every such field
// and where (what: "the spec", "a participant").
func decodeStrict(data []byte, v any, what string) (Notes, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(data, &obj); err != nil || obj == nil {
		return nil, json.Unmarshal(data, v) // not an object: json's own error (or null)
	}
	known := jsonFields(reflect.TypeOf(v).Elem())
	var notes Notes
	var unknown []string
	for k, raw := range obj {
		switch {
		case slices.Contains(known, k):
		case isNote(k):
			if notes == nil {
				notes = Notes{}
			}
			notes[k] = raw
			delete(obj, k)
		default:
			unknown = append(unknown, strconv.Quote(k))
		}
	}
	if len(unknown) > 0 {
		slices.Sort(unknown)
		return nil, fmt.Errorf("unknown field %s in %s (a descriptive field's name ends in _note)", strings.Join(unknown, ", "), what)
	}
	rest, err := json.Marshal(obj)
	if err != nil {
		return nil, err
	}
	return notes, json.Unmarshal(rest, v)
}

// encodeWithNotes encodes v, an object, with notes beside its fields.
func encodeWithNotes(v any, notes Notes) ([]byte, error) {
	data, err := json.Marshal(v)
	if err != nil || len(notes) == 0 {
		return data, err
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(data, &obj); err != nil {
		return nil, err
	}
	maps.Copy(obj, notes)
	return json.Marshal(obj)
}

// The plain forms of the spec's types, decoded without their
// UnmarshalJSON.
type (
	plainSpec        Spec
	plainParticipant ParticipantSpec
	plainSynthesizer SynthesizerSpec
)

// UnmarshalJSON decodes a spec, keeping its descriptive fields in Notes
// and refusing any other field it does not define.
func (s *Spec) UnmarshalJSON(data []byte) (err error) {
	*s = Spec{}
	s.Notes, err = decodeStrict(data, (*plainSpec)(s), "the spec")
	return err
}

// MarshalJSON encodes a spec with its Notes beside its fields.
func (s Spec) MarshalJSON() ([]byte, error) { return encodeWithNotes(plainSpec(s), s.Notes) }

// UnmarshalJSON decodes a participant as Spec.UnmarshalJSON does.
func (p *ParticipantSpec) UnmarshalJSON(data []byte) (err error) {
	*p = ParticipantSpec{}
	p.Notes, err = decodeStrict(data, (*plainParticipant)(p), "a participant")
	return err
}

// MarshalJSON encodes a participant with its Notes.
func (p ParticipantSpec) MarshalJSON() ([]byte, error) {
	return encodeWithNotes(plainParticipant(p), p.Notes)
}

// UnmarshalJSON decodes the synthesizer as Spec.UnmarshalJSON does.
func (s *SynthesizerSpec) UnmarshalJSON(data []byte) (err error) {
	*s = SynthesizerSpec{}
	s.Notes, err = decodeStrict(data, (*plainSynthesizer)(s), "the synthesizer")
	return err
}

// MarshalJSON encodes the synthesizer with its Notes.
func (s SynthesizerSpec) MarshalJSON() ([]byte, error) {
	return encodeWithNotes(plainSynthesizer(s), s.Notes)
}

// schemaKeywords are the JSON Schema keywords of which one marks a
// verdict_schema as a schema rather than an example.
var schemaKeywords = []string{"$schema", "$ref", "$defs", "properties", "allOf", "anyOf", "oneOf", "not", "if", "const", "enum"}

// schemaTypes are the values of a schema's "type".
var schemaTypes = []string{"object", "array", "string", "number", "integer", "boolean", "null"}

// isExample reports whether a verdict_schema is an example of the verdict
// (the original's form, such as {"verdict":"PASS|WARN|FAIL","critical":[]})
// rather than a JSON Schema: a JSON object with none of schemaKeywords and
// no "type" naming a JSON Schema type.
func isExample(raw json.RawMessage) bool {
	var obj map[string]json.RawMessage
	if json.Unmarshal(raw, &obj) != nil || obj == nil {
		return false
	}
	for _, k := range schemaKeywords {
		if _, ok := obj[k]; ok {
			return false
		}
	}
	if t, ok := obj["type"]; ok {
		var name string
		var names []string
		if json.Unmarshal(t, &name) == nil {
			names = []string{name}
		} else if json.Unmarshal(t, &names) != nil {
			return true
		}
		for _, n := range names {
			if slices.Contains(schemaTypes, n) {
				return false
			}
		}
	}
	return true
}

// criticalSchema is the schema of the verdict's "critical" array
// (DefaultVerdictSchema's): each item names the surviving points it
// stands on.
const criticalSchema = `{"type":"array","items":{"type":"object","required":["points","issue"],"additionalProperties":false,` +
	`"properties":{"points":{"type":"array","minItems":1,"items":{"type":"string","minLength":1}},"issue":{"type":"string","minLength":1}}}}`

// schemaOf derives a verdict's JSON Schema from an example of it: every
// field of the example's objects is required and typed as in the example
// (an array's items as its first item), each string's example text its
// description; objects stay open to other fields, so that the runner's
// "absent" and "fallback" fit. The top-level "critical" takes kaigi's
// form (DefaultVerdictSchema's: items naming the surviving points, not
// the example's), required when the example has it.
func schemaOf(example json.RawMessage) (json.RawMessage, error) {
	var v any
	dec := json.NewDecoder(bytes.NewReader(example))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	s := schemaOfValue(v)
	props := s["properties"].(map[string]any)
	props["critical"] = json.RawMessage(criticalSchema)
	props["absent"] = map[string]any{"type": "array"}
	props["fallback"] = map[string]any{"type": "string"}
	return json.Marshal(s)
}

func schemaOfValue(v any) map[string]any {
	switch v := v.(type) {
	case map[string]any:
		props := map[string]any{}
		for k, x := range v {
			props[k] = schemaOfValue(x)
		}
		return map[string]any{"type": "object", "required": slices.Sorted(maps.Keys(v)), "properties": props}
	case []any:
		if len(v) == 0 {
			return map[string]any{"type": "array"}
		}
		return map[string]any{"type": "array", "items": schemaOfValue(v[0])}
	case string:
		s := map[string]any{"type": "string"}
		if v != "" {
			s["description"] = "for example: " + v
		}
		return s
	case json.Number:
		return map[string]any{"type": "number"}
	case bool:
		return map[string]any{"type": "boolean"}
	}
	return map[string]any{}
}

// zeroOf returns the empty value of an example's shape: an object with
// each field empty, [] for an array, "" for a string, 0, false or null.
func zeroOf(v any) any {
	switch v := v.(type) {
	case map[string]any:
		z := map[string]any{}
		for k, x := range v {
			z[k] = zeroOf(x)
		}
		return z
	case []any:
		return []any{}
	case string:
		return ""
	case json.Number, float64:
		return 0
	case bool:
		return false
	}
	return nil
}

// fillExample returns verdict with every top-level field of example it
// lacks set to that field's empty value (zeroOf): a verdict written in
// kaigi's words (verdict, critical, consensus, summary) that also fits a
// schema derived from the example. Without an example it is verdict.
func fillExample(verdict map[string]any, example json.RawMessage) map[string]any {
	var ex map[string]any
	if len(example) == 0 || json.Unmarshal(example, &ex) != nil {
		return verdict
	}
	for k, x := range ex {
		if _, ok := verdict[k]; !ok {
			verdict[k] = zeroOf(x)
		}
	}
	return verdict
}
