package discussion

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	jsv "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop/discussion/board"
)

// DefaultVerdictSchema is the verdict's JSON Schema unless a spec gives
// its own: the original's example ({"verdict":"PASS|WARN|FAIL","critical":[],
// "consensus":"","summary":""}) made a real schema, with each critical item
// naming the surviving points it stands on, and the runner's "absent" and
// "fallback", which the lead does not write.
const DefaultVerdictSchema = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["verdict", "critical", "consensus", "summary"],
  "additionalProperties": false,
  "properties": {
    "verdict": {"enum": ["PASS", "WARN", "FAIL"]},
    "critical": {
      "type": "array",
      "items": {
        "type": "object",
        "required": ["points", "issue"],
        "additionalProperties": false,
        "properties": {
          "points": {"type": "array", "minItems": 1, "items": {"type": "string", "minLength": 1}},
          "issue": {"type": "string", "minLength": 1}
        }
      }
    },
    "consensus": {"type": "string"},
    "summary": {"type": "string"},
    "absent": {
      "type": "array",
      "items": {
        "type": "object",
        "required": ["name", "round", "reason"],
        "properties": {"name": {"type": "string"}, "round": {"type": "integer"}, "reason": {"type": "string"}}
      }
    },
    "fallback": {"type": "string"}
  }
}`

// Absence is a participant that did not answer in time, twice, as the runner
// records it in the verdict.
type Absence struct {
	Name   string `json:"name"`
	Round  int    `json:"round"`
	Reason string `json:"reason"`
}

// Critical is one critical item of a verdict: the problem and the points it
// stands on.
type Critical struct {
	Points []string `json:"points"`
	Issue  string   `json:"issue"`
}

// compileVerdictSchema compiles a verdict schema given as JSON.
func compileVerdictSchema(raw []byte) (*jsv.Schema, error) {
	doc, err := jsv.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("not JSON: %w", err)
	}
	const id = "urn:kaigi:discussion-verdict"
	c := jsv.NewCompiler()
	c.DefaultDraft(jsv.Draft2020)
	if err := c.AddResource(id, doc); err != nil {
		return nil, err
	}
	return c.Compile(id)
}

// ValidateVerdict checks verdict, a JSON object, against schema (a JSON
// Schema) and against the board: every point a critical item names must be
// a point on b that survives (board.Board.Points). It returns the
// violations, each with the JSON pointer of the offending value; none means
// the verdict stands. A schema that does not compile is an error.
func ValidateVerdict(schema, verdict []byte, b *board.Board) ([]finding.Violation, error) {
	sch, err := compileVerdictSchema(schema)
	if err != nil {
		return nil, fmt.Errorf("discussion: verdict schema: %w", err)
	}
	if vs := validateAgainst(sch, verdict); len(vs) > 0 {
		return vs, nil
	}
	return citations(verdict, b), nil
}

// validateAgainst checks verdict against a compiled schema.
func validateAgainst(sch *jsv.Schema, verdict []byte) []finding.Violation {
	doc, err := jsv.UnmarshalJSON(bytes.NewReader(verdict))
	if err != nil {
		return []finding.Violation{{Message: "not valid JSON: " + err.Error()}}
	}
	return finding.SchemaViolations(sch.Validate(doc))
}

// citations checks the points the verdict's critical items name.
func citations(verdict []byte, b *board.Board) []finding.Violation {
	var v struct {
		Critical []json.RawMessage `json:"critical"`
	}
	if err := json.Unmarshal(verdict, &v); err != nil {
		return []finding.Violation{{Message: "not a JSON object with a critical array: " + err.Error()}}
	}
	var vs []finding.Violation
	for i, raw := range v.Critical {
		var c Critical
		if err := json.Unmarshal(raw, &c); err != nil || len(c.Points) == 0 {
			vs = append(vs, finding.Violation{Pointer: fmt.Sprintf("/critical/%d", i), Message: `a critical item must name the surviving point ids it stands on in "points"`})
			continue
		}
		for k, id := range c.Points {
			ptr := fmt.Sprintf("/critical/%d/points/%d", i, k)
			st, ok := b.Standing(id)
			switch {
			case !ok:
				vs = append(vs, finding.Violation{Pointer: ptr, Message: fmt.Sprintf("%q names no point on the board", id)})
			case !st.Survives:
				vs = append(vs, finding.Violation{Pointer: ptr, Message: fmt.Sprintf("point %s did not survive the debate: %s", id, st.Why())})
			}
		}
	}
	return vs
}

// runnerFields are the verdict's fields the runner fills in.
var runnerFields = []string{"absent", "fallback"}

// withRunnerFields returns verdict with the runner's fields replaced by
// absent and fallback (left out when empty). A lead's own values for them
// are dropped: they are the runner's record, not the lead's say.
func withRunnerFields(verdict []byte, absent []Absence, fallback string) ([]byte, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(verdict, &obj); err != nil {
		return nil, err
	}
	for _, k := range runnerFields {
		delete(obj, k)
	}
	if len(absent) > 0 {
		obj["absent"], _ = json.Marshal(absent)
	}
	if fallback != "" {
		obj["fallback"], _ = json.Marshal(fallback)
	}
	return json.MarshalIndent(obj, "", "  ")
}

// stripRunnerFields returns verdict without the runner's fields, and
// whether it had any that was not empty ("", [], {}, null: what a model
// held to a strict schema writes for a field it has nothing for).
func stripRunnerFields(verdict []byte) ([]byte, bool) {
	var obj map[string]json.RawMessage
	if json.Unmarshal(verdict, &obj) != nil {
		return verdict, false
	}
	had := false
	found := false
	for k, v := range obj {
		if slices.Contains(runnerFields, k) {
			found = true
			had = had || !slices.Contains([]string{`""`, `[]`, `{}`, `null`}, string(bytes.Join(bytes.Fields(v), nil)))
			delete(obj, k)
		}
	}
	if !found {
		return verdict, false
	}
	out, err := json.Marshal(obj)
	if err != nil {
		return verdict, false
	}
	return out, had
}

// The reasons a debate falls back to a plain fan-out, matched by
// Outcome.Cause with errors.Is.
var (
	// ErrNoDebate: the debate produced no points, or fewer than two
	// participants answered round 1.
	ErrNoDebate = errors.New("discussion: no debate")
	// ErrLeadAbsent: the lead did not answer, twice.
	ErrLeadAbsent = errors.New("discussion: lead absent")
	// ErrVerdictRefused: the lead's verdict was still invalid after its
	// repair (against the schema, or citing a point that did not survive).
	ErrVerdictRefused = errors.New("discussion: verdict refused")
)

// marshal encodes v as JSON.
func marshal(v any) (json.RawMessage, error) { return json.Marshal(v) }
