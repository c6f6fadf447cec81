package export

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/apply/document"
	"github.com/kaigi-dev/kaigi/finding"
)

// position is a place in a text: a 1-based line and two 1-based columns,
// one counting UTF-8 bytes from the line's first byte (reviewdog's
// columns: a BOM counts) and one counting UTF-16 code units from the
// line's first character (SARIF's utf16CodeUnits and GitHub's: a BOM is
// not a character). An offset just after a '\n' is column 1 of the next
// line, even past the text's last line.
type position struct {
	line, byteCol, utf16Col int
}

// location is where a result points, computed once for every writer.
type location struct {
	// lines is the 1-based inclusive line range; the zero range means the
	// result names no line (a finding with no hint and no text).
	lines finding.LineRange
	// cols says start and end are set: the result points at a span.
	cols       bool
	start, end position
	// span is the byte span of Text that start and end name.
	span document.Span
	// utf16Off and utf16Len are the span as UTF-16 code units from the
	// text's first character (SARIF charOffset and charLength).
	utf16Off, utf16Len int
	// snippet is Text[span], when cols.
	snippet string
	// fix is the replacement for span, when fixed.
	fix   string
	fixed bool
}

// locate computes where r points; see Result for the rules.
func locate(r Result) location {
	if r.Text != nil {
		if sp, fix, fixed, ok := anchor(r); ok {
			return spanLocation(r.Text, sp, fix, fixed)
		}
	}
	return hintLocation(r)
}

// anchor returns the span of r.Text the result points at, and its
// replacement when the result has a fix to offer.
func anchor(r Result) (sp document.Span, fix string, fixed, ok bool) {
	if e := r.Edit; e != nil {
		return document.Span{Start: e.Start, End: e.End}, e.New, e.New != e.Old, true
	}
	f := r.Finding
	if f.Quote() == "" {
		return document.Span{}, "", false, false
	}
	if !f.Advisory() {
		a, ok := resolve(r.Text, f)
		if ok {
			return document.Span{Start: a.Start, End: a.End}, a.New, true, true
		}
	}
	// Advice only, or a fix that changes nothing: anchor the quote alone,
	// with a fix Resolve cannot mistake for the quote. It keeps the
	// quote's edge white space, so the normalised stage accepts it as it
	// would the quote.
	q := f.Quote()
	body := strings.TrimLeftFunc(q, unicode.IsSpace)
	f.Fix = q[:len(q)-len(body)] + "\uFFFF" + body
	a, ok := resolve(r.Text, f)
	return document.Span{Start: a.Start, End: a.End}, "", false, ok
}

// resolve anchors one finding in text with apply.Resolve.
func resolve(text []byte, f finding.Finding) (apply.Edit, bool) {
	anchors, _ := apply.Resolve(text, []apply.Proposal{{Key: "export", Finding: f}}, apply.Options{})
	if len(anchors) != 1 {
		return apply.Edit{}, false
	}
	return anchors[0].Edit, true
}

// spanLocation is the location of span sp of text, replaced by fix when
// fixed. A line terminator that ends both the span and the fix is left
// out of both, and so is one that ends a span with no fix: a result then
// ends on the line it points at. So is a leading BOM, which is no
// character of the text.
func spanLocation(text []byte, sp document.Span, fix string, fixed bool) location {
	old := text[sp.Start:sp.End]
	for _, eol := range []string{"\r\n", "\n"} {
		if bytes.HasSuffix(old, []byte(eol)) && (!fixed || strings.HasSuffix(fix, eol)) && len(old) > len(eol) {
			sp.End -= len(eol)
			fix = strings.TrimSuffix(fix, eol)
			break
		}
	}
	idx := document.NewLines(text)
	if bom := idx.BOM(); sp.Start == 0 && sp.End >= bom && bom > 0 && (!fixed || strings.HasPrefix(fix, string(text[:bom]))) {
		sp.Start, fix = bom, fix[min(bom, len(fix)):] // a BOM is no character of the text
	}
	loc := location{cols: true, span: sp, fix: fix, fixed: fixed, snippet: string(text[sp.Start:sp.End])}
	loc.start, loc.end = positionAt(text, idx, sp.Start), positionAt(text, idx, sp.End)
	loc.lines = finding.LineRange{Start: loc.start.line, End: loc.end.line}
	if loc.end.utf16Col == 1 && loc.end.line > loc.start.line {
		loc.lines.End-- // the span ends with a line terminator
	}
	bom := idx.BOM()
	loc.utf16Off = utf16Len(text[min(bom, sp.Start):sp.Start])
	loc.utf16Len = utf16Len(text[sp.Start:sp.End])
	return loc
}

// positionAt returns the position of byte offset off of text.
func positionAt(text []byte, idx document.Lines, off int) position {
	if off > 0 && text[off-1] == '\n' {
		if off == len(text) {
			return position{line: idx.Count() + 1, byteCol: 1, utf16Col: 1}
		}
	}
	line := max(idx.Line(off), 1)
	start := idx.Start(line)
	from := start
	if line == 1 {
		from += idx.BOM()
	}
	return position{
		line:     line,
		byteCol:  off - start + 1,
		utf16Col: utf16Len(text[min(from, off):off]) + 1,
	}
}

// utf16Len counts the UTF-16 code units of b decoded as UTF-8; an invalid
// byte decodes to U+FFFD, one unit.
func utf16Len(b []byte) int {
	n := 0
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
		b = b[size:]
	}
	return n
}

// hintLocation is the location of the result's hinted lines, clamped to
// its Text when it has one.
func hintLocation(r Result) location {
	lr := r.Finding.LineRange
	if !lr.Valid() {
		return location{}
	}
	if r.Text != nil {
		n := document.NewLines(r.Text).Count()
		lr.Start, lr.End = min(lr.Start, max(n, 1)), min(lr.End, max(n, 1))
	}
	return location{lines: lr}
}

// checkEdit reports whether e is an edit of text: within it, on character
// boundaries, with Old equal to the text it covers.
func checkEdit(text []byte, e apply.Edit) error {
	switch {
	case text == nil:
		return errors.New("an edit is given without the text it edits")
	case e.Start < 0 || e.End < e.Start || e.End > len(text):
		return fmt.Errorf("edit span %d-%d is outside the text's %d bytes", e.Start, e.End, len(text))
	case !document.Boundary(text, e.Start) || !document.Boundary(text, e.End):
		return fmt.Errorf("edit span %d-%d splits a character", e.Start, e.End)
	case string(text[e.Start:e.End]) != e.Old:
		return fmt.Errorf("edit span %d-%d holds %q, not the edit's old text %q", e.Start, e.End, brief(string(text[e.Start:e.End])), brief(e.Old))
	}
	return nil
}

// brief cuts s to 40 runes for a message.
func brief(s string) string {
	if utf8.RuneCountInString(s) <= 40 {
		return s
	}
	return string([]rune(s)[:40]) + "…"
}
