package finding

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"strings"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Fingerprint identifies a finding by what it would change: its category,
// its quote (Quotes[0]) and its fix, each normalised with Normalize. The
// issue text, id, line range, severity and confidence are left out, so a
// later round that proposes the same change "in other words" gets the same
// fingerprint; a loop uses it to recognise a finding that was rejected
// before. A finding that quotes nothing, or only white space (as for
// QuoteKey), stands in its normalised issue for the quote, hashed under
// its own tag: it never shares a fingerprint with a finding that quotes
// the text of that issue.
//
// The result is 32 lower-case hex digits (the first 16 bytes of a SHA-256),
// the same in every run and process.
func Fingerprint(f Finding) string {
	if q := f.Quote(); strings.TrimSpace(q) != "" {
		return digest("fix", f.Category, q, f.Fix)
	}
	return digest("fix-by-issue", f.Category, f.Issue, f.Fix)
}

// QuoteKey is a looser key than Fingerprint: category and normalised quote
// only, so it also matches a re-proposal whose fix was reworded. A loop
// that wants no second opinion on text a human already ruled on drops a
// new finding whose QuoteKey matches a rejected one. QuoteKey returns ""
// for a finding that quotes nothing, so such findings never match.
//
// The result is 32 lower-case hex digits and never equals a Fingerprint.
func QuoteKey(f Finding) string {
	if strings.TrimSpace(f.Quote()) == "" {
		return ""
	}
	return digest("quote", f.Category, f.Quote())
}

// digest hashes a kind tag and the normalised parts, each prefixed with
// its length so that no two different lists of parts hash alike.
func digest(kind string, parts ...string) string {
	h := sha256.New()
	buf := binary.AppendUvarint(nil, uint64(len(kind)))
	h.Write(append(buf, kind...))
	for _, p := range parts {
		n := Normalize(p)
		buf = binary.AppendUvarint(buf[:0], uint64(len(n)))
		h.Write(append(buf, n...))
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// Normalize is the text normalisation behind Fingerprint and QuoteKey:
// Unicode NFKC (which also folds full-width and half-width forms), case
// folding, every run of white space (including CRLF and the ideographic
// space U+3000) collapsed to one space, and surrounding white space,
// punctuation, quotation marks and backquotes trimmed.
//
// Example: Normalize("「ＡＢＣ　 def」\r\n") == "abc def".
func Normalize(s string) string {
	// cases.Fold maps Cherokee to upper case and back again, so lower
	// case after folding keeps Normalize idempotent.
	s = strings.ToLower(cases.Fold().String(norm.NFKC.String(s)))
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		if unicode.IsSpace(r) {
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	return strings.TrimFunc(b.String(), func(r rune) bool {
		return unicode.IsSpace(r) || unicode.IsPunct(r) || r == '`'
	})
}
