package council

import (
	"strings"
	"unicode"
)

// similarIssue is the Jaccard index of two issue texts' token sets at or
// above which sibling shots count as reporting the same problem.
const similarIssue = 0.5

// tokens returns the token set of s: lower-cased runs of letters and digits
// for alphabetic scripts, and rune bigrams inside runs of Han, Hiragana and
// Katakana, which do not separate words with spaces.
func tokens(s string) map[string]struct{} {
	set := make(map[string]struct{})
	var word strings.Builder
	var cjk []rune
	flushWord := func() {
		if word.Len() > 0 {
			set[word.String()] = struct{}{}
			word.Reset()
		}
	}
	flushCJK := func() {
		switch len(cjk) {
		case 0:
		case 1:
			set[string(cjk)] = struct{}{}
		default:
			for i := 0; i+1 < len(cjk); i++ {
				set[string(cjk[i:i+2])] = struct{}{}
			}
		}
		cjk = cjk[:0]
	}
	for _, r := range s {
		switch {
		case unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana):
			flushWord()
			cjk = append(cjk, r)
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			flushCJK()
			word.WriteRune(unicode.ToLower(r))
		default:
			flushWord()
			flushCJK()
		}
	}
	flushWord()
	flushCJK()
	return set
}

// jaccard returns |a ∩ b| / |a ∪ b|, and 0 when both sets are empty.
func jaccard(a, b map[string]struct{}) float64 {
	if len(a) > len(b) {
		a, b = b, a
	}
	both := 0
	for t := range a {
		if _, ok := b[t]; ok {
			both++
		}
	}
	union := len(a) + len(b) - both
	if union == 0 {
		return 0
	}
	return float64(both) / float64(union)
}
