package rounds

import (
	"fmt"
	"strings"

	"github.com/kaigi-dev/kaigi/loop/internal/runfile"
)

// fileDecision is one entry of a decisions file.
type fileDecision struct {
	entry  int // 1-based position in the file
	key    string
	action Action // "" when the entry decides nothing yet
	reason string
}

// decisionsShape shows the shape a decisions file must have.
const decisionsShape = `an array of decisions, the shape of pending.json: [{"key": "r1/fact-checker/F001", "action": "reject", "reason": "..."}]`

// parseDecisions reads a decisions file: a JSON array of objects with a
// "key", an "action" (apply, reject or defer, see ParseAction; empty or
// missing means not decided yet) and an optional "reason"; other fields
// (pending.json's label, lines, quote, fix) are ignored. A leading UTF-8
// BOM, which some editors write, is allowed. It refuses, with a message
// that says what was expected and where (entry number, or line and
// column): anything but an array, an entry that is not an object or has
// no key, a field that is not a string, an unknown action, and a key
// named twice (which of the two was meant cannot be known).
func parseDecisions(data []byte) ([]fileDecision, error) {
	type entry struct {
		Key    string `json:"key"`
		Action string `json:"action"`
		Reason string `json:"reason"`
	}
	entries, err := runfile.DecodeArray[entry](data, decisionsShape, `an object with "key" and "action"`)
	if err != nil {
		return nil, err
	}
	out := make([]fileDecision, 0, len(entries))
	seen := make(map[string]int, len(entries))
	for i, e := range entries {
		n := i + 1
		key := strings.TrimSpace(e.Key)
		if key == "" {
			return nil, fmt.Errorf("entry %d has no \"key\"; copy the keys from pending.json", n)
		}
		if first, dup := seen[key]; dup {
			return nil, fmt.Errorf("%s is decided twice (entries %d and %d); keep one of them", key, first, n)
		}
		seen[key] = n
		d := fileDecision{entry: n, key: key, reason: e.Reason}
		if strings.TrimSpace(e.Action) != "" {
			a, err := ParseAction(e.Action)
			if err != nil {
				return nil, fmt.Errorf("entry %d (%s): %v", n, key, err)
			}
			d.action = a
		}
		out = append(out, d)
	}
	return out, nil
}
