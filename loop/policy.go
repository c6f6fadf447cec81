package loop

import (
	"fmt"
	"strings"

	"github.com/kaigi-dev/kaigi/finding"
)

// Scope says which findings a Policy may apply without asking.
type Scope string

// The auto-apply scopes.
const (
	// ScopeLow applies low-severity findings only (the default).
	ScopeLow Scope = "low"
	// ScopeWiden applies low and medium findings; high ones still go to
	// the gate.
	ScopeWiden Scope = "widen"
	// ScopeNone applies nothing without the gate.
	ScopeNone Scope = "none"
)

// ParseScope parses "low", "widen" or "none" (case and surrounding space
// ignored).
func ParseScope(s string) (Scope, error) {
	switch v := Scope(strings.ToLower(strings.TrimSpace(s))); v {
	case ScopeLow, ScopeWiden, ScopeNone:
		return v, nil
	}
	return "", fmt.Errorf("loop: unknown auto-apply scope %q (want low, widen or none)", s)
}

// DefaultMinConfidence is the confidence a finding needs to be applied
// without asking, unless a Policy says otherwise.
const DefaultMinConfidence = 70

// Policy decides which findings are applied without asking. The zero value
// is the default: low severity, not in a conflict, confidence >= 70.
type Policy struct {
	// Scope widens or narrows what is applied; "" means ScopeLow.
	Scope Scope `json:"scope,omitempty"`

	// MinConfidence is the least confidence for auto-apply; 0 means
	// DefaultMinConfidence.
	MinConfidence int `json:"min_confidence,omitempty"`
}

// minConfidence returns the confidence auto-apply needs.
func (p Policy) minConfidence() int {
	if p.MinConfidence == 0 {
		return DefaultMinConfidence
	}
	return p.MinConfidence
}

// Auto reports whether it may be applied without asking: it must be
// applicable, outside every conflict group, within the scope's severities,
// and at or above the minimum confidence. High findings are never applied
// without asking.
func (p Policy) Auto(it Item) bool {
	if !it.Applicable() || it.Conflict != 0 {
		return false
	}
	if it.Finding.Confidence < p.minConfidence() {
		return false
	}
	switch it.Finding.Severity {
	case finding.Low:
		return p.Scope != ScopeNone
	case finding.Medium:
		return p.Scope == ScopeWiden
	}
	return false
}
