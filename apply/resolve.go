package apply

import (
	"bytes"
	"errors"
	"fmt"
	"index/suffixarray"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kaigi-dev/kaigi/finding"
)

// Resolve anchors every proposal to an edit of doc. It returns the anchors in
// input order and the proposals it could not anchor, also in input order.
// It never modifies doc and never guesses. Every proposal is taken to
// concern doc: Finding.File is not consulted, so group findings by file
// first.
//
// Quotes[0] is the text to replace and Fix its replacement. The quote is
// looked for, stopping at the first stage that finds it:
//
//  1. exactly, overlapping the hinted lines (Method ExactRange);
//  2. exactly, overlapping the hinted lines widened by Options.Window on
//     each side (Window);
//  3. exactly, anywhere in the document (Document);
//  4. the same three stages in a normalised view of document and quote
//     (line endings, Unicode NFC, full-width and half-width forms, runs of
//     white space; a run with a blank line in it only matches a run with a
//     blank line), mapped back to original byte offsets (Normalized).
//     Here white space at the quote's edges is dropped, and so is the
//     fix's on the same edge, so that a quote " foo" cannot swallow the
//     line break before "foo".
//
// Two or more matches at one stage skip the proposal with ErrAmbiguous. A
// span always starts and ends on rune and character boundaries of the
// original document: never between the '\r' and '\n' of a CRLF pair,
// before a combining mark, or inside an emoji sequence (next to a zero
// width joiner, before a variation selector, skin-tone modifier or tag
// character). A match that would split one is not counted, so "cafe" does
// not match the "cafe" of "cafe\u0301".
// An empty Fix is advice only (ErrAdvisory), and so is a Fix that equals
// the text it would replace. A hinted range that starts
// beyond the last line gives ErrOutOfRange unless the quote is unique in the
// document; a range that merely ends beyond the last line is clamped. A
// finding without a quote replaces the content of its line range (without
// the last line's terminator, and without one trailing line terminator of
// its Fix) only when opt.Reviewed is true; otherwise ErrNoQuote.
//
// Fix's line endings are converted to the document's own ("\n" becomes
// "\r\n" in a CRLF document, "\r\n" becomes "\n" in an LF one; a document
// with both uses the more frequent; one with neither leaves Fix alone). Lines are
// 1-based and only '\n' ends a line; a leading BOM is part of line 1.
func Resolve(doc []byte, props []Proposal, opt Options) (anchors []Anchor, skips []Skip) {
	r := resolver{doc: doc, idx: newLineIndex(doc), opt: opt}
	r.exact = &haystack{text: doc, span: func(a, b int) (int, int, bool) {
		return a, b, boundary(doc, a) && boundary(doc, b)
	}}
	if r.opt.Window <= 0 {
		r.opt.Window = DefaultWindow
	}
	for _, p := range props {
		a, err := r.resolve(p.Finding)
		if err != nil {
			where := p.Key
			if lr := p.Finding.LineRange; !lr.IsZero() {
				where += " (lines " + lr.String() + ")"
			}
			skips = append(skips, Skip{Key: p.Key, Err: fmt.Errorf("apply: %s: %w", where, err)})
			continue
		}
		a.Key = p.Key
		anchors = append(anchors, a)
	}
	return anchors, skips
}

// resolver holds what Resolve computes once per document.
type resolver struct {
	doc   []byte
	idx   lineIndex
	opt   Options
	exact *haystack // the document itself
	view  *normView // built on first use, with norm
	norm  *haystack // the normalised view
}

// identity maps an original offset to itself.
func identity(off int) int { return off }

// resolve anchors one finding; see Resolve for the rules.
func (r *resolver) resolve(f finding.Finding) (Anchor, error) {
	if f.Advisory() {
		return Anchor{}, ErrAdvisory
	}
	fix := r.idx.toDocEOL(f.Fix)
	q := f.Quote()
	if q == "" {
		return r.lineRange(f.LineRange, fix)
	}
	hint := f.LineRange
	n := r.idx.count()
	beyond := hint.Valid() && hint.Start > n
	if !hint.Valid() || beyond {
		hint = finding.LineRange{} // no usable hint: the document stage only
	}

	m, err := r.stages(r.exact, []byte(q), hint, identity)
	if err == nil && m.method == "" {
		// White space at the quote's edges is dropped, with the same
		// edge of the fix, so that it cannot swallow a line break.
		tq, tfix := trimEdges(q, fix)
		if nq, ok := normalizeQuote(tq); ok {
			if r.norm == nil {
				r.view = newNormView(r.doc)
				r.norm = &haystack{text: r.view.text, span: func(a, b int) (int, int, bool) {
					s, e, ok := r.view.toOrig(a, b)
					return s, e, ok && boundary(r.doc, s) && boundary(r.doc, e)
				}}
			}
			m, err = r.stages(r.norm, nq, hint, r.view.fromOrig)
			if m.method != "" {
				m.method = Normalized
			}
			fix = tfix
		}
	}
	switch {
	case beyond && (err != nil || m.method == ""):
		return Anchor{}, fmt.Errorf("%w: the document has %d lines and the quote %s is not unique in it", ErrOutOfRange, n, brief(q))
	case err != nil:
		return Anchor{}, fmt.Errorf("%w: %s %v", ErrAmbiguous, brief(q), err)
	case m.method == "":
		return Anchor{}, fmt.Errorf("%w: %s", ErrQuoteNotFound, brief(q))
	}
	return r.anchor(m.start, m.end, fix, m.method)
}

// anchor makes the anchor replacing doc[start:end] with fix. A fix that
// leaves the text as it is changes nothing and is advice only: as an edit
// it could only block real edits it overlaps.
func (r *resolver) anchor(start, end int, fix string, m Method) (Anchor, error) {
	old := string(r.doc[start:end])
	if old == fix {
		return Anchor{}, fmt.Errorf("%w: the fix leaves %s as it is", ErrAdvisory, brief(old))
	}
	e := Edit{Start: start, End: end, Old: old, New: fix}
	return Anchor{Edit: e, Lines: r.idx.lines(start, end), Method: m}, nil
}

// trimEdges drops white space from the edges of q, and from each edge of
// fix where q had some.
func trimEdges(q, fix string) (string, string) {
	t := strings.TrimLeftFunc(q, unicode.IsSpace)
	if t != q {
		fix = strings.TrimLeftFunc(fix, unicode.IsSpace)
	}
	if tt := strings.TrimRightFunc(t, unicode.IsSpace); tt != t {
		t, fix = tt, strings.TrimRightFunc(fix, unicode.IsSpace)
	}
	return t, fix
}

// lineRange anchors a finding that quotes nothing to the content of its lines.
func (r *resolver) lineRange(lr finding.LineRange, fix string) (Anchor, error) {
	n := r.idx.count()
	switch {
	case !r.opt.Reviewed:
		return Anchor{}, fmt.Errorf("%w: replacing whole lines needs a document known to be the one reviewed (Options.Reviewed)", ErrNoQuote)
	case !lr.Valid():
		return Anchor{}, fmt.Errorf("%w: the finding names no line range", ErrNoQuote)
	case lr.End > n:
		return Anchor{}, fmt.Errorf("%w: the document has %d lines", ErrOutOfRange, n)
	}
	if f, ok := strings.CutSuffix(fix, "\n"); ok {
		fix = strings.TrimSuffix(f, "\r") // "\r\n" after toDocEOL in a CRLF document
	}
	s, e := r.idx.content(lr.Start, lr.End)
	return r.anchor(s, e, fix, LineRange)
}

// haystack is a text to search and the map from a match in it to a span of
// the original document (ok is false when the match cannot be mapped).
type haystack struct {
	text []byte
	span func(a, b int) (start, end int, ok bool)

	scans int                // whole-text scans so far
	index *suffixarray.Index // built after indexAfter whole-text scans
}

// indexAfter is how many whole-text scans a haystack makes before it builds
// a suffix array instead. Building one costs a few hundred scans, so many
// findings with wrong line hints cost about twice the scans at worst, and
// O(len(text)) once instead of once per finding at best.
const indexAfter = 256

// match is a unique match found at one stage; method is "" when none was.
type match struct {
	start, end int
	method     Method
}

// stages runs the range, window and document stages over h. toH maps an
// original offset into h. err is non-nil when a stage finds several matches.
func (r *resolver) stages(h *haystack, q []byte, hint finding.LineRange, toH func(int) int) (match, error) {
	type stage struct {
		lo, hi int
		method Method
	}
	var todo [3]stage
	n := 0
	if !hint.IsZero() {
		lo, hi := r.idx.span(hint.Start, hint.End)
		todo[n], n = stage{lo, hi, ExactRange}, n+1
		w := r.opt.Window
		if wlo, whi := r.idx.span(hint.Start-w, hint.End+w); wlo != lo || whi != hi {
			todo[n], n = stage{wlo, whi, Window}, n+1
		}
	}
	todo[n], n = stage{0, len(r.doc), Document}, n+1
	for _, st := range todo[:n] {
		c, s, e := 0, 0, 0
		if st.method == Document {
			c, s, e = h.countAll(q)
		} else {
			c, s, e = h.count(q, toH(st.lo), toH(st.hi))
		}
		switch {
		case c == 1:
			return match{start: s, end: e, method: st.method}, nil
		case c > 1:
			return match{}, r.manyErr(st.method)
		}
	}
	return match{}, nil
}

// manyErr says where a stage found several matches.
func (r *resolver) manyErr(m Method) error {
	switch m {
	case ExactRange:
		return errors.New("occurs more than once on the hinted lines")
	case Window:
		return fmt.Errorf("occurs more than once within %d lines of the hint", r.opt.Window)
	}
	return errors.New("occurs more than once in the document")
}

// count counts, up to two, the mappable occurrences of q in h.text that
// overlap [lo, hi), and returns the first one mapped to original offsets.
func (h *haystack) count(q []byte, lo, hi int) (n, start, end int) {
	from, to := max(0, lo-len(q)+1), min(len(h.text), hi+len(q)-1)
	for from+len(q) <= to {
		i := bytes.Index(h.text[from:to], q)
		if i < 0 {
			break
		}
		a := from + i
		if s, e, ok := h.span(a, a+len(q)); ok {
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

// countAll is count over the whole text. After indexAfter scans it answers
// from a suffix array of the text, built once.
func (h *haystack) countAll(q []byte) (n, start, end int) {
	if h.index == nil {
		if h.scans < indexAfter {
			h.scans++
			return h.count(q, 0, len(h.text))
		}
		h.index = suffixarray.New(h.text)
	}
	for _, a := range h.index.Lookup(q, -1) { // in no particular order
		if s, e, ok := h.span(a, a+len(q)); ok {
			if n++; n == 1 {
				start, end = s, e
			} else {
				break
			}
		}
	}
	return n, start, end
}

// brief quotes s for a message, cut to 40 runes.
func brief(s string) string {
	if utf8.RuneCountInString(s) <= 40 {
		return fmt.Sprintf("%q", s)
	}
	r := []rune(s)
	return fmt.Sprintf("%q…", string(r[:40]))
}
