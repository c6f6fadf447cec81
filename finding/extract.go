package finding

import (
	"encoding/json"
	"fmt"
	"strings"
)

// ErrNoJSON means a model's reply holds no JSON object or array at all. It
// wraps ErrSchemaViolation, since the loops re-ask the model in that case
// too. It is the one such error of the module: agent.ErrNoJSON is the same
// value, for answers of any schema.
var ErrNoJSON = fmt.Errorf("%w: no JSON object in the reply", ErrSchemaViolation)

// maxCandidates bounds how many candidate Reports of one reply Extract
// validates, counting from the end of the reply.
const maxCandidates = 32

// Extract finds the Council JSON v1 Report in a model's reply, validates it
// and decodes it. The JSON may stand alone, sit in a ```json or plain ```
// fence, or be surrounded by prose; a byte order mark, CRLF line endings
// and Japanese text are fine.
//
// Extract scans the reply with a JSON-aware scanner (strings, escapes and
// balanced brackets; no regular expressions) and looks at the outermost
// objects and arrays it finds, from last to first. A value left unclosed at
// the end of the reply (say, prose "[a 5" screen]" whose '"' opened a
// string) is scanned again from just after its opening bracket, at most 8
// times, so a report after it is still found. An object with a
// "findings" or "schema_version" key is a candidate Report; the last
// candidate that validates wins, so a model that corrects itself is taken
// at its final word. At most 32 candidates are validated, so the work
// stays linear in the length of the reply. Trailing commas (",}" and ",]") are the one
// repair Extract makes; any other malformed JSON is reported, not guessed
// at.
//
// On failure the error wraps ErrSchemaViolation, so a loop knows to ask
// the model again, and is, in order of preference:
//   - the *ValidationError of the last candidate Report;
//   - a *ValidationError saying the reply holds a bare array of findings
//     (the old format) that must be wrapped in a Report;
//   - a *ValidationError naming the line where a JSON value is truncated or
//     broken beyond repair;
//   - the *ValidationError of the last other JSON object, checked as if it
//     were a Report;
//   - ErrNoJSON.
func Extract(text string) (Report, error) {
	cands, trouble := Candidates(text)
	var reportErr, bareErr error
	other := ""
	for i, n := len(cands)-1, 0; i >= 0 && n < maxCandidates; i-- {
		raw, kind := classify(cands[i])
		switch kind {
		case reportValue, brokenReport:
			n++
			rep, err := decodeReport(raw)
			if err == nil {
				return rep, nil
			}
			if reportErr == nil {
				reportErr = err
			}
		case findingsArray:
			if bareErr == nil {
				bareErr = &ValidationError{Violations: []Violation{{Message: bareArrayMessage}}}
			}
		case otherObject:
			if other == "" {
				other = raw
			}
		}
	}
	switch {
	case reportErr != nil:
		return Report{}, reportErr
	case bareErr != nil:
		return Report{}, bareErr
	case trouble != "":
		return Report{}, &ValidationError{Violations: []Violation{{Message: trouble}}}
	case other != "":
		_, err := decodeReport(other)
		return Report{}, err
	}
	return Report{}, ErrNoJSON
}

// valueKind classifies one outermost JSON-looking span.
type valueKind int

const (
	notJSON       valueKind = iota // prose in brackets, a number list, ...
	reportValue                    // an object with "findings" or "schema_version"
	brokenReport                   // malformed JSON that mentions those keys
	findingsArray                  // an array of finding-like objects
	otherObject                    // any other JSON object
)

// Candidate is one outermost {...} or [...] value of a model's reply, as
// Candidates finds it.
type Candidate struct {
	// Text is the value as the reply writes it, with trailing commas
	// (",}" and ",]") dropped when that makes it valid JSON.
	Text string
	// Valid reports whether Text is valid JSON.
	Valid bool
}

// Candidates returns the outermost JSON-looking objects and arrays of a
// model's reply in the order they appear, scanned the way Extract scans:
// strings and escapes are tracked, brackets in prose are tolerated, and a
// value left unclosed at the end is scanned again from just after its
// opening bracket, at most 8 times, so the work stays linear in the length
// of the reply. trouble describes, with its line in the reply, the first
// value that was abandoned or never closed (a truncated answer, say), or
// is "" when there was none. Callers that take a model at its final word,
// as Extract does, walk the result from the end.
func Candidates(reply string) (cands []Candidate, trouble string) {
	spans, trouble := scanJSON(reply)
	cands = make([]Candidate, len(spans))
	for i, sp := range spans {
		raw := reply[sp.start:sp.end]
		valid := json.Valid([]byte(raw))
		if !valid {
			if fixed, ok := dropTrailingCommas(raw); ok && json.Valid([]byte(fixed)) {
				raw, valid = fixed, true
			}
		}
		cands[i] = Candidate{Text: raw, Valid: valid}
	}
	return cands, trouble
}

// classify decides what kind of value a candidate is; it returns the
// candidate's text.
func classify(c Candidate) (string, valueKind) {
	raw := c.Text
	if !c.Valid {
		if raw[0] == '{' && (strings.Contains(raw, `"findings"`) || strings.Contains(raw, `"schema_version"`)) {
			return raw, brokenReport
		}
		return raw, notJSON
	}
	return raw, classifyValid(raw)
}

// classifyValid classifies a valid JSON object or array.
func classifyValid(raw string) valueKind {
	if raw[0] == '[' {
		var items []map[string]json.RawMessage
		if json.Unmarshal([]byte(raw), &items) != nil {
			return notJSON
		}
		for _, it := range items {
			for _, k := range [...]string{"issue", "fix", "quotes", "line_range", "severity"} {
				if _, ok := it[k]; ok {
					return findingsArray
				}
			}
		}
		return notJSON
	}
	var obj map[string]json.RawMessage
	if json.Unmarshal([]byte(raw), &obj) != nil {
		return notJSON
	}
	_, hasFindings := obj["findings"]
	_, hasVersion := obj["schema_version"]
	if hasFindings || hasVersion {
		return reportValue
	}
	return otherObject
}

// decodeReport validates raw and decodes it into a Report.
func decodeReport(raw string) (Report, error) {
	if err := Validate([]byte(raw)); err != nil {
		return Report{}, err
	}
	var rep Report
	if err := json.Unmarshal([]byte(raw), &rep); err != nil {
		// Validate accepted it, so this is a gap between the schema and
		// the Go types; report it as a violation all the same.
		return Report{}, &ValidationError{Violations: []Violation{{Message: "cannot decode: " + err.Error()}}}
	}
	return rep, nil
}
