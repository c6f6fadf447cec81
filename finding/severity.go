package finding

import (
	"errors"
	"fmt"
	"strings"

	"github.com/invopop/jsonschema"
)

// Severity is how much a finding matters: low, medium or high. The zero
// value is not a valid severity.
type Severity string

// The three severities of Council JSON v1, from least to most severe.
const (
	Low    Severity = "low"
	Medium Severity = "medium"
	High   Severity = "high"
)

// Valid reports whether s is one of Low, Medium and High.
func (s Severity) Valid() bool { return s.Rank() > 0 }

// Rank orders severities: 1 for Low, 2 for Medium, 3 for High, 0 for
// anything else, so that a.Rank() > b.Rank() means a is more severe.
func (s Severity) Rank() int {
	switch s {
	case Low:
		return 1
	case Medium:
		return 2
	case High:
		return 3
	}
	return 0
}

// String returns the severity's JSON spelling.
func (s Severity) String() string { return string(s) }

// JSONSchema describes Severity as the enum low|medium|high.
func (Severity) JSONSchema() *jsonschema.Schema {
	return &jsonschema.Schema{
		Type:        "string",
		Enum:        []any{string(Low), string(Medium), string(High)},
		Description: "low, medium or high",
	}
}

// ErrUnknownSeverity is wrapped by the error ParseSeverity returns for a
// value on no known scale.
var ErrUnknownSeverity = errors.New("finding: unknown severity")

// ParseSeverity maps a severity written on any scale the loops use onto
// Low, Medium or High: low|medium|high, Blocker|Major|Nit,
// critical|major|minor and P0..P3 (P0 and P1 are High). Case and
// surrounding white space are ignored. An unknown value is an error that
// quotes it and wraps ErrUnknownSeverity.
func ParseSeverity(s string) (Severity, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "low", "nit", "minor", "p3":
		return Low, nil
	case "medium", "med", "major", "p2":
		return Medium, nil
	case "high", "blocker", "critical", "p0", "p1":
		return High, nil
	}
	return "", fmt.Errorf("%w %q (want low, medium or high; Blocker/Major/Nit, critical/major/minor or P0-P3 are accepted too)", ErrUnknownSeverity, s)
}
