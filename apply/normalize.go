package apply

import (
	"bytes"
	"slices"
	"sort"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/width"
)

// normView is a normalised copy of a document with a map back to the
// original bytes. Normalisation folds full-width and half-width forms
// (golang.org/x/text/width.Fold), composes to Unicode NFC and collapses every
// run of white space (line endings included, so CRLF and LF agree) to one
// space, except a run that holds two or more line breaks (a blank line, a
// paragraph break), which becomes "\n\n": a single space in a quote never
// matches a paragraph break, so a fix cannot join two paragraphs.
//
// The view is a sequence of segments. An identity segment is a stretch whose
// normalised bytes equal the original ones, so any offset inside it maps
// back one to one. Any other segment (a white-space run, an NFC segment that
// composed, a folded rune) maps back only as a whole: a match must start and
// end on its edges. Invalid UTF-8 becomes a 0xFF byte, which no valid quote
// contains, so matches never cross it.
type normView struct {
	text []byte
	segs []segment
}

type segment struct {
	norm, orig       int // where the segment starts in text and in the document
	normLen, origLen int
	identity         bool
}

// newNormView builds the normalised view of doc.
func newNormView(doc []byte) *normView {
	v := &normView{text: make([]byte, 0, len(doc))}
	var run foldedRun // reused for every run
	for i := 0; i < len(doc); {
		switch r, size := utf8.DecodeRune(doc[i:]); {
		case r == utf8.RuneError && size <= 1:
			v.add(i, 1, []byte{0xFF}, false)
			i++
		case unicode.IsSpace(r):
			j, breaks := i, 0
			for j < len(doc) {
				r, n := utf8.DecodeRune(doc[j:])
				if !unicode.IsSpace(r) {
					break
				}
				if lineBreak(doc, j) {
					breaks++
				}
				j += n
			}
			out := []byte{' '}
			if breaks >= 2 {
				out = []byte{'\n', '\n'} // a blank line: a paragraph break
			}
			v.add(i, j-i, out, false)
			i = j
		default:
			i = v.addRun(doc, i, &run)
		}
	}
	return v
}

// foldedRun is a run of valid, non-space runes after width folding, with
// the original offset of each of its bytes (-1 inside a rune) and of its end.
type foldedRun struct {
	text []byte
	orig []int
}

// addRun adds the run of valid, non-space runes that starts at doc[i] and
// returns where it ends. Widths are folded rune by rune, then each NFC
// segment of the folded run is composed; a run that neither folding nor NFC
// changes is one identity segment.
func (v *normView) addRun(doc []byte, i int, run *foldedRun) int {
	run.text, run.orig = run.text[:0], run.orig[:0]
	j, changed := i, false
	for j < len(doc) {
		r, n := utf8.DecodeRune(doc[j:])
		if (r == utf8.RuneError && n <= 1) || unicode.IsSpace(r) {
			break
		}
		before := len(run.text)
		if f := width.LookupRune(r).Folded(); f != 0 {
			run.text = utf8.AppendRune(run.text, f)
			changed = true
		} else {
			run.text = append(run.text, doc[j:j+n]...)
		}
		run.orig = append(run.orig, j)
		for range len(run.text) - before - 1 {
			run.orig = append(run.orig, -1)
		}
		j += n
	}
	run.orig = append(run.orig, j)
	if !changed && norm.NFC.IsNormal(run.text) {
		v.add(i, j-i, run.text, true) // the common case: nothing to do
		return j
	}
	for p := 0; p < len(run.text); {
		n := norm.NFC.NextBoundary(run.text[p:], true)
		if n <= 0 {
			n = len(run.text) - p
		}
		o0, o1 := run.orig[p], run.orig[p+n]
		out := norm.NFC.Bytes(run.text[p : p+n])
		v.add(o0, o1-o0, out, bytes.Equal(out, doc[o0:o1]))
		p += n
	}
	return j
}

// add appends one segment, merging it into the previous one when both are
// identity segments and contiguous.
func (v *normView) add(orig, origLen int, out []byte, identity bool) {
	if k := len(v.segs) - 1; identity && k >= 0 {
		if last := &v.segs[k]; last.identity && last.orig+last.origLen == orig {
			last.normLen += len(out)
			last.origLen += origLen
			v.text = append(v.text, out...)
			return
		}
	}
	if len(v.segs) == cap(v.segs) {
		// Double: append grows a large slice by a quarter at a time,
		// which allocates about five times the final size in all.
		v.segs = slices.Grow(v.segs, max(len(v.segs), 8))
	}
	v.segs = append(v.segs, segment{norm: len(v.text), orig: orig, normLen: len(out), origLen: origLen, identity: identity})
	v.text = append(v.text, out...)
}

// seg returns the index of the segment holding normalised offset i.
func (v *normView) seg(i int) int {
	return sort.Search(len(v.segs), func(k int) bool { return v.segs[k].norm > i }) - 1
}

// toOrig maps the normalised span [a, b) back to original offsets. ok is
// false when the span cuts a segment that can only map back as a whole.
func (v *normView) toOrig(a, b int) (start, end int, ok bool) {
	if a < 0 || b <= a || b > len(v.text) {
		return 0, 0, false
	}
	s := v.segs[v.seg(a)]
	switch {
	case s.identity:
		start = s.orig + (a - s.norm)
	case a == s.norm:
		start = s.orig
	default:
		return 0, 0, false
	}
	e := v.segs[v.seg(b-1)]
	switch {
	case e.identity:
		end = e.orig + (b - e.norm)
	case b == e.norm+e.normLen:
		end = e.orig + e.origLen
	default:
		return 0, 0, false
	}
	return start, end, true
}

// fromOrig maps an original offset to the normalised offset of the segment
// holding it (its start when the segment maps only as a whole).
func (v *normView) fromOrig(off int) int {
	k := sort.Search(len(v.segs), func(k int) bool { return v.segs[k].orig > off }) - 1
	if k < 0 {
		return 0
	}
	s := v.segs[k]
	if s.identity && off < s.orig+s.origLen {
		return s.norm + (off - s.orig)
	}
	if off >= s.orig+s.origLen {
		return s.norm + s.normLen
	}
	return s.norm
}

// lineBreak reports whether a line break starts at doc[i]: "\n", "\r" not
// followed by "\n" (so CRLF counts once), U+2028 or U+2029.
func lineBreak(doc []byte, i int) bool {
	switch doc[i] {
	case '\n':
		return true
	case '\r':
		return i+1 == len(doc) || doc[i+1] != '\n'
	}
	r, _ := utf8.DecodeRune(doc[i:])
	return r == '\u2028' || r == '\u2029'
}

// normalizeQuote normalises a quote the way newNormView normalises a
// document. ok is false when the quote is not valid UTF-8 or normalises to
// nothing.
func normalizeQuote(q string) (out []byte, ok bool) {
	if !utf8.ValidString(q) {
		return nil, false
	}
	v := newNormView([]byte(q))
	return v.text, len(v.text) > 0
}
