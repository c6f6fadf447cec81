package writing

import (
	"bytes"
	"testing"
)

// TestUpsertRowEdgeCases: the inputs FuzzUpsertRow found. A lone CR at the
// end of a table line, and a file whose spare capacity an append could
// reuse: a second upsert changes nothing, and the argument is left as it
// was.
func TestUpsertRowEdgeCases(t *testing.T) {
	const header, row = "| episode | x |", "| 111 | new |"
	for _, tc := range []struct {
		name string
		md   string
		want string
	}{
		{"lone CR", "|\r", "|\r\n| 111 | new |\r\n"},
		{"CRLF then blank lines", "x\r\n\n\n\n\n", "x\r\n\r\n| episode | x |\r\n|---|---|\r\n| 111 | new |\r\n"},
		{"CRLF table", "| e | x |\r\n|---|---|\r\n| 1 | a |", "| e | x |\r\n|---|---|\r\n| 1 | a |\r\n| 111 | new |\r\n"},
		{"row replaced, its line end kept", "| e |\r\n|---|\r\n| 111 | old |\n| 2 |", "| e |\r\n|---|\r\n| 111 | new |\n| 2 |"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			md := make([]byte, len(tc.md), len(tc.md)+64) // room for an append to write into
			copy(md, tc.md)
			once := upsertRow(md, 111, header, row)
			if string(md) != tc.md {
				t.Errorf("the argument changed: %q, was %q", md, tc.md)
			}
			if string(once) != tc.want {
				t.Errorf("upsert of %q = %q, want %q", tc.md, once, tc.want)
			}
			if twice := upsertRow(once, 111, header, row); !bytes.Equal(twice, once) {
				t.Errorf("a second upsert changed %q to %q", once, twice)
			}
		})
	}
}

// TestAppendLineLoneCR: a file ending in a lone CR gets its CRLF completed,
// not a second CR.
func TestAppendLineLoneCR(t *testing.T) {
	if got := string(appendLine([]byte("- a\r"), "- b")); got != "- a\r\n- b\r\n" {
		t.Errorf("appendLine = %q", got)
	}
}
