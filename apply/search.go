package apply

import (
	"bytes"
	"errors"
	"fmt"
	"index/suffixarray"

	"github.com/kaigi-dev/kaigi/finding"
)

// haystack is a text to search and the map from a match in it to a span of
// the original document (ok is false when the match cannot be mapped).
type haystack struct {
	text []byte
	span func(a, b int) (start, end int, ok bool)

	scanned int                // bytes scanned so far
	index   *suffixarray.Index // built once scanned reaches indexAfter texts
}

// indexAfter is how many times the length of its text a haystack scans
// before it builds a suffix array instead. Building one costs a few hundred
// scans of the text, so many findings with wrong line hints, or hinted at
// the one line of a one-line document, cost about twice the scans at worst
// and O(len(text)) once instead of once per finding at best.
const indexAfter = 256

// indexShare is the part of the text (1/indexShare) a search must cover to
// be answered from the suffix array once there is one. A lookup costs a
// binary search plus one step per occurrence anywhere in the text, so it
// pays only for searches that cover a large part of it; a search of a few
// lines keeps scanning them.
const indexShare = 4

// probe is one way of looking for a quote: the haystack, the quote as it
// must appear there, the map from a document offset into the haystack,
// and a last check on each match's document span (nil accepts every one).
type probe struct {
	h      *haystack
	q      []byte
	toH    func(int) int
	accept func(start, end int) bool
}

// stage is one search of the plan: the document bytes [lo, hi) a match must
// overlap, and the Method a unique match there is reported with.
type stage struct {
	lo, hi int
	method Method
}

// plan is the stages a quote is looked for in, in order.
type plan struct {
	stages [3]stage
	n      int
	beyond bool // the hint started past the last line and was clamped
}

// hinted reports whether the plan searches near a line hint before the
// whole document.
func (p plan) hinted() bool { return p.n > 1 }

// match is a unique match found at one stage; method is "" when none was.
type match struct {
	start, end int
	method     Method
}

// plan returns the stages for a finding hinted at lines hint: the hinted
// lines, the hinted lines widened by the window, the whole document. A
// hint that starts past the last line is clamped to the last line and
// searched from the window stage on; an invalid or absent hint means the
// whole document only.
func (r *resolver) plan(hint finding.LineRange) plan {
	var p plan
	n := r.idx.count()
	if hint.Valid() && n > 0 {
		if hint.Start > n {
			p.beyond, hint = true, finding.LineRange{Start: n, End: n}
		}
		lo, hi := r.idx.span(hint.Start, hint.End)
		if !p.beyond {
			p.stages[p.n], p.n = stage{lo, hi, ExactRange}, p.n+1
		}
		w := r.opt.Window
		if wlo, whi := r.idx.span(hint.Start-w, hint.End+w); p.beyond || wlo != lo || whi != hi {
			p.stages[p.n], p.n = stage{wlo, whi, Window}, p.n+1
		}
	}
	p.stages[p.n], p.n = stage{0, len(r.doc), Document}, p.n+1
	return p
}

// search runs the plan's stages in order, trying every probe at each stage
// before the next stage. The first stage where the probes find matches
// decides: one match is the answer, more than one (for any probe) is an
// error that says where. No match at any stage gives method "".
func (r *resolver) search(p plan, probes ...probe) (match, error) {
	for _, st := range p.stages[:p.n] {
		for _, pr := range probes {
			var c, s, e int
			if st.method == Document {
				c, s, e = pr.h.countAll(pr.q, pr.accept)
			} else {
				c, s, e = pr.h.count(pr.q, pr.toH(st.lo), pr.toH(st.hi), pr.accept)
			}
			switch {
			case c == 1:
				return match{start: s, end: e, method: st.method}, nil
			case c > 1:
				return match{}, r.manyErr(st.method, p.beyond)
			}
		}
	}
	return match{}, nil
}

// manyErr says where a stage found several matches.
func (r *resolver) manyErr(m Method, beyond bool) error {
	switch {
	case m == ExactRange:
		return errors.New("occurs more than once on the hinted lines")
	case m == Window && beyond:
		return fmt.Errorf("occurs more than once within %d lines of the document's end", r.opt.Window)
	case m == Window:
		return fmt.Errorf("occurs more than once within %d lines of the hint", r.opt.Window)
	}
	return errors.New("occurs more than once in the document")
}

// count counts, up to two, the mappable and accepted occurrences of q in
// h.text that overlap [lo, hi), and returns the first one mapped to
// original offsets. It scans the bytes concerned, or asks the suffix array
// when the search covers a large part of a text scanned often enough.
func (h *haystack) count(q []byte, lo, hi int, accept func(int, int) bool) (n, start, end int) {
	from, to := max(0, lo-len(q)+1), min(len(h.text), hi+len(q)-1)
	if to-from < len(q) {
		return 0, 0, 0
	}
	if big := (to - from) >= len(h.text)/indexShare; big {
		if h.index == nil && h.scanned >= indexAfter*len(h.text) {
			h.index = suffixarray.New(h.text)
		}
		if h.index != nil {
			return h.lookup(q, from, to, accept)
		}
	}
	h.scanned += to - from
	for from+len(q) <= to {
		i := bytes.Index(h.text[from:to], q)
		if i < 0 {
			break
		}
		a := from + i
		if s, e, ok := h.span(a, a+len(q)); ok && (accept == nil || accept(s, e)) {
			if n++; n == 1 {
				start, end = s, e
			} else {
				break
			}
		}
		from = a + 1
	}
	return n, start, end
}

// countAll is count over the whole text.
func (h *haystack) countAll(q []byte, accept func(int, int) bool) (n, start, end int) {
	return h.count(q, 0, len(h.text), accept)
}

// lookup is count within [from, to) answered from the suffix array. Its
// occurrences come in no particular order, so with two or more the first
// one returned is not the leftmost; callers use it only when n is 1. It
// asks for a few occurrences first, and for all of them only when those
// few do not settle the count, so a quote found everywhere costs little.
func (h *haystack) lookup(q []byte, from, to int, accept func(int, int) bool) (n, start, end int) {
	const few = 8
	offs := h.index.Lookup(q, few)
	if len(offs) == few {
		if n, start, end = h.tally(offs, len(q), from, to, accept); n >= 2 {
			return n, start, end
		}
		offs = h.index.Lookup(q, -1)
	}
	return h.tally(offs, len(q), from, to, accept)
}

// tally counts, up to two, the occurrences at offs of a text of length
// size that lie within [from, to) and are mappable and accepted.
func (h *haystack) tally(offs []int, size, from, to int, accept func(int, int) bool) (n, start, end int) {
	for _, a := range offs {
		if a < from || a+size > to {
			continue
		}
		if s, e, ok := h.span(a, a+size); ok && (accept == nil || accept(s, e)) {
			if n++; n == 1 {
				start, end = s, e
			} else {
				break
			}
		}
	}
	return n, start, end
}
