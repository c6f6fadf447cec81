package offline

import (
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// zwj is the zero width joiner, which glues emoji into one sequence.
const zwj = '\u200D'

// charBoundary reports whether a quote may start or end at offset i of s.
// It is the rule apply.Resolve checks every match's edges against, so a
// quote whose edges pass it is not refused for splitting a character: i
// lies between two runes (every byte of an invalid sequence is a rune of
// its own), not between the '\r' and '\n' of a CRLF pair, not before a
// combining mark (a rune that is no NFC boundary before itself, such as
// U+0301 or the dakuten U+3099), a zero width joiner, a variation
// selector, an emoji modifier or a tag character, and not after a zero
// width joiner. The ends of s are boundaries.
func charBoundary(s string, i int) bool {
	if i <= 0 || i >= len(s) {
		return true
	}
	for j := i - 1; j >= max(0, i-utf8.UTFMax+1); j-- {
		if utf8.RuneStart(s[j]) {
			if _, size := utf8.DecodeRuneInString(s[j:]); j+size > i {
				return false // inside a rune
			}
			break
		}
	}
	if s[i-1] == '\r' && s[i] == '\n' {
		return false
	}
	if r, _ := utf8.DecodeLastRuneInString(s[:i]); r == zwj {
		return false
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	switch {
	case r == utf8.RuneError && size <= 1:
		return true
	case r == zwj,
		r >= 0xFE00 && r <= 0xFE0F,   // variation selectors
		r >= 0x1F3FB && r <= 0x1F3FF, // emoji modifiers (skin tones)
		r >= 0xE0020 && r <= 0xE007F: // tag characters
		return false
	}
	return norm.NFC.PropertiesString(s[i:]).BoundaryBefore()
}

// nextChar returns the first character boundary of s after i (len(s) at
// the end); i < len(s).
func nextChar(s string, i int) int {
	for {
		_, n := utf8.DecodeRuneInString(s[i:])
		if i += n; i >= len(s) || charBoundary(s, i) {
			return i
		}
	}
}

// prevChar returns the last character boundary of s before i (0 at the
// start); i > 0.
func prevChar(s string, i int) int {
	for {
		_, n := utf8.DecodeLastRuneInString(s[:i])
		if i -= n; i <= 0 || charBoundary(s, i) {
			return i
		}
	}
}
