package export

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
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
func locate(r Result) location { return locateAll([]Result{r})[0] }

// textKey identifies a Text by its bytes in memory: results that share
// one share its line index and its apply.Resolve call.
type textKey struct {
	first *byte
	n     int
}

// locateAll computes where every result points, in order. Results that
// share a Text are anchored by one apply.Resolve call (two when some are
// advice only), so that many findings on a long document cost one line
// index and one search structure, not one each.
func locateAll(results []Result) []location {
	locs := make([]location, len(results))
	groups := map[textKey][]int{}
	var order []textKey
	for i, r := range results {
		if r.Text == nil {
			locs[i] = hintLocation(r, 0)
			continue
		}
		k := textKey{n: len(r.Text)}
		if len(r.Text) > 0 {
			k.first = &r.Text[0]
		}
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], i)
	}
	for _, k := range order {
		locateIn(results, groups[k], locs)
	}
	return locs
}

// locateIn fills locs[i] for the results at indexes in, which share one
// Text.
func locateIn(results []Result, in []int, locs []location) {
	text := results[in[0]].Text
	x := &textIndex{text: text, lines: document.NewLines(text)}
	spans := make(map[int]apply.Edit, len(in))
	fixed := make(map[int]bool, len(in))
	// First the fixes as they are; then the quotes of advice, and of
	// fixes that could not be anchored as fixes (one that changes
	// nothing), with a fix Resolve cannot mistake for the quote. It keeps
	// the quote's edge white space, so the normalised stage accepts it as
	// it would the quote.
	for pass := range 2 {
		var props []apply.Proposal
		for _, i := range in {
			r := results[i]
			if _, done := spans[i]; done || r.Edit != nil || r.Finding.Quote() == "" || (pass == 0 && r.Finding.Advisory()) {
				continue
			}
			f := r.Finding
			if pass == 1 {
				q := f.Quote()
				body := strings.TrimLeftFunc(q, unicode.IsSpace)
				f.Fix = q[:len(q)-len(body)] + "\uFFFF" + body
			}
			props = append(props, apply.Proposal{Key: strconv.Itoa(i), Finding: f})
		}
		if len(props) == 0 {
			continue
		}
		anchors, _ := apply.Resolve(text, props, apply.Options{})
		for _, a := range anchors {
			i, _ := strconv.Atoi(a.Key)
			spans[i], fixed[i] = a.Edit, pass == 0
		}
	}
	for _, i := range in {
		r := results[i]
		switch e, ok := spans[i]; {
		case r.Edit != nil:
			locs[i] = x.spanLocation(document.Span{Start: r.Edit.Start, End: r.Edit.End}, r.Edit.New, r.Edit.New != r.Edit.Old)
		case ok && fixed[i]:
			locs[i] = x.spanLocation(document.Span{Start: e.Start, End: e.End}, e.New, true)
		case ok:
			locs[i] = x.spanLocation(document.Span{Start: e.Start, End: e.End}, "", false)
		default:
			locs[i] = hintLocation(r, x.lines.Count())
		}
	}
}

// textIndex is what locating results in one Text takes: its line index
// and, built on first use, the UTF-16 offset of every line's start.
type textIndex struct {
	text  []byte
	lines document.Lines
	units []int // units[k]: UTF-16 code units before line k+1 (a BOM is none)
}

// offset16 returns the UTF-16 offset from the text's first character of
// position p.
func (x *textIndex) offset16(p position) int {
	if x.units == nil {
		n := x.lines.Count()
		x.units = make([]int, n+1)
		for k := 1; k <= n; k++ {
			s := x.lines.Span(k, k)
			if k == 1 {
				s.Start += x.lines.BOM()
			}
			x.units[k] = x.units[k-1] + utf16Len(x.text[min(s.Start, s.End):s.End])
		}
	}
	return x.units[min(p.line, len(x.units))-1] + p.utf16Col - 1
}

// spanLocation is the location of span sp of the text, replaced by fix
// when fixed. A line terminator that ends both the span and the fix is
// left out of both, and so is one that ends a span with no fix: a result
// then ends on the line it points at. So is a leading BOM, which is no
// character of the text.
func (x *textIndex) spanLocation(sp document.Span, fix string, fixed bool) location {
	text := x.text
	old := text[sp.Start:sp.End]
	for _, eol := range []string{"\r\n", "\n"} {
		if bytes.HasSuffix(old, []byte(eol)) && (!fixed || strings.HasSuffix(fix, eol)) && len(old) > len(eol) {
			sp.End -= len(eol)
			fix = strings.TrimSuffix(fix, eol)
			break
		}
	}
	if bom := x.lines.BOM(); sp.Start == 0 && sp.End >= bom && bom > 0 && (!fixed || strings.HasPrefix(fix, string(text[:bom]))) {
		sp.Start, fix = bom, fix[min(bom, len(fix)):] // a BOM is no character of the text
	}
	loc := location{cols: true, span: sp, fix: fix, fixed: fixed, snippet: string(text[sp.Start:sp.End])}
	loc.start, loc.end = positionAt(text, x.lines, sp.Start), positionAt(text, x.lines, sp.End)
	loc.lines = finding.LineRange{Start: loc.start.line, End: loc.end.line}
	if loc.end.utf16Col == 1 && loc.end.line > loc.start.line {
		loc.lines.End-- // the span ends with a line terminator
	}
	loc.utf16Off = x.offset16(loc.start)
	loc.utf16Len = x.offset16(loc.end) - loc.utf16Off
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
// the n lines of its Text when it has one.
func hintLocation(r Result, n int) location {
	lr := r.Finding.LineRange
	if !lr.Valid() {
		return location{}
	}
	if r.Text != nil {
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
