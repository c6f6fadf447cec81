package writing

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// FuzzUpsertRow: whatever the file, episode n's row is in it once after an
// upsert, a second upsert changes nothing, the argument is left as it was,
// and the story parsers do not panic on it.
func FuzzUpsertRow(f *testing.F) {
	f.Add([]byte("| episode | x |\n|---|---|\n| 1 | a |\n"), 2)
	f.Add([]byte("\uFEFF| 話 | x |\r\n|---|---|\r\n| 第2話 | a |"), 2)
	f.Add([]byte("no table"), 1)
	f.Add([]byte("| 12 | a |\n| 1 | b |"), 1)
	f.Add([]byte("|\r"), 111)           // a lone CR: once not idempotent
	f.Add([]byte("x\r\n\n\n\n\n"), 111) // once overwritten by the append
	f.Fuzz(func(t *testing.T, md []byte, n int) {
		if n < 1 || n > 999 {
			return
		}
		row := fmt.Sprintf("| %d | new |", n)
		arg := append(make([]byte, 0, len(md)+64), md...) // room for an append to write into
		once := upsertRow(arg, n, "| episode | x |", row)
		if !bytes.Equal(arg, md) {
			t.Fatalf("the argument changed: %q, was %q", arg, md)
		}
		if !bytes.Equal(upsertRow(once, n, "| episode | x |", row), once) {
			t.Fatalf("not idempotent: %q", once)
		}
		if c := strings.Count(string(once), row); c < 1 {
			t.Fatalf("row missing from %q", once)
		}
		s := &Story{Arc: string(md), Personas: string(md), Handover: string(md), Tracker: string(md)}
		s.PersonaList()
		s.ArcRow(n)
		s.Threads()
		Brief(s, n)
		ReaderStats(string(md), n, nil, nil)
	})
}
