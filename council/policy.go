package council

import (
	"fmt"
	"strings"

	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/finding"
)

// Scope says which severities a Policy may apply without asking.
type Scope string

// The auto-apply scopes.
const (
	// ScopeLow applies low-severity findings only (the default).
	ScopeLow Scope = "low"
	// ScopeWiden applies low and medium findings; high ones still go to
	// a human.
	ScopeWiden Scope = "widen"
	// ScopeNone applies nothing without a human.
	ScopeNone Scope = "none"
)

// ParseScope parses "low", "widen" or "none" (case and surrounding space
// ignored).
func ParseScope(s string) (Scope, error) {
	switch v := Scope(strings.ToLower(strings.TrimSpace(s))); v {
	case ScopeLow, ScopeWiden, ScopeNone:
		return v, nil
	}
	return "", fmt.Errorf("council: unknown auto-apply scope %q (want low, widen or none)", s)
}

// DefaultMinConfidence is the confidence a finding needs to be applied
// without asking, unless a Policy says otherwise.
const DefaultMinConfidence = 70

// Policy decides which findings are applied without asking a human. The
// zero value is the default: low severity only, not in a conflict,
// confidence at least DefaultMinConfidence (70). High-severity findings
// are never applied without asking, whatever the Policy.
//
// Its JSON form is {"scope": ..., "min_confidence": ...} with zero fields
// omitted; loops journal it, so the form is stable.
type Policy struct {
	// Scope widens or narrows the severities applied; "" means ScopeLow.
	Scope Scope `json:"scope,omitempty"`

	// MinConfidence is the least confidence (0-100) for auto-apply; 0
	// means DefaultMinConfidence.
	MinConfidence int `json:"min_confidence,omitempty"`

	// OverlapOnly narrows what is held for a human to edits that
	// overlap (Conflicts): different reviewers' fixes of one line that do
	// not overlap (Row.SameLine) are then applied like any other. The
	// zero value holds them, as the originals do.
	OverlapOnly bool `json:"overlap_only,omitempty"`
}

// Threshold returns the confidence auto-apply needs under p:
// MinConfidence, or DefaultMinConfidence when it is zero.
func (p Policy) Threshold() int {
	if p.MinConfidence == 0 {
		return DefaultMinConfidence
	}
	return p.MinConfidence
}

// Allows reports whether p lets f be applied without asking, provided f
// has an edit that overlaps no different edit: its confidence is at
// least Threshold and its severity within Scope (low for ScopeLow and "",
// low and medium for ScopeWiden, none for ScopeNone; never high). It does
// not look at the edit itself: Select does, and so does every loop.
func (p Policy) Allows(f finding.Finding) bool {
	if f.Confidence < p.Threshold() {
		return false
	}
	switch f.Severity {
	case finding.Low:
		return p.Scope != ScopeNone
	case finding.Medium:
		return p.Scope == ScopeWiden
	}
	return false
}

// Select returns the changes of t that p applies without asking, and the
// rows with an edit it holds back for a human, both in t's order.
//
// A Change is selected when at least one of the PlacementReady rows
// proposing it is allowed (Allows), not anchored Far (its quote found
// only away from the finding's lines, apply.Anchor.Far) and, unless
// OverlapOnly, on no line another reviewer's different edit touches
// (Row.SameLine): identical edits
// are one edit, so a low-severity, confident finding carries a less
// certain twin along (a loop records the twin as "the same edit as" the
// allowed one). The held
// rows are the PlacementReady rows of the Changes not selected and every
// PlacementConflict row: conflicts are never applied without asking. Rows
// without an edit to place (PlacementAdvisory, PlacementUnanchored, and
// PlacementNone: duplicates and repeated rejections) are in neither list.
// The changes are sorted and non-overlapping, ready for apply.NewPatch; t
// is not modified.
func (p Policy) Select(t *Table) (changes []apply.Change, held []Row) {
	if t == nil {
		return nil, nil
	}
	ok := make([]bool, len(t.Changes))
	for _, r := range t.Rows {
		if r.Placement == PlacementReady && r.Change >= 0 && r.Change < len(ok) && p.Allows(r.Finding) && (r.Anchor == nil || !r.Anchor.Far) && (p.OverlapOnly || len(r.SameLine) == 0) {
			ok[r.Change] = true
		}
	}
	for i, c := range t.Changes {
		if ok[i] {
			changes = append(changes, c)
		}
	}
	for _, r := range t.Rows {
		switch {
		case r.Placement == PlacementConflict:
			held = append(held, r)
		case r.Placement == PlacementReady && (r.Change < 0 || r.Change >= len(ok) || !ok[r.Change]):
			held = append(held, r)
		}
	}
	return changes, held
}

// Safe returns the changes of t that the default Policy applies without
// asking (low severity, no conflict, confidence at least 70), and the rows
// with an edit it holds back for a human. It is Policy{}.Select(t): the
// safe way to go from a Table to apply.NewPatch.
func (t *Table) Safe() (changes []apply.Change, held []Row) {
	return Policy{}.Select(t)
}
