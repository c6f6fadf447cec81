package goldfish

import (
	"fmt"

	"github.com/kaigi-dev/kaigi/finding"
)

// Level is a severity on the Goldfish scale: Blocker, Major or Nit.
type Level string

// The Goldfish levels and the Council JSON v1 severities they are:
// Blocker is high, Major medium, Nit low.
const (
	Blocker Level = "Blocker"
	Major   Level = "Major"
	Nit     Level = "Nit"
)

// LevelOf returns the level of severity s: Blocker for high, Major for
// medium, Nit for low; "" for an invalid severity.
func LevelOf(s finding.Severity) Level {
	switch s {
	case finding.High:
		return Blocker
	case finding.Medium:
		return Major
	case finding.Low:
		return Nit
	}
	return ""
}

// Severity returns the Council JSON v1 severity of l, and false for a
// string that is no level.
func (l Level) Severity() (finding.Severity, bool) {
	switch l {
	case Blocker:
		return finding.High, true
	case Major:
		return finding.Medium, true
	case Nit:
		return finding.Low, true
	}
	return "", false
}

// ParseLevel reads a level in any case, or any scale finding.ParseSeverity
// knows ("high", "P1"), and returns it on the Goldfish scale.
func ParseLevel(s string) (Level, error) {
	sev, err := finding.ParseSeverity(s)
	if err != nil {
		return "", fmt.Errorf("goldfish: %w", err)
	}
	return LevelOf(sev), nil
}

// Mark returns the level's sign in the report: 🔴 Blocker, 🟡 Major, 🟢 Nit.
func (l Level) Mark() string {
	switch l {
	case Blocker:
		return "🔴 Blocker"
	case Major:
		return "🟡 Major"
	case Nit:
		return "🟢 Nit"
	}
	return string(l)
}
