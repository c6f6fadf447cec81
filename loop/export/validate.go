package export

import (
	"bytes"
	_ "embed"
	"fmt"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// sarifSchemaJSON is the OASIS SARIF 2.1.0 JSON schema (errata 01).
//
//go:embed sarif-schema-2.1.0.json
var sarifSchemaJSON []byte

// SARIFSchemaURL is the schema's id.
const SARIFSchemaURL = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

// compiledSARIF compiles the embedded schema once: the
// compiled schema is immutable, so callers may share it.
var compiledSARIF = sync.OnceValues(func() (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(sarifSchemaJSON))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource(SARIFSchemaURL, doc); err != nil {
		return nil, err
	}
	return c.Compile(SARIFSchemaURL)
})

// ValidateSARIF checks that data is a SARIF 2.1.0 log by the OASIS JSON
// schema (formats asserted), and returns the validator's error naming
// where it is not.
func ValidateSARIF(data []byte) error {
	sch, err := compiledSARIF()
	if err != nil {
		return fmt.Errorf("export: the SARIF schema: %w", err)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("export: not JSON: %w", err)
	}
	if err := sch.Validate(v); err != nil {
		return fmt.Errorf("export: not SARIF 2.1.0: %w", err)
	}
	return nil
}
