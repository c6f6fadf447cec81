package document

import (
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// ZWJ is the zero width joiner, which glues emoji into one sequence.
const ZWJ = '\u200D'

// Boundary reports whether a quote or an edit may start or end at offset i
// of text, without splitting a character: i lies between two runes (every
// byte of an invalid UTF-8 sequence counts as a rune of its own), not
// between the '\r' and '\n' of a CRLF pair, and not inside a combining or
// an emoji sequence. So the rune at i must not be a combining mark (any
// rune that is not an NFC boundary before itself, such as U+0301 or the
// dakuten U+3099), a zero width joiner, a variation selector
// (U+FE00–U+FE0F), an emoji modifier (U+1F3FB–U+1F3FF) or a tag character
// (U+E0020–U+E007F), and the rune before i must not be a zero width
// joiner. 0 and len(text) are boundaries; offsets outside text are not.
//
// It is the one rule: apply.Resolve checks both edges of every match
// against it, and the offline reviewers widen their quotes by it, so a
// quote they write is never refused for splitting a character.
func Boundary(text []byte, i int) bool {
	if i <= 0 || i >= len(text) {
		return i == 0 || i == len(text)
	}
	if !runeBoundary(text, i) || text[i-1] == '\r' && text[i] == '\n' {
		return false
	}
	if r, _ := utf8.DecodeLastRune(text[:i]); r == ZWJ {
		return false
	}
	r, size := utf8.DecodeRune(text[i:])
	switch {
	case r == utf8.RuneError && size <= 1:
		return true // an invalid byte is a rune of its own
	case r == ZWJ,
		r >= 0xFE00 && r <= 0xFE0F,   // variation selectors
		r >= 0x1F3FB && r <= 0x1F3FF, // emoji modifiers (skin tones)
		r >= 0xE0020 && r <= 0xE007F: // tag characters
		return false
	}
	return norm.NFC.Properties(text[i:]).BoundaryBefore()
}

// NextBoundary returns the first Boundary of text after i (len(text) at
// the end); 0 <= i < len(text).
func NextBoundary(text []byte, i int) int {
	for {
		_, n := utf8.DecodeRune(text[i:])
		if i += n; i >= len(text) || Boundary(text, i) {
			return i
		}
	}
}

// PrevBoundary returns the last Boundary of text before i (0 at the
// start); 0 < i <= len(text).
func PrevBoundary(text []byte, i int) int {
	for {
		_, n := utf8.DecodeLastRune(text[:i])
		if i -= n; i <= 0 || Boundary(text, i) {
			return i
		}
	}
}

// runeBoundary reports whether offset i of b lies between two runes, where
// every byte of an invalid UTF-8 sequence counts as a rune of its own (as
// utf8.DecodeRune decodes it).
func runeBoundary(b []byte, i int) bool {
	if i <= 0 || i >= len(b) {
		return i == 0 || i == len(b)
	}
	for j := i - 1; j >= max(0, i-utf8.UTFMax+1); j-- {
		if utf8.RuneStart(b[j]) {
			_, size := utf8.DecodeRune(b[j:])
			return j+size <= i
		}
	}
	return true
}
