package finding

import (
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// validFinding is one valid finding object in JSON; tests patch it.
const validFinding = `{"id":"F001","category":"ai-slop","line_range":"12-15","issue":"Stock phrase","fix":"","confidence":85,"severity":"high","quotes":["いかがでしたか"]}`

func reportJSON(findings ...string) string {
	return `{"reviewer":"anti-ai-slop","schema_version":"1","summary":"s","findings":[` + strings.Join(findings, ",") + `]}`
}

func TestValidateAccepts(t *testing.T) {
	tests := map[string]string{
		"no findings":  reportJSON(),
		"one finding":  reportJSON(validFinding),
		"with memo":    `{"reviewer":"r","schema_version":"1","summary":"","findings":[],"memo":"メモ"}`,
		"with file":    reportJSON(strings.Replace(validFinding, `"id":"F001"`, `"id":"F001","file":"doc/a.md"`, 1)),
		"bom":          "\uFEFF" + reportJSON(),
		"crlf":         strings.ReplaceAll("{\n\"reviewer\":\"r\",\n\"schema_version\":\"1\",\n\"summary\":\"a\\r\\nb\",\n\"findings\":[]\n}", "\n", "\r\n"),
		"one line":     reportJSON(strings.Replace(validFinding, `"12-15"`, `"7"`, 1)),
		"en dash":      reportJSON(strings.Replace(validFinding, `"12-15"`, `"L12–L15"`, 1)),
		"bounds":       reportJSON(strings.Replace(validFinding, `85`, `0`, 1), strings.Replace(strings.Replace(validFinding, `85`, `100`, 1), "F001", "F002", 1)),
		"empty quotes": reportJSON(strings.Replace(validFinding, `["いかがでしたか"]`, `[]`, 1)),
	}
	for name, doc := range tests {
		if err := Validate([]byte(doc)); err != nil {
			t.Errorf("%s: Validate: %v", name, err)
		}
	}
}

func TestValidateViolations(t *testing.T) {
	patch := func(old, new string) string { return reportJSON(strings.Replace(validFinding, old, new, 1)) }
	tests := []struct {
		name string
		doc  string
		want []string // every violation, as Violation.String()
	}{
		{"confidence too high", patch(`85`, `150`),
			[]string{"/findings/0/confidence: must be <= 100, got 150"}},
		{"confidence negative", patch(`85`, `-1`),
			[]string{"/findings/0/confidence: must be >= 0, got -1"}},
		{"confidence fraction", patch(`85`, `85.5`),
			[]string{"/findings/0/confidence: must be an integer from 0 to 100 written without a fraction or exponent, got 85.5"}},
		{"confidence 85.0", patch(`85`, `85.0`),
			[]string{"/findings/0/confidence: must be an integer from 0 to 100 written without a fraction or exponent, got 85.0"}},
		{"confidence string", patch(`85`, `"85"`),
			[]string{"/findings/0/confidence: must be of type integer, got string"}},
		{"severity", patch(`"high"`, `"Blocker"`),
			[]string{`/findings/0/severity: must be one of "low", "medium", "high", got "Blocker"`}},
		{"reversed range", patch(`"12-15"`, `"15-12"`),
			[]string{`/findings/0/line_range: invalid line range "15-12": reversed (15 is after 12)`}},
		{"zero line", patch(`"12-15"`, `"0"`),
			[]string{`/findings/0/line_range: invalid line range "0": line numbers start at 1, not 0`}},
		{"word range", patch(`"12-15"`, `"intro"`),
			[]string{`/findings/0/line_range: invalid line range "intro": "intro" is not a line number`}},
		{"missing fields", `{"reviewer":"r","schema_version":"1","findings":[{"id":"F1","category":"c","line_range":"1","issue":"i","fix":"","confidence":1,"quotes":[]}]}`,
			[]string{"/findings/0/severity: required property is missing", "/summary: required property is missing"}},
		{"unknown field", patch(`"fix":""`, `"fix":"","suggestion":"x"`),
			[]string{"/findings/0/suggestion: unknown property; Council JSON v1 does not allow it"}},
		{"empty id", patch(`"F001"`, `""`),
			[]string{"/findings/0/id: must not be empty"}},
		{"duplicate id", reportJSON(validFinding, validFinding),
			[]string{`/findings/1/id: duplicate id "F001", already used at /findings/0/id`}},
		{"null findings", `{"reviewer":"r","schema_version":"1","summary":"","findings":null}`,
			[]string{"/findings: must be of type array, got null"}},
		{"missing version", `{"reviewer":"r","summary":"","findings":[]}`,
			[]string{`/schema_version: missing; a Council JSON v1 report must have "schema_version": "1"`}},
		{"wrong version", `{"reviewer":"r","schema_version":"2","summary":"","findings":[]}`,
			[]string{`/schema_version: must be the string "1" (Council JSON v1), got "2"`}},
		{"numeric version", `{"reviewer":"r","schema_version":1,"summary":"","findings":[]}`,
			[]string{`/schema_version: must be the string "1" (Council JSON v1), got 1`}},
		{"bare array", `[` + validFinding + `]`,
			[]string{"(root): " + bareArrayMessage}},
		{"not an object", `"hello"`,
			[]string{"(root): must be a JSON object (a Council JSON v1 Report), got string"}},
		{"trailing comma", `{"reviewer":"r","findings":[],}`,
			[]string{"(root): not valid JSON: line 1, column 31: invalid character '}' looking for beginning of object key string"}},
		{"syntax after Japanese", "{\n\"reviewer\": \"査読者\" \"findings\": []}",
			[]string{"(root): not valid JSON: line 2, column 19: invalid character '\"' after object key:value pair"}},
		{"truncated", `{"reviewer":"r","findings":[`,
			[]string{"(root): not valid JSON: the JSON ends too early (truncated?)"}},
		{"empty", ``,
			[]string{"(root): not valid JSON: the JSON ends too early (truncated?)"}},
		{"many, in order",
			reportJSON(strings.Replace(validFinding, `85`, `101`, 1),
				`{"id":"F3"}`, `1`, `{}`, `{}`, `{}`, `{}`, `{}`, `{}`, `{}`,
				strings.Replace(strings.Replace(validFinding, `"high"`, `"urgent"`, 1), "F001", "F011", 1)),
			nil}, // checked below for order only
	}
	for _, tt := range tests {
		err := Validate([]byte(tt.doc))
		var verr *ValidationError
		if !errors.As(err, &verr) {
			t.Errorf("%s: Validate = %v, want a *ValidationError", tt.name, err)
			continue
		}
		if !errors.Is(err, ErrSchemaViolation) {
			t.Errorf("%s: error does not wrap ErrSchemaViolation", tt.name)
		}
		var got []string
		for _, v := range verr.Violations {
			got = append(got, v.String())
		}
		if tt.want == nil {
			if !slices.IsSortedFunc(verr.Violations, func(a, b Violation) int { return comparePointers(a.Pointer, b.Pointer) }) {
				t.Errorf("%s: violations not sorted:\n%s", tt.name, strings.Join(got, "\n"))
			}
			// Error lists only the first 50 of these 66; Violations has all.
			if all := strings.Join(got, "\n"); !strings.Contains(all, "/findings/10/severity") || !strings.Contains(all, "/findings/0/confidence") {
				t.Errorf("%s: missing violations:\n%s", tt.name, err)
			}
			continue
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: violations\n got: %q\nwant: %q", tt.name, got, tt.want)
		}
		for _, w := range tt.want {
			if !strings.Contains(err.Error(), "\n"+w) {
				t.Errorf("%s: Error() does not list %q on its own line:\n%s", tt.name, w, err)
			}
		}
	}
}

func TestValidationErrorNamesReviewer(t *testing.T) {
	err := Validate([]byte(`{"reviewer":"fact-checker","schema_version":"1","summary":"","findings":[{}]}`))
	var verr *ValidationError
	if !errors.As(err, &verr) || verr.Reviewer != "fact-checker" {
		t.Fatalf("Validate = %v, want a *ValidationError naming the reviewer", err)
	}
	if !strings.HasPrefix(err.Error(), `finding: report of reviewer "fact-checker" is not valid Council JSON v1 (8 violations):`) {
		t.Errorf("Error() heading: %q", strings.SplitN(err.Error(), "\n", 2)[0])
	}
}

func TestComparePointers(t *testing.T) {
	ptrs := []string{"/findings/10/id", "/summary", "", "/findings/2/id", "/findings/2", "/findings/2/confidence"}
	slices.SortFunc(ptrs, comparePointers)
	want := []string{"", "/findings/2", "/findings/2/confidence", "/findings/2/id", "/findings/10/id", "/summary"}
	if !slices.Equal(ptrs, want) {
		t.Errorf("sorted = %q, want %q", ptrs, want)
	}
	if got := pointer("a/b", "c~d"); got != "/a~1b/c~0d" {
		t.Errorf("pointer escaping = %q", got)
	}
}

// manyViolations returns n schema and n semantic violations, one pointer
// shared.
func manyViolations(n int) (schema, semantic []Violation) {
	schema = make([]Violation, n)
	semantic = make([]Violation, n)
	for i := range n {
		schema[i] = Violation{Pointer: "/findings/" + strconv.Itoa(i) + "/confidence", Message: "schema"}
		semantic[i] = Violation{Pointer: "/findings/" + strconv.Itoa(i) + "/id", Message: "semantic"}
	}
	schema[7].Pointer = semantic[9].Pointer // replaced by the semantic one
	return schema, semantic
}

// TestMergeSemanticMany merges many schema and semantic violations: a
// schema violation at a pointer the semantic checks also report is
// replaced, the rest kept. (BenchmarkMergeSemantic shows it linear; a
// search of the semantic list for each schema violation was quadratic.)
func TestMergeSemanticMany(t *testing.T) {
	const n = 100000
	schema, semantic := manyViolations(n)
	if out := mergeSemantic(schema, semantic); len(out) != 2*n-1 {
		t.Errorf("got %d violations, want %d", len(out), 2*n-1)
	}
}

// BenchmarkMergeSemantic: ns/violation stays flat from 1,000 to 100,000.
func BenchmarkMergeSemantic(b *testing.B) {
	for _, n := range []int{1000, 100000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			schema, semantic := manyViolations(n)
			for b.Loop() {
				mergeSemantic(slices.Clone(schema), semantic)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*2*n), "ns/violation")
		})
	}
}

// TestValidationErrorCapped checks that the text for the model lists at
// most 50 violations and says how many it left out.
func TestValidationErrorCapped(t *testing.T) {
	e := &ValidationError{Reviewer: "r"}
	for i := range 120 {
		e.Violations = append(e.Violations, Violation{Pointer: "/findings/" + strconv.Itoa(i) + "/id", Message: "must not be empty"})
	}
	msg := e.Error()
	if got := strings.Count(msg, "must not be empty"); got != 50 {
		t.Errorf("Error lists %d violations, want 50", got)
	}
	if !strings.HasSuffix(msg, "\n… and 70 more") || !strings.Contains(msg, "(120 violations)") {
		t.Errorf("Error = ...%q", msg[max(0, len(msg)-80):])
	}
	e.Violations = e.Violations[:50]
	if msg := e.Error(); strings.Contains(msg, "more") || strings.Count(msg, "\n") != 50 {
		t.Errorf("Error of 50 violations = %q", msg)
	}
}

// TestMarshalledReportValidates checks that a Report built in Go, with nil
// slices, encodes to a document Validate accepts: [] and never null.
func TestMarshalledReportValidates(t *testing.T) {
	for name, rep := range map[string]Report{
		"no findings": {Reviewer: "r", SchemaVersion: SchemaVersion, Summary: "fine"},
		"finding without quotes": {Reviewer: "r", SchemaVersion: SchemaVersion, Findings: []Finding{{
			ID: "F001", Category: "narrative", LineRange: LineRange{Start: 3, End: 5}, Issue: "The ending is rushed.", Confidence: 60, Severity: Medium,
		}}},
	} {
		data, err := json.Marshal(rep)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if strings.Contains(string(data), "null") {
			t.Errorf("%s: %s has null", name, data)
		}
		if err := Validate(data); err != nil {
			t.Errorf("%s: Validate(%s) = %v", name, data, err)
		}
		var back Report
		if err := json.Unmarshal(data, &back); err != nil || back.Reviewer != rep.Reviewer || len(back.Findings) != len(rep.Findings) {
			t.Errorf("%s: round trip = %+v, %v", name, back, err)
		}
		if pd, err := json.Marshal(&rep); err != nil || string(pd) != string(data) {
			t.Errorf("%s: pointer encodes as %s, %v; value as %s", name, pd, err, data)
		}
	}
}
