package finding

import (
	"bytes"
	"encoding/json"
	"slices"
	"sync"
	"testing"
)

func TestSchemaShape(t *testing.T) {
	var s struct {
		Schema               string   `json:"$schema"`
		ID                   string   `json:"$id"`
		Type                 string   `json:"type"`
		AdditionalProperties *bool    `json:"additionalProperties"`
		Required             []string `json:"required"`
		Properties           struct {
			SchemaVersion struct {
				Enum []string `json:"enum"`
			} `json:"schema_version"`
			Findings struct {
				Type  string `json:"type"`
				Items struct {
					AdditionalProperties *bool    `json:"additionalProperties"`
					Required             []string `json:"required"`
					Properties           struct {
						Confidence struct {
							Type    string `json:"type"`
							Minimum *int   `json:"minimum"`
							Maximum *int   `json:"maximum"`
						} `json:"confidence"`
						Severity struct {
							Enum []string `json:"enum"`
						} `json:"severity"`
						LineRange struct {
							Pattern string `json:"pattern"`
						} `json:"line_range"`
					} `json:"properties"`
				} `json:"items"`
			} `json:"findings"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(Schema(), &s); err != nil {
		t.Fatalf("Schema() is not JSON: %v", err)
	}
	if s.Schema != "https://json-schema.org/draft/2020-12/schema" || s.ID != SchemaID || s.Type != "object" {
		t.Errorf("header: $schema=%q $id=%q type=%q", s.Schema, s.ID, s.Type)
	}
	if s.AdditionalProperties == nil || *s.AdditionalProperties {
		t.Error("report must have additionalProperties: false")
	}
	sortedEq := func(got, want []string) bool {
		got = slices.Clone(got)
		slices.Sort(got)
		slices.Sort(want)
		return slices.Equal(got, want)
	}
	if want := []string{"reviewer", "schema_version", "summary", "findings"}; !sortedEq(s.Required, want) {
		t.Errorf("report required = %v, want %v (memo optional)", s.Required, want)
	}
	if !slices.Equal(s.Properties.SchemaVersion.Enum, []string{"1"}) {
		t.Errorf("schema_version enum = %v", s.Properties.SchemaVersion.Enum)
	}
	items := s.Properties.Findings.Items
	if s.Properties.Findings.Type != "array" || items.AdditionalProperties == nil || *items.AdditionalProperties {
		t.Error("findings must be an array of closed objects")
	}
	want := []string{"id", "category", "line_range", "issue", "fix", "confidence", "severity", "quotes"}
	if !sortedEq(items.Required, want) {
		t.Errorf("finding required = %v, want %v (file optional)", items.Required, want)
	}
	c := items.Properties.Confidence
	if c.Type != "integer" || c.Minimum == nil || *c.Minimum != 0 || c.Maximum == nil || *c.Maximum != 100 {
		t.Errorf("confidence = %+v, want integer 0-100", c)
	}
	if !slices.Equal(items.Properties.Severity.Enum, []string{"low", "medium", "high"}) {
		t.Errorf("severity enum = %v", items.Properties.Severity.Enum)
	}
	if items.Properties.LineRange.Pattern != LineRangePattern {
		t.Errorf("line_range pattern = %q", items.Properties.LineRange.Pattern)
	}
}

func TestSchemaReturnsCopy(t *testing.T) {
	a := Schema()
	a[0] = 'X'
	if b := Schema(); b[0] != '{' {
		t.Fatal("modifying Schema()'s result changed the package's schema")
	}
}

func TestSchemaConcurrent(t *testing.T) {
	want := Schema()
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if !bytes.Equal(Schema(), want) {
				t.Error("Schema() differs between calls")
			}
			if err := Validate([]byte(`{}`)); err == nil {
				t.Error("Validate({}) = nil")
			}
		})
	}
	wg.Wait()
}
