package rounds

import (
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/loop"
)

// Scope says which findings a Policy may apply without asking. It is
// council.Scope: the rule lives in one place.
type Scope = council.Scope

// The auto-apply scopes; see council.ScopeLow and its siblings.
const (
	// ScopeLow applies low-severity findings only (the default).
	ScopeLow = council.ScopeLow
	// ScopeWiden applies low and medium findings; high ones still go to
	// the gate.
	ScopeWiden = council.ScopeWiden
	// ScopeNone applies nothing without the gate.
	ScopeNone = council.ScopeNone
)

// ParseScope parses "low", "widen" or "none" (case and surrounding space
// ignored); it is council.ParseScope.
func ParseScope(s string) (Scope, error) { return council.ParseScope(s) }

// defaultMinConfidence is the confidence a finding needs to be applied
// without asking, unless a Policy says otherwise.
const defaultMinConfidence = council.DefaultMinConfidence

// Policy decides which findings are applied without asking. The zero value
// is the default: low severity, not in a conflict, no other reviewer's
// different edit on its lines, confidence >= 70.
//
// It has council.Policy's fields and JSON form, which the journal's start
// record keeps ({"policy": {"scope": "widen", "min_confidence": 80}});
// convert with council.Policy(p) to select from a council.Table.
type Policy council.Policy

// Auto reports whether it may be applied without asking: it must be
// applicable, outside every conflict group, not Far (its quote found
// away from the reviewer's lines), unless OverlapOnly on no line another
// reviewer's different edit touches (Item.SameLine), and
// council.Policy.Allows its finding (the scope's severities, the minimum
// confidence). High findings are never applied without asking.
func (p Policy) Auto(it loop.Item) bool {
	return it.Applicable() && it.Conflict == 0 && !it.Far && (p.OverlapOnly || len(it.SameLine) == 0) && council.Policy(p).Allows(it.Finding)
}
