package document

import (
	"bytes"
	"sort"
)

// bom is the UTF-8 byte order mark.
const bom = "\uFEFF"

// LineRange is a 1-based, inclusive range of lines: Start == End names one
// line. The zero value means no range (the lines of an empty text). It has
// the fields of finding.LineRange, so finding.LineRange(r) converts it.
type LineRange struct {
	Start int // first line, >= 1
	End   int // last line, >= Start
}

// Contains reports whether line lies within r.
func (r LineRange) Contains(line int) bool { return line >= r.Start && line <= r.End }

// Span is a byte span [Start, End) of a text; Start == End is empty.
type Span struct {
	Start, End int
}

// Len returns the number of bytes in s.
func (s Span) Len() int { return s.End - s.Start }

// Lines indexes the lines of one text. Only '\n' ends a line: the '\r' of a
// CRLF pair belongs to the line's terminator, a lone '\r' is text, and a
// leading BOM is part of line 1 (BOM says how long it is). A final line
// terminator does not start another line, so "a\n" and "a" both have one
// line and the empty text has none. Lines never copies or changes the
// text; the zero value indexes the empty text.
type Lines struct {
	text   []byte
	starts []int // starts[k] is the offset of line k+1
}

// NewLines indexes the lines of text in one pass.
func NewLines(text []byte) Lines {
	starts := make([]int, 0, bytes.Count(text, []byte{'\n'})+1)
	if len(text) > 0 {
		starts = append(starts, 0)
	}
	for off := 0; ; {
		i := bytes.IndexByte(text[off:], '\n')
		if i < 0 {
			break
		}
		off += i + 1
		if off < len(text) {
			starts = append(starts, off)
		}
	}
	return Lines{text: text, starts: starts}
}

// Count returns the number of lines.
func (x Lines) Count() int { return len(x.starts) }

// BOM returns the length of the text's leading UTF-8 byte order mark: 3,
// or 0 when there is none.
func (x Lines) BOM() int {
	if bytes.HasPrefix(x.text, []byte(bom)) {
		return len(bom)
	}
	return 0
}

// Line returns the 1-based line that holds byte offset off. An offset at
// or past the end of the text, such as the end of a final line terminator,
// belongs to the last line; a negative one to line 1. The empty text
// gives 0.
func (x Lines) Line(off int) int {
	if len(x.starts) == 0 {
		return 0
	}
	return max(sort.SearchInts(x.starts, off+1), 1)
}

// Start returns the byte offset of the first byte of line (1-based). Line
// 1 starts at 0, before any BOM. A line out of range is clamped to the
// first or the last line; the empty text gives 0.
func (x Lines) Start(line int) int {
	if len(x.starts) == 0 {
		return 0
	}
	return x.starts[min(max(line, 1), len(x.starts))-1]
}

// Span returns the bytes of lines first..last (1-based, inclusive) with
// the last line's terminator, clamped to the text: Start(first) to the
// start of the line after last, or the end of the text.
func (x Lines) Span(first, last int) Span {
	n := len(x.starts)
	first, last = max(first, 1), min(last, n)
	if n == 0 || first > last {
		return Span{}
	}
	if last == n {
		return Span{x.starts[first-1], len(x.text)}
	}
	return Span{x.starts[first-1], x.starts[last]}
}

// Content returns the bytes of line (1-based) without its terminator
// ("\n" or "\r\n"); line 1 keeps its BOM. A line out of range gives an
// empty span at the nearest end of the text.
func (x Lines) Content(line int) Span {
	n := len(x.starts)
	switch {
	case n == 0 || line < 1:
		return Span{}
	case line > n:
		return Span{len(x.text), len(x.text)}
	}
	s := x.Span(line, line)
	if s.End > s.Start && x.text[s.End-1] == '\n' {
		s.End--
		if s.End > s.Start && x.text[s.End-1] == '\r' {
			s.End--
		}
	}
	return s
}

// Range returns the lines the byte span s touches; an empty span touches
// the line it is on. The empty text gives the zero LineRange.
func (x Lines) Range(s Span) LineRange {
	first := x.Line(s.Start)
	if s.End <= s.Start {
		return LineRange{first, first}
	}
	return LineRange{first, x.Line(s.End - 1)}
}
