package apply

import (
	"bytes"
	"sort"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/kaigi-dev/kaigi/finding"
)

// lineIndex maps between 1-based line numbers and byte offsets of one
// document. Only '\n' ends a line, so a CRLF line's '\r' belongs to it and
// a leading BOM is on line 1.
type lineIndex struct {
	doc    []byte
	starts []int // starts[k] is the offset of line k+1
	crlf   bool  // most line terminators are "\r\n"
	eol    bool  // the document has a line terminator at all
}

func newLineIndex(doc []byte) lineIndex {
	n := bytes.Count(doc, []byte{'\n'})
	starts := make([]int, 1, n+1)
	crlfs := 0
	for off := 0; ; {
		i := bytes.IndexByte(doc[off:], '\n')
		if i < 0 {
			break
		}
		nl := off + i
		if nl > 0 && doc[nl-1] == '\r' {
			crlfs++
		}
		off = nl + 1
		if off < len(doc) {
			starts = append(starts, off)
		}
	}
	return lineIndex{doc: doc, starts: starts, crlf: crlfs > n-crlfs, eol: n > 0}
}

// count returns the number of lines; an empty document has none and a final
// line terminator does not start another line.
func (x lineIndex) count() int {
	if len(x.doc) == 0 {
		return 0
	}
	return len(x.starts)
}

// span returns the bytes of lines [first, last] including the last line's
// terminator. Lines are clamped to the document.
func (x lineIndex) span(first, last int) (start, end int) {
	n := x.count()
	first, last = max(first, 1), min(last, n)
	if n == 0 || first > last {
		return 0, 0
	}
	start = x.starts[first-1]
	if last == n {
		return start, len(x.doc)
	}
	return start, x.starts[last]
}

// content returns the bytes of lines [first, last] without the last line's
// terminator ("\n" or "\r\n").
func (x lineIndex) content(first, last int) (start, end int) {
	start, end = x.span(first, last)
	if end > start && x.doc[end-1] == '\n' {
		end--
		if end > start && x.doc[end-1] == '\r' {
			end--
		}
	}
	return start, end
}

// line returns the 1-based line holding byte offset off.
func (x lineIndex) line(off int) int {
	return max(sort.SearchInts(x.starts, off+1), 1)
}

// lines returns the lines the span [start, end) touches; an insertion
// touches the line it is on.
func (x lineIndex) lines(start, end int) finding.LineRange {
	first := x.line(start)
	if end <= start {
		return finding.LineRange{Start: first, End: first}
	}
	return finding.LineRange{Start: first, End: x.line(end - 1)}
}

// toDocEOL converts the line endings of s to the document's own: "\n"
// becomes "\r\n" in a CRLF document (a CR already there is not doubled) and
// "\r\n" becomes "\n" in an LF document. A lone '\r' is left alone, and so
// is s when the document has no line terminator to follow.
func (x lineIndex) toDocEOL(s string) string {
	if !x.eol || !strings.Contains(s, "\n") {
		return s
	}
	if !x.crlf {
		return strings.ReplaceAll(s, "\r\n", "\n")
	}
	var b strings.Builder
	b.Grow(len(s) + strings.Count(s, "\n"))
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' && (i == 0 || s[i-1] != '\r') {
			b.WriteByte('\r')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// boundary reports whether a match may start or end at offset i of doc:
// on a rune boundary (see runeBoundary), not between the '\r' and '\n' of a
// CRLF pair, and not inside a combining sequence or an emoji sequence. So
// the rune at i must not be a combining mark (any rune that is not an NFC
// boundary before itself, such as U+0301 or the dakuten U+3099), a zero
// width joiner (U+200D), a variation selector (U+FE00–U+FE0F), an emoji
// modifier (U+1F3FB–U+1F3FF) or a tag character (U+E0020–U+E007F), and the
// rune before i must not be a zero width joiner. Resolve checks both edges
// of every match against it, in the exact and the normalised stages alike,
// on the original document.
func boundary(doc []byte, i int) bool {
	if i <= 0 || i >= len(doc) {
		return i == 0 || i == len(doc)
	}
	if !runeBoundary(doc, i) || doc[i-1] == '\r' && doc[i] == '\n' {
		return false
	}
	if r, _ := utf8.DecodeLastRune(doc[:i]); r == zwj {
		return false
	}
	r, size := utf8.DecodeRune(doc[i:])
	switch {
	case r == utf8.RuneError && size <= 1:
		return true // an invalid byte is a rune of its own
	case r == zwj,
		r >= 0xFE00 && r <= 0xFE0F,   // variation selectors
		r >= 0x1F3FB && r <= 0x1F3FF, // emoji modifiers (skin tones)
		r >= 0xE0020 && r <= 0xE007F: // tag characters
		return false
	}
	return norm.NFC.Properties(doc[i:]).BoundaryBefore()
}

// zwj is the zero width joiner, which glues emoji into one sequence.
const zwj = '\u200D'

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
