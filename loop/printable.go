package loop

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Printable returns s made safe to copy into a Markdown or plain-text
// artifact a person may print on a terminal: every character that would act
// on the terminal or reorder the text around it instead of showing itself is
// written visibly in Go's escape notation. C0 controls and DEL become \x1b
// style, C1 controls, the bidirectional controls (U+061C, U+200E, U+200F,
// U+202A to U+202E, U+2066 to U+2069) and the line and paragraph separators
// U+2028 and U+2029 become \u202e style, and a byte that is not UTF-8
// becomes \xff style. Tab, newline and a carriage return that ends a line
// (CRLF) are kept; a lone carriage return, which would move the cursor back
// over the line, is escaped. Everything else, Japanese text and emoji
// included, is kept as it is, and a string with nothing to escape is
// returned unchanged. Backslashes are not escaped, so the escaping is for
// people to read, not to be reversed. Printable(Printable(s)) ==
// Printable(s).
func Printable(s string) string {
	i := 0
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if unprintable(s, i, r, n) {
			break
		}
		i += n
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case !unprintable(s, i, r, n):
			b.WriteString(s[i : i+n])
		case r == utf8.RuneError && n == 1, r < 0x80:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
		i += n
	}
	return b.String()
}

// unprintable reports whether the rune r, n bytes at s[i:], is one
// Printable escapes.
func unprintable(s string, i int, r rune, n int) bool {
	switch {
	case r == utf8.RuneError && n == 1:
		return true
	case r == '\t' || r == '\n':
		return false
	case r == '\r':
		return i+1 >= len(s) || s[i+1] != '\n'
	case r < 0x20 || r >= 0x7f && r < 0xa0:
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f, r >= 0x202a && r <= 0x202e,
		r >= 0x2066 && r <= 0x2069, r == 0x2028, r == 0x2029:
		return true
	}
	return false
}
