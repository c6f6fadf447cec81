package document

import (
	"testing"
	"unicode/utf8"
)

func TestRuneBoundary(t *testing.T) {
	for _, doc := range []string{"", "abc", "猫🐈é", "\xff\x80\xe3\x81", "a\xe3\x81\x82\x82b", "\xf0\x9f\x90"} {
		b := []byte(doc)
		want := map[int]bool{len(b): true}
		for i := 0; i < len(b); {
			want[i] = true
			_, n := utf8.DecodeRune(b[i:])
			i += n
		}
		for i := 0; i <= len(b); i++ {
			if got := runeBoundary(b, i); got != want[i] {
				t.Errorf("runeBoundary(%q, %d) = %v, want %v", doc, i, got, want[i])
			}
		}
	}
}

func TestBoundary(t *testing.T) {
	cases := []struct {
		text string
		i    int
		want bool
	}{
		{"ab", 1, true},
		{"a\r\nb", 2, false},      // inside CRLF
		{"cafe\u0301", 4, false},  // before a combining acute
		{"か\u3099", 3, false},     // before a combining dakuten
		{"👍\U0001F3FD", 4, false}, // before a skin tone
		{"👩\u200D💻", 4, false},    // before a zero width joiner
		{"👩\u200D💻", 7, false},    // after it
		{"猫", 1, false},           // inside a rune
		{"\xff\x80", 1, true},     // invalid bytes are runes of their own
		{"ab", 0, true},
		{"ab", 2, true},
		{"ab", 3, false},
	}
	for _, c := range cases {
		if got := Boundary([]byte(c.text), c.i); got != c.want {
			t.Errorf("Boundary(%q, %d) = %v, want %v", c.text, c.i, got, c.want)
		}
	}
	text := []byte("e\u0301x👩\u200D💻")
	if n := NextBoundary(text, 0); n != 3 {
		t.Errorf("NextBoundary = %d, want 3", n)
	}
	if p := PrevBoundary(text, len(text)); p != 4 {
		t.Errorf("PrevBoundary = %d, want 4", p)
	}
}
