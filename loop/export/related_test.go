package export

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/kaigi-dev/kaigi/finding"
)

// relatedReport has one finding with three related places: one quoted on
// its line (columns), one by lines only, one in another file.
func relatedReport() Report {
	text := []byte(catText)
	f := finding.Finding{ID: "F001", Category: "reader-fit", LineRange: finding.LineRange{Start: 3, End: 3},
		Issue: "一文が長い", Confidence: 70, Severity: finding.Medium, Quotes: []string{"名前はまだ無い。"},
		Related: []finding.Location{
			{LineRange: finding.LineRange{Start: 4, End: 4}, Quote: "とんと見当がつかぬ。", Issue: "一文が19文字あります"},
			{LineRange: finding.LineRange{Start: 5, End: 6}},
			{File: "docs/序.md", LineRange: finding.LineRange{Start: 2, End: 2}},
		}}
	return Report{Tool: tool, Root: "/src/novel", Results: []Result{{File: "docs/猫.md", Text: text, Reviewer: "reader-advocate", Finding: f}}}
}

// TestRelatedLocations: a finding's related places become SARIF
// relatedLocations (valid against the SARIF schema) and reviewdog
// related_locations, located as the finding is: UTF-16 columns for SARIF,
// byte columns for reviewdog.
func TestRelatedLocations(t *testing.T) {
	rep := relatedReport()
	raw := sarifOf(t, rep)
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if err := sarifSchema(t).Validate(v); err != nil {
		t.Errorf("SARIF schema: %v", err)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				RelatedLocations []struct {
					ID               int
					Message          struct{ Text string }
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           readRegion
					}
				} `json:"relatedLocations"`
			}
		}
	}
	if err := json.Unmarshal(raw, &log); err != nil {
		t.Fatal(err)
	}
	rl := log.Runs[0].Results[0].RelatedLocations
	if len(rl) != 3 {
		t.Fatalf("%d relatedLocations, want 3:\n%s", len(rl), raw)
	}
	// line 4: "どこで生れたか🐈" is 9 UTF-16 units before the quote
	if r := rl[0].PhysicalLocation.Region; r.StartLine != 4 || r.StartColumn != 10 || r.EndColumn != 20 || r.Snippet.Text != "とんと見当がつかぬ。" || rl[0].Message.Text != "一文が19文字あります" || rl[0].ID != 1 {
		t.Errorf("related 1: %+v", rl[0])
	}
	if r := rl[1].PhysicalLocation.Region; r.StartLine != 5 || r.EndLine != 6 || r.StartColumn != 0 {
		t.Errorf("related 2: %+v", rl[1])
	}
	if u := rl[2].PhysicalLocation.ArtifactLocation.URI; u != "docs/%E5%BA%8F.md" {
		t.Errorf("related 3 uri %q", u)
	}

	var b bytes.Buffer
	if err := WriteRDJSON(&b, rep); err != nil {
		t.Fatal(err)
	}
	var rd rdResult
	if err := json.Unmarshal(b.Bytes(), &rd); err != nil {
		t.Fatal(err)
	}
	got := rd.Diagnostics[0].RelatedLocations
	if len(got) != 3 || got[0].Location.Path != "docs/猫.md" || got[0].Message != "一文が19文字あります" ||
		got[0].Location.Range == nil || got[0].Location.Range.Start != (rdPosition{Line: 4, Column: 26}) ||
		got[2].Location.Path != "docs/序.md" || got[2].Location.Range.Start.Line != 2 {
		t.Errorf("rdjson related_locations: %s", b.Bytes())
	}
}
