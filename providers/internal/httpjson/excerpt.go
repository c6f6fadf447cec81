package httpjson

import (
	"strings"
	"unicode"
)

// ExcerptRunes is how much of a body Excerpt keeps.
const ExcerptRunes = 200

// Excerpt is the start of an error body that is not the API's JSON (an
// HTML page from a proxy, a plain-text message), fit for an error
// message: white space runs (line breaks included) become one space,
// invalid UTF-8 is replaced, and the text is cut after ExcerptRunes
// runes, ending in "…".
func Excerpt(body []byte) string {
	s := strings.Join(strings.FieldsFunc(strings.ToValidUTF8(string(body), "\uFFFD"), unicode.IsSpace), " ")
	n := 0
	for i := range s {
		if n == ExcerptRunes {
			return s[:i] + "…"
		}
		n++
	}
	return s
}
