package finding

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/invopop/jsonschema"
	jsv "github.com/santhosh-tekuri/jsonschema/v6"
)

// SchemaID is the $id of the schema Schema returns. It is derived from the
// Go package path by github.com/invopop/jsonschema.
const SchemaID = "https://github.com/kaigi-dev/kaigi/finding/report"

// compiledSchema is the schema of Report, once as JSON and once compiled.
type compiledSchema struct {
	raw []byte
	sch *jsv.Schema
}

// loadSchema generates and compiles the schema on first use. The result is
// never modified afterwards, so every goroutine may share it.
var loadSchema = sync.OnceValues(func() (compiledSchema, error) {
	r := jsonschema.Reflector{DoNotReference: true}
	s := r.Reflect(&Report{})
	s.ID = SchemaID
	s.Title = "Council JSON v1 report"
	s.Description = "One reviewer's findings for one round of a kaigi review."
	raw, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return compiledSchema{}, fmt.Errorf("finding: encode generated schema: %w", err)
	}
	doc, err := jsv.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return compiledSchema{}, fmt.Errorf("finding: decode generated schema: %w", err)
	}
	c := jsv.NewCompiler()
	c.DefaultDraft(jsv.Draft2020)
	if err := c.AddResource(SchemaID, doc); err != nil {
		return compiledSchema{}, fmt.Errorf("finding: add generated schema: %w", err)
	}
	sch, err := c.Compile(SchemaID)
	if err != nil {
		return compiledSchema{}, fmt.Errorf("finding: compile generated schema: %w", err)
	}
	return compiledSchema{raw: raw, sch: sch}, nil
})

// Schema returns the JSON Schema (draft 2020-12) of Report, generated from
// the Go types. Providers send it with structured-output requests; users may
// publish it. Each call returns a fresh copy the caller may modify.
//
// Schema panics only if the package's own types cannot be described, which
// the package's tests rule out; it never depends on input.
func Schema() []byte {
	cs, err := loadSchema()
	if err != nil {
		panic(err) // a programming error in this package, caught by its tests
	}
	return bytes.Clone(cs.raw)
}
