package anthropic

import (
	"testing"

	"github.com/kaigi-dev/kaigi/providers/internal/wirecases"
)

// FuzzAdjustSchema: see wirecases.Fuzz.
func FuzzAdjustSchema(f *testing.F) {
	wirecases.Fuzz(f, adjustSchema,
		`{"type":"array","items":{"type":"string","format":"regex"},"minItems":3,"anyOf":"not a list"}`,
		`{"type":"object","additionalProperties":{"description":"x"},"$defs":{},"enum":[],"const":null}`)
}
