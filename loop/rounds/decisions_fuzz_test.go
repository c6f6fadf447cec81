package rounds

import (
	"errors"
	"strings"
	"testing"
)

// FuzzParseDecisions: whatever a decisions file holds, the parser does not
// panic, accepts only entries with distinct keys and known actions, and
// refuses the rest with a message that is about the file, not about Go.
func FuzzParseDecisions(f *testing.F) {
	for _, s := range []string{
		`[]`, `[{"key": "r1/a/F001", "action": "apply"}]`,
		"\ufeff[{\"key\": \"r1/a/F001\", \"action\": \"reject\", \"reason\": \"理由\"}]",
		`[{"key": "r1/a/F001", "label": "[low/90] a: x", "lines": "1-2", "quote": "q", "fix": "f", "action": "", "reason": ""}]`,
		`{"key": "x"}`, `[1, "x", null, [], {}]`, `[{"key": 1}]`, `[{"key": "a", "action": "maybe"}]`,
		`[{"key": "a"}, {"key": "a"}]`, "[\n{\"key\": \"a\" \"action\": 1}", "\xff\xfe[\x00]\x00", ``, `null`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ds, err := parseDecisions(data)
		if err != nil {
			msg := err.Error()
			if msg == "" || strings.Contains(msg, "Go value") || strings.Contains(msg, "struct {") {
				t.Fatalf("unclear message %q", msg)
			}
			var _ = errors.Unwrap(err)
			return
		}
		seen := map[string]bool{}
		for _, d := range ds {
			if d.key == "" || seen[d.key] {
				t.Fatalf("accepted an empty or repeated key %q", d.key)
			}
			seen[d.key] = true
			switch d.action {
			case "", Apply, Reject, Defer:
			default:
				t.Fatalf("accepted action %q", d.action)
			}
		}
	})
}
