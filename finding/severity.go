package finding

import (
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

// severities lists the valid severities from least to most severe.
var severities = [...]Severity{Low, Medium, High}

// Valid reports whether s is one of Low, Medium and High.
func (s Severity) Valid() bool { return s == Low || s == Medium || s == High }

// Rank orders severities: 1 for Low, 2 for Medium, 3 for High, 0 for
// anything else, so that a.Rank() > b.Rank() means a is more severe.
func (s Severity) Rank() int {
	for i, v := range severities {
		if s == v {
			return i + 1
		}
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

// severityAliases maps the scales the loops use onto Council severities.
// Keys are lower case.
var severityAliases = map[string]Severity{
	"low": Low, "medium": Medium, "high": High,
	"med": Medium,
	// Goldfish and write-episode: Blocker / Major / Nit.
	"blocker": High, "major": Medium, "nit": Low,
	// Common issue-tracker scale.
	"critical": High, "minor": Low,
	// Priority scale: P0 and P1 are urgent.
	"p0": High, "p1": High, "p2": Medium, "p3": Low,
}

// ParseSeverity maps a severity written on any scale the loops use onto
// Low, Medium or High: low|medium|high, Blocker|Major|Nit,
// critical|major|minor and P0..P3 (P0 and P1 are High). Case and
// surrounding white space are ignored. An unknown value is an error that
// quotes it.
func ParseSeverity(s string) (Severity, error) {
	key := strings.ToLower(strings.TrimSpace(s))
	if v, ok := severityAliases[key]; ok {
		return v, nil
	}
	return "", fmt.Errorf("finding: unknown severity %q (want low, medium or high; Blocker/Major/Nit, critical/major/minor or P0-P3 are accepted too)", s)
}
