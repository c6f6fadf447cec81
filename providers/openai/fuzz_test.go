package openai_test

import (
	"testing"

	"github.com/kaigi-dev/kaigi/providers/internal/wirecases"
	"github.com/kaigi-dev/kaigi/providers/openai"
)

// FuzzStrictSchema: see wirecases.Fuzz.
func FuzzStrictSchema(f *testing.F) {
	wirecases.Fuzz(f, openai.StrictSchema)
}
