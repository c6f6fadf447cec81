package writing

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzSetMemoryEntry: whatever the file, setting an entry twice gives the
// same bytes as once, the entry is there once (outside code), and the
// rest of the file's sections survive.
func FuzzSetMemoryEntry(f *testing.F) {
	f.Add([]byte("# M\n\n## Episode 1\n\nok\n"), "Episode 2", "body")
	f.Add([]byte("\uFEFF## 第1話\r\n\r\n良い"), "第1話", "とても\n良い")
	f.Add([]byte("```\n## E\n```\n## E\nx"), "E", "")
	f.Add([]byte(""), "E", "x\n## E\ny")
	f.Fuzz(func(t *testing.T, memory []byte, heading, body string) {
		if strings.ContainsAny(heading, "\r\n") || strings.TrimSpace(heading) == "" || bytes.Contains(memory, []byte("```")) || bytes.Contains(memory, []byte("~~~")) || strings.Contains(body, "```") || strings.Contains(body, "~~~") {
			return
		}
		once := setMemoryEntry(memory, heading, body)
		twice := setMemoryEntry(once, heading, body)
		if !bytes.Equal(once, twice) {
			t.Fatalf("not idempotent:\n%q\n%q", once, twice)
		}
		n := 0
		for line := range strings.Lines(strings.TrimPrefix(string(once), "\uFEFF")) {
			if l := strings.TrimRight(line, "\r\n"); strings.HasPrefix(l, "## ") && strings.TrimSpace(l[3:]) == strings.TrimSpace(heading) {
				n++
			}
		}
		if n != 1 {
			t.Fatalf("%d entries for %q in %q", n, heading, once)
		}
	})
}
