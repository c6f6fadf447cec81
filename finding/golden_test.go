package finding

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"
)

// TestGoldenCouncilV1 checks the example Report of the protocol document:
// it validates, decodes to the expected values and re-encodes to
// equivalent JSON.
func TestGoldenCouncilV1(t *testing.T) {
	data, err := os.ReadFile("testdata/council-v1.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := Validate(data); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	var rep Report
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatalf("Unmarshal: %v", err)
	}
	want := Report{
		Reviewer:      "anti-ai-slop",
		SchemaVersion: SchemaVersion,
		Summary:       "one or two sentences",
		Findings: []Finding{{
			ID:         "F001",
			Category:   "ai-slop",
			File:       "optional when the target is one file",
			LineRange:  LineRange{Start: 12, End: 15},
			Issue:      "what is wrong",
			Fix:        "replacement text (text substitution, not a diff)",
			Confidence: 85,
			Severity:   High,
			Quotes:     []string{"about 30 characters quoted from the problem text"},
		}},
		Memo: "free-form, optional",
	}
	if !reflect.DeepEqual(rep, want) {
		t.Fatalf("decoded\n%+v\nwant\n%+v", rep, want)
	}
	out, err := json.Marshal(rep)
	if err != nil {
		t.Fatalf("Marshal: %v", err)
	}
	if err := Validate(out); err != nil {
		t.Fatalf("re-encoded report does not validate: %v", err)
	}
	var a, b any
	if err := json.Unmarshal(data, &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(out, &b); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Errorf("re-encoded JSON differs:\n%s\nwant equivalent to\n%s", out, data)
	}
}
