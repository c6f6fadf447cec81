package apply

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf8"
)

// patchJSON is the JSON form of a Patch: hashes in hex.
type patchJSON struct {
	Base    string   `json:"base"`
	Result  string   `json:"result"`
	Changes []Change `json:"changes"`
}

// MarshalJSON encodes p as {"base": hex, "result": hex, "changes": [...]},
// each change as {"edit": {"start", "end", "old", "new"}, "keys": [...]}
// (see Edit.MarshalJSON for text that is not valid UTF-8).
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

// editJSON is the JSON form of an Edit. A text that is not valid UTF-8
// goes in the _b64 field (encoding/json writes a []byte as base64), since
// a JSON string would replace its invalid bytes with U+FFFD.
type editJSON struct {
	Start  int     `json:"start"`
	End    int     `json:"end"`
	Old    *string `json:"old,omitempty"`
	OldB64 []byte  `json:"old_b64,omitempty"`
	New    *string `json:"new,omitempty"`
	NewB64 []byte  `json:"new_b64,omitempty"`
}

// MarshalJSON encodes e as {"start", "end", "old", "new"}, writing "old_b64"
// (or "new_b64"), the text base64-encoded, in place of "old" (or "new") when
// that text is not valid UTF-8.
func (e Edit) MarshalJSON() ([]byte, error) {
	j := editJSON{Start: e.Start, End: e.End}
	j.Old, j.OldB64 = textJSON(e.Old)
	j.New, j.NewB64 = textJSON(e.New)
	return json.Marshal(j)
}

// textJSON returns s as a JSON string when it is valid UTF-8, else as
// bytes to be base64-encoded.
func textJSON(s string) (*string, []byte) {
	if utf8.ValidString(s) {
		return &s, nil
	}
	return nil, []byte(s)
}

// UnmarshalJSON decodes the form MarshalJSON writes: each text from either
// its plain field or its _b64 field, not both. A missing text is "".
func (e *Edit) UnmarshalJSON(data []byte) error {
	var j editJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return fmt.Errorf("apply: decode edit: %w", err)
	}
	oldText, err := textFromJSON("old", j.Old, j.OldB64)
	if err != nil {
		return err
	}
	newText, err := textFromJSON("new", j.New, j.NewB64)
	if err != nil {
		return err
	}
	*e = Edit{Start: j.Start, End: j.End, Old: oldText, New: newText}
	return nil
}

// errTwoForms: an edit's text is given both as a string and in base64.
var errTwoForms = errors.New("given both as a string and in base64")

// textFromJSON picks the one form of a text that was given.
func textFromJSON(name string, s *string, b []byte) (string, error) {
	switch {
	case s != nil && b != nil:
		return "", fmt.Errorf("apply: decode edit: %s %w", name, errTwoForms)
	case b != nil:
		return string(b), nil
	case s != nil:
		return *s, nil
	}
	return "", nil
}
