package finding

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestRelatedLocations: Finding.Related is optional (left out of the JSON
// when empty, not required by the schema), round-trips, and a related
// place's line range is checked as the finding's own is.
func TestRelatedLocations(t *testing.T) {
	f := Finding{ID: "F001", Category: "reader-fit", LineRange: LineRange{Start: 3, End: 3}, Issue: "long sentence",
		Confidence: 70, Severity: Medium, Quotes: []string{"a long sentence"}}
	b, err := json.Marshal(f)
	if err != nil || strings.Contains(string(b), "related") {
		t.Fatalf("no related places: %s, %v", b, err)
	}
	f.Related = []Location{{LineRange: LineRange{Start: 9, End: 10}, Quote: "a longer one", Issue: "sentence has 79 words"}, {File: "b.md", LineRange: LineRange{Start: 2, End: 2}}}
	rep := Report{Reviewer: "r", SchemaVersion: SchemaVersion, Summary: "s", Findings: []Finding{f}}
	b, err = json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	if err := Validate(b); err != nil {
		t.Fatalf("Validate: %v\n%s", err, b)
	}
	var back Report
	if err := json.Unmarshal(b, &back); err != nil || len(back.Findings[0].Related) != 2 || back.Findings[0].Related[0] != f.Related[0] || back.Findings[0].Related[1] != f.Related[1] {
		t.Fatalf("round trip: %+v, %v", back.Findings[0].Related, err)
	}
	for _, c := range []struct{ related, pointer string }{
		{`[{"line_range": "0"}]`, "/findings/0/related/0/line_range"},
		{`[{"line_range": "5-2"}]`, "/findings/0/related/0/line_range"},
		{`[{"quote": "x"}]`, "/findings/0/related/0"},
		{`[{"line_range": "4", "extra": 1}]`, "/findings/0/related/0"},
	} {
		doc := `{"reviewer":"r","schema_version":"1","summary":"s","findings":[{"id":"F001","category":"c","line_range":"3","issue":"i","fix":"","confidence":50,"severity":"low","quotes":[],"related":` + c.related + `}]}`
		err := Validate([]byte(doc))
		if err == nil || !strings.Contains(err.Error(), c.pointer) {
			t.Errorf("related %s: %v, want a violation at %s", c.related, err, c.pointer)
		}
	}
}
