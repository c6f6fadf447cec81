package apply

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
)

// patchJSON is the JSON form of a Patch: hashes in hex.
type patchJSON struct {
	Base    string   `json:"base"`
	Result  string   `json:"result"`
	Changes []Change `json:"changes"`
}

// MarshalJSON encodes p as {"base": hex, "result": hex, "changes": [...]},
// each change as {"edit": {"start", "end", "old", "new"}, "keys": [...]}.
func (p Patch) MarshalJSON() ([]byte, error) {
	changes := p.Changes
	if changes == nil {
		changes = []Change{}
	}
	return json.Marshal(patchJSON{Base: hex.EncodeToString(p.Base[:]), Result: hex.EncodeToString(p.Result[:]), Changes: changes})
}

// UnmarshalJSON decodes the form MarshalJSON writes. The decoded Patch
// carries no document text: Apply and Inverse work, Revert does not
// (rebuild with NewPatch from the base for that). Apply still checks the
// changes against the document and both hashes.
func (p *Patch) UnmarshalJSON(data []byte) error {
	var j patchJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return fmt.Errorf("apply: decode patch: %w", err)
	}
	var q Patch
	for _, h := range []struct {
		dst  []byte
		src  string
		name string
	}{{q.Base[:], j.Base, "base"}, {q.Result[:], j.Result, "result"}} {
		b, err := hex.DecodeString(h.src)
		if err != nil || len(b) != len(h.dst) {
			return fmt.Errorf("apply: decode patch: %s %q is not a hex SHA-256", h.name, h.src)
		}
		copy(h.dst, b)
	}
	q.Changes = j.Changes
	*p = q
	return nil
}
