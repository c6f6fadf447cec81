package finding_test

import (
	"errors"
	"strings"
	"testing"

	jsv "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/kaigi-dev/kaigi/finding"
)

func TestCandidates(t *testing.T) {
	reply := "前置き [注 1] と {\"a\": [1, 2,],} そして\n```json\n{\"b\": \"}\"}\n```\n{broken}\n[\"x\""
	got, trouble := finding.Candidates(reply)
	want := []finding.Candidate{
		{Text: "[注 1]", Valid: false},
		{Text: `{"a": [1, 2]}`, Valid: true},
		{Text: `{"b": "}"}`, Valid: true},
		{Text: "{broken}", Valid: false},
	}
	if len(got) != len(want) {
		t.Fatalf("Candidates = %+v, want %+v", got, want)
	}
	for i, w := range want {
		if got[i] != w {
			t.Errorf("candidate %d = %+v, want %+v", i, got[i], w)
		}
	}
	if !strings.Contains(trouble, "never closed") {
		t.Errorf("trouble = %q, want the unclosed value at the end reported", trouble)
	}
	if cands, trouble := finding.Candidates("no JSON at all"); len(cands) != 0 || trouble != "" {
		t.Errorf("prose: %+v, %q", cands, trouble)
	}
}

func TestSchemaViolations(t *testing.T) {
	c := jsv.NewCompiler()
	doc, _ := jsv.UnmarshalJSON(strings.NewReader(`{"type": "object", "required": ["verdict"], "properties": {"verdict": {"enum": ["OK"]}, "n": {"maximum": 3}}}`))
	if err := c.AddResource("urn:t", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("urn:t")
	if err != nil {
		t.Fatal(err)
	}
	inst, _ := jsv.UnmarshalJSON(strings.NewReader(`{"n": 10}`))
	vs := finding.SchemaViolations(sch.Validate(inst))
	if len(vs) != 2 || vs[0].Pointer != "/n" || vs[0].Message != "must be <= 3, got 10" || vs[1].Pointer != "/verdict" || vs[1].Message != "required property is missing" {
		t.Errorf("SchemaViolations = %+v", vs)
	}
	if vs := finding.SchemaViolations(nil); vs != nil {
		t.Errorf("nil error gives %+v", vs)
	}
	if vs := finding.SchemaViolations(errors.New("boom")); len(vs) != 1 || vs[0].Pointer != "" || vs[0].Message != "boom" {
		t.Errorf("other error gives %+v", vs)
	}
}
