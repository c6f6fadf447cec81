package apply

import (
	"bytes"
	"strings"

	"github.com/kaigi-dev/kaigi/apply/document"
	"github.com/kaigi-dev/kaigi/finding"
)

// lineIndex is document.Lines, the module's one line index, with what
// Resolve needs beside it: whether the document's line terminators are
// mostly CRLF, and whether it has any. Only '\n' ends a line, so a CRLF
// line's '\r' belongs to it and a leading BOM is on line 1.
type lineIndex struct {
	doc  []byte
	idx  document.Lines
	crlf bool // most line terminators are "\r\n"
	eol  bool // the document has a line terminator at all
}

func newLineIndex(doc []byte) lineIndex {
	n := bytes.Count(doc, []byte{'\n'})
	crlfs := bytes.Count(doc, []byte("\r\n"))
	return lineIndex{doc: doc, idx: document.NewLines(doc), crlf: crlfs > n-crlfs, eol: n > 0}
}

// count returns the number of lines; an empty document has none and a final
// line terminator does not start another line.
func (x lineIndex) count() int { return x.idx.Count() }

// span returns the bytes of lines [first, last] including the last line's
// terminator. Lines are clamped to the document.
func (x lineIndex) span(first, last int) (start, end int) {
	s := x.idx.Span(first, last)
	return s.Start, s.End
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

// line returns the 1-based line holding byte offset off (1 in an empty
// document).
func (x lineIndex) line(off int) int { return max(x.idx.Line(off), 1) }

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
// document.Boundary, the one character-boundary rule of the module.
// Resolve checks both edges of every match against it, in the exact and
// the normalised stages alike, on the original document.
func boundary(doc []byte, i int) bool { return document.Boundary(doc, i) }
