package offline

import (
	"bytes"
	mdoc "github.com/kaigi-dev/kaigi/apply/document"
	"unicode/utf8"
)

// deleteLine turns the deletion of raw[start:end], when it is all a line
// holds (a sentence such as "いかがでしたか？" alone on its line), into an
// edit of whole lines, written as the project's convention wants a
// deletion: the quote holds the deleted text with some neighbouring text
// and the fix is the quote without the deleted part.
//
// The line goes with its line break. When the next line continues the
// paragraph, the line and its ending are deleted and the quote runs into
// the start of the next line; otherwise the line is deleted with the line
// breaks (and blank lines) before it, and the quote starts at the end of
// the previous non-blank line, so a paragraph of its own vanishes with its
// blank line. A line with no non-blank line before it is deleted up to the
// next non-blank line. No byte of a neighbouring line changes, and the
// quote never holds a BOM. ok is false (the finding stays advice) when the
// document holds nothing else, when the line after would become a setext
// underline, a break or a front matter opener (it holds only '-', '=',
// '+', '*' and '_'), when the quote would overlap another
// fix's span (others, keyed by 1-based line), or when it cannot be made
// unique around the line as apply counts matches on a hinted line.
func (d *document) deleteLine(start, end int, others map[int][]span) (quote, fix string, at span, ok bool) {
	if !d.wholeLine(start, end) {
		return "", "", span{}, false
	}
	ls, le := d.lineBounds(start)
	l := d.line(start) - 1 // 0-based
	next := d.nonBlank(l+1, 1)
	prev := d.nonBlank(l-1, -1)
	var cut span   // the bytes deleted
	var keep span  // the neighbouring text the quote holds and the fix keeps
	var after bool // keep follows cut
	switch {
	case next == l+1 || next >= 0 && prev < 0:
		ns, ne := d.lineSpan(next)
		if t := bytes.TrimSpace(d.raw[ns:ne]); len(bytes.Trim(t, "-=+*_ \t")) == 0 {
			return "", "", span{}, false
		}
		cut, keep, after = span{ls, ns}, span{ns, ns}, true
	case prev >= 0:
		_, pe := d.lineSpan(prev)
		cut, keep = span{pe, le}, span{pe, pe}
	default:
		return "", "", span{}, false
	}
	sp := d.lines.Span(l+1, l+1) // the hinted line with its ending, as apply searches it
	lo, hi := sp.Start, sp.End
	raw := string(d.raw)
	grow := func() bool { // grow the kept text by one character, away from the cut
		if after {
			ks, ke := d.contentSpan(next)
			if keep.end >= ke {
				return false
			}
			keep.end = ks + mdoc.NextBoundary(d.raw[ks:ke], keep.end-ks)
			return true
		}
		ps, pe := d.contentSpan(prev)
		if keep.start <= ps {
			return false
		}
		keep.start = ps + mdoc.PrevBoundary(d.raw[ps:pe], keep.start-ps)
		return true
	}
	found := false
	for n := 0; n < maxQuote; n++ {
		if !grow() {
			break
		}
		s := span{min(cut.start, keep.start), max(cut.end, keep.end)}
		if d.touchesOther(others, s, span{start, end}) {
			break
		}
		midWord := after && keep.end < len(raw) && isWordByte(raw[keep.end-1]) && isWordByte(raw[keep.end]) ||
			!after && keep.start > 0 && isWordByte(raw[keep.start-1]) && isWordByte(raw[keep.start])
		if !midWord && countAround(raw, raw[s.start:s.end], lo, hi) == 1 {
			at, found = s, true
			if utf8.RuneCountInString(raw[keep.start:keep.end]) >= 3 {
				break
			}
		}
	}
	if !found {
		return "", "", span{}, false
	}
	keep = span{max(keep.start, at.start), min(keep.end, at.end)}
	return raw[at.start:at.end], raw[keep.start:keep.end], at, true
}

// touchesOther reports whether s overlaps a span of others (keyed by
// 1-based line) on the lines s touches, other than own.
func (d *document) touchesOther(others map[int][]span, s, own span) bool {
	for l := d.line(s.start); l <= d.line(max(s.start, s.end-1)); l++ {
		for _, o := range others[l] {
			if o != own && s.start < o.end && o.start < s.end {
				return true
			}
		}
	}
	return false
}

// wholeLine reports whether raw[start:end] is all its line holds but
// white space, and more than white space.
func (d *document) wholeLine(start, end int) bool {
	ls, le := d.lineBounds(start)
	t := bytes.TrimSpace(d.raw[start:min(end, len(d.raw))])
	return end <= le && len(t) > 0 && len(bytes.TrimSpace(d.raw[ls:le])) == len(t)
}

// nonBlank returns the first line from line i (0-based), stepping by dir,
// that holds more than white space, or -1.
func (d *document) nonBlank(i, dir int) int {
	for ; i >= 0 && i < d.lineCount(); i += dir {
		s, e := d.lineSpan(i)
		if t := bytes.TrimSpace(d.raw[s:e]); len(t) > 0 && !bytes.Equal(t, []byte("\uFEFF")) {
			return i
		}
	}
	return -1
}

// countAround counts, up to two, the occurrences of q (overlapping ones
// included) that overlap text[lo:hi]: how apply counts a quote's matches on
// its hinted lines.
func countAround(text, q string, lo, hi int) int {
	from, to := max(0, lo-len(q)+1), min(len(text), hi+len(q)-1)
	if from >= to {
		return 0
	}
	return occurrences(text[from:to], q)
}
