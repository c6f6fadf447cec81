package agent

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/invopop/jsonschema"
	jsv "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/kaigi-dev/kaigi/finding"
)

// ErrNoJSON reports a reply that holds no JSON object or array where one
// was asked for. It is finding.ErrNoJSON, one error for one meaning
// whichever package found the reply empty of JSON, and it wraps
// finding.ErrSchemaViolation.
var ErrNoJSON = finding.ErrNoJSON

// maxChecked bounds how many candidates of one reply are checked against
// a schema, counting from the end of the reply, as finding.Extract does.
const maxChecked = 32

// answerSchema is the schema of an answer type T, generated and compiled.
type answerSchema[T any] struct {
	raw   []byte      // the schema as JSON, for Request.Schema
	name  string      // T's type name, for Request.SchemaName
	sch   *jsv.Schema // compiled
	array bool        // T encodes as a JSON array
}

// schemaOf generates and compiles the schema of T. Types T refers to are
// put in "$defs" and referenced, so a recursive type is fine; the root is
// T's own schema.
func schemaOf[T any]() (answerSchema[T], error) {
	t := reflect.TypeFor[T]()
	r := jsonschema.Reflector{ExpandedStruct: true, Anonymous: true}
	s := r.ReflectFromType(t)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	name := t.Name()
	raw, err := json.Marshal(s)
	if err == nil && name != "" && s.Definitions[name] == nil && bytes.Contains(raw, []byte(`"#/$defs/`+name+`"`)) {
		// A recursive type refers to itself, but ExpandedStruct moved
		// its definition to the root.
		def := *s
		def.Version, def.Definitions = "", nil
		if s.Definitions == nil {
			s.Definitions = jsonschema.Definitions{}
		}
		s.Definitions[name] = &def
	}
	if err == nil {
		raw, err = json.MarshalIndent(s, "", "  ")
	}
	if err != nil {
		return answerSchema[T]{}, fmt.Errorf("agent: the JSON Schema of %v: %w", t, err)
	}
	sch, err := compileSchema(raw)
	if err != nil {
		return answerSchema[T]{}, fmt.Errorf("agent: the JSON Schema of %v: %w", t, err)
	}
	if name == "" {
		name = "answer"
	}
	return answerSchema[T]{raw: raw, name: name, sch: sch, array: rootIsArray(raw)}, nil
}

// extract returns the last candidate of reply that validates against the
// schema and decodes into T.
func (s answerSchema[T]) extract(reply string) (T, error) {
	var v T
	_, err := lastValid(reply, s.array, func(raw string) []finding.Violation {
		if vs := validateJSON(s.sch, raw); len(vs) > 0 {
			return vs
		}
		var t T
		if err := json.Unmarshal([]byte(raw), &t); err != nil {
			return []finding.Violation{{Message: fmt.Sprintf("cannot be decoded as %s: %v", s.name, err)}}
		}
		v = t
		return nil
	})
	return v, err
}

// rawExtractor returns an extractor that takes the last candidate of a
// reply matching the compiled schema sch, as its JSON text.
func rawExtractor(sch *jsv.Schema, array bool) func(string) (string, error) {
	return func(reply string) (string, error) {
		return lastValid(reply, array, func(raw string) []finding.Violation { return validateJSON(sch, raw) })
	}
}

// lastValid returns the text of the last candidate of reply (see
// finding.Candidates) that is valid JSON, an array when array is true and
// an object otherwise, and that check accepts (returns no violations). At
// most maxChecked candidates are checked. On failure the error is an
// *AnswerError with, in order of preference, the violations of the last
// candidate checked, the syntax error of the last malformed one, the
// scanner's trouble (a value never closed), or "no JSON" (wrapping
// ErrNoJSON).
func lastValid(reply string, array bool, check func(raw string) []finding.Violation) (string, error) {
	open := byte('{')
	if array {
		open = '['
	}
	cands, trouble := finding.Candidates(reply)
	var first []finding.Violation // of the last candidate checked
	malformed := ""
	for i, n := len(cands)-1, 0; i >= 0 && n < maxChecked; i-- {
		c := cands[i]
		if c.Text[0] != open {
			continue
		}
		if !c.Valid {
			if malformed == "" && strings.Contains(c.Text, `"`) {
				malformed = syntaxError(c.Text)
			}
			continue
		}
		n++
		vs := check(c.Text)
		if len(vs) == 0 {
			return c.Text, nil
		}
		if first == nil {
			first = vs
		}
	}
	switch {
	case first != nil:
		return "", &AnswerError{Violations: first}
	case malformed != "":
		return "", &AnswerError{Violations: []finding.Violation{{Message: malformed}}}
	case trouble != "":
		return "", &AnswerError{Violations: []finding.Violation{{Message: trouble}}}
	}
	what := "object"
	if array {
		what = "array"
	}
	return "", &AnswerError{Violations: []finding.Violation{{Message: "no JSON " + what + " in your answer"}}, Err: ErrNoJSON}
}

// syntaxError says why raw is not valid JSON.
func syntaxError(raw string) string {
	var v any
	err := json.Unmarshal([]byte(raw), &v)
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line := 1 + strings.Count(raw[:min(int(se.Offset), len(raw))], "\n")
		return fmt.Sprintf("not valid JSON: %v (line %d of the value)", se, line)
	}
	return fmt.Sprintf("not valid JSON: %v", err)
}

// validateJSON checks raw, valid JSON, against sch.
func validateJSON(sch *jsv.Schema, raw string) []finding.Violation {
	doc, err := jsv.UnmarshalJSON(strings.NewReader(raw))
	if err != nil {
		return []finding.Violation{{Message: "not valid JSON: " + err.Error()}}
	}
	return finding.SchemaViolations(sch.Validate(doc))
}

// rootIsArray reports whether a JSON Schema's root type is "array".
func rootIsArray(schema []byte) bool {
	var root struct {
		Type any `json:"type"`
	}
	if json.Unmarshal(schema, &root) != nil {
		return false
	}
	return root.Type == "array"
}

// compileSchema compiles a JSON Schema given as JSON.
func compileSchema(schema []byte) (*jsv.Schema, error) {
	doc, err := jsv.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		return nil, err
	}
	const id = "urn:kaigi:answer-schema"
	c := jsv.NewCompiler()
	c.DefaultDraft(jsv.Draft2020)
	if err := c.AddResource(id, doc); err != nil {
		return nil, err
	}
	return c.Compile(id)
}

// withSchemaInPrompt returns msgs with schema spelled out at the end of
// the last user message (a new one when the last is not the user's); msgs
// itself is not changed.
func withSchemaInPrompt(msgs []Message, schema []byte) []Message {
	text := schemaPrompt(schema)
	out := append([]Message(nil), msgs...)
	if n := len(out); n > 0 && out[n-1].Role == User {
		out[n-1] = Message{Role: User, Parts: append(append([]Part(nil), out[n-1].Parts...), Part{Text: text})}
		return out
	}
	return append(out, UserText(text))
}
