package apply

import (
	"bytes"
	"cmp"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/kaigi-dev/kaigi/finding"
)

// Resolve anchors every proposal to an edit of doc. It returns the anchors in
// input order and the proposals it could not anchor, also in input order.
// It never modifies doc and never guesses. Every proposal is taken to
// concern doc: Finding.File is not consulted, so group findings by file
// first (Workspace.Resolve does, and refuses files outside its targets).
//
// Fix always replaces Quotes[0] exactly. To insert text, quote the
// neighbouring text and give as fix that quote with the insertion added; to
// delete text, quote it together with some neighbouring text and give as
// fix the quote without the deleted part. An empty fix is advice only and is
// never applied (ErrAdvisory), and so is a fix that equals the text it
// would replace.
//
// The quote is looked for, stopping at the first stage that finds it:
//
//  1. exactly, overlapping the hinted lines (Method ExactRange);
//  2. exactly, overlapping the hinted lines widened by Options.Window on
//     each side (Window);
//  3. exactly, anywhere in the document (Document);
//  4. the same three stages in a normalised view of document and quote
//     (line endings, Unicode NFC, full-width and half-width forms, runs of
//     white space; a run with a blank line in it only matches a run with a
//     blank line), mapped back to original byte offsets (Normalized).
//
// A quote found only at the whole-document stage of a finding that names
// lines is located but marked Anchor.Far: it is not where the reviewer
// said, so it is for a person to apply, never for a policy.
//
// "Exactly" is up to line endings: at each of the first three stages the
// quote is looked for byte for byte and then with each of its line breaks
// matching "\n" or "\r\n" alike, so a quote copied from a prompt that
// shows a CRLF document without its '\r's still matches exactly.
//
// In the normalised stage, white space at the quote's edges is not looked
// for. A match counts only where the document has white space of at least
// the quote's kind next to it (so a quote ending in a line break matches
// only text that ends a line, and one ending in a blank line only text
// followed by one), or the document's start or end. Where the fix repeats
// the quote's edge white space, it is dropped from the fix too and the
// document's own white space stays as it is; where the fix changes it, the
// document's white space there must equal the quote's exactly, and is
// replaced. Otherwise the finding is refused (ErrQuoteNotFound) rather than
// applied otherwise than proposed.
//
// Two or more matches at one stage skip the proposal with ErrAmbiguous. A
// span always starts and ends on rune and character boundaries of the
// original document: never between the '\r' and '\n' of a CRLF pair,
// before a combining mark, or inside an emoji sequence (next to a zero
// width joiner, before a variation selector, skin-tone modifier or tag
// character). A match that would split one is not counted, so "cafe" does
// not match the "cafe" of "cafe\u0301".
//
// A hinted range that ends beyond the last line is clamped; one that starts
// beyond it is taken to mean the document's end: the quote is looked for
// within Options.Window lines of the last line, then in the whole document,
// and a quote found at neither stage gives ErrOutOfRange (wrapping
// ErrQuoteNotFound or ErrAmbiguous).
//
// A finding without a quote is advice only (ErrAdvisory and ErrNoQuote): an
// empty quote never means "the whole line". Only with both
// Options.ReplaceLines and Options.Reviewed does it replace the content of
// its line range (without the last line's terminator, and without one
// trailing line terminator of its Fix).
//
// An edit that touches a part of the document listed in Options.Protected
// is refused (ErrProtected); see Protected for what touching means. With
// an invalid entry in Options.Protected, every proposal that would be
// anchored is refused.
//
// Fix's line endings are converted to the document's own ("\n" becomes
// "\r\n" in a CRLF document, "\r\n" becomes "\n" in an LF one; a document
// with both uses the more frequent; one with neither leaves Fix alone). Lines are
// 1-based and only '\n' ends a line; a leading BOM is part of line 1.
//
// A search scans the bytes it covers until the document has been scanned
// a few hundred times over; from then on, searches that cover a large part
// of it (the whole document, or the hinted line of a document of few long
// lines) are answered from a suffix array built once, so many findings on
// a long one-line document do not each cost a scan of it.
func Resolve(doc []byte, props []Proposal, opt Options) (anchors []Anchor, skips []Skip) {
	r := resolver{doc: doc, idx: newLineIndex(doc), opt: opt, crlf: bytes.Contains(doc, crlf)}
	r.exact = &haystack{text: doc, span: func(a, b int) (int, int, bool) {
		return a, b, boundary(doc, a) && boundary(doc, b)
	}}
	if r.opt.Window <= 0 {
		r.opt.Window = DefaultWindow
	}
	bad := checkProtected(opt.Protected)
	anchors = make([]Anchor, 0, len(props)) // most proposals anchor
	for _, p := range props {
		a, err := r.resolve(p.Finding)
		if err == nil {
			err = cmp.Or(bad, r.protected(a))
		}
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
	crlf  bool          // doc holds "\r\n"
	exact *haystack     // the document itself
	eol   *haystack     // the document with "\r\n" as "\n", built on first use
	eolTo func(int) int // maps a document offset into eol
	view  *normView     // built on first use, with norm
	norm  *haystack     // the normalised view
}

// identity maps an original offset to itself.
func identity(off int) int { return off }

// resolve anchors one finding; see Resolve for the rules.
func (r *resolver) resolve(f finding.Finding) (Anchor, error) {
	if f.Advisory() {
		return Anchor{}, fmt.Errorf("%w: the fix is empty", ErrAdvisory)
	}
	fix := r.idx.toDocEOL(f.Fix)
	q := f.Quote()
	if q == "" {
		return r.lineRange(f.LineRange, fix)
	}
	p := r.plan(f.LineRange)
	probes, np := r.exactProbes(q, []byte(q))
	m, err := r.search(p, probes[:np]...)
	far := m.method == Document && p.hinted()
	var nq *normQuote
	if err == nil && m.method == "" {
		var ok bool
		if nq, ok = prepareNorm(q, fix); ok {
			m, err = r.search(p, r.normProbe(nq))
			if m.method != "" {
				far = m.method == Document && p.hinted()
				m.start, m.end, ok = nq.widen(r.doc, m.start, m.end)
				m.method, fix = Normalized, nq.fix
				if !ok {
					m.method = ""
				}
			}
		}
	}
	switch {
	case err != nil:
		err = fmt.Errorf("%w: %s %v", ErrAmbiguous, brief(q), err)
	case m.method == "" && nq != nil && nq.why != "":
		err = fmt.Errorf("%w: %s (%s)", ErrQuoteNotFound, brief(q), nq.why)
	case m.method == "":
		err = fmt.Errorf("%w: %s", ErrQuoteNotFound, brief(q))
	default:
		a, err := r.anchor(m.start, m.end, fix, m.method)
		a.Far = far && err == nil
		return a, err
	}
	if p.beyond {
		return Anchor{}, fmt.Errorf("%w: the document has %d lines, and %w", ErrOutOfRange, r.idx.count(), err)
	}
	return Anchor{}, err
}

// exactProbes returns the probes of the exact stages: the quote byte for
// byte, and, when it holds a line break that could match otherwise, the
// quote with its line breaks as "\n" in the document with "\r\n" as "\n".
// They are returned as an array and a count, and qb is q as bytes, made by
// the caller, so that a short quote need not be allocated.
func (r *resolver) exactProbes(q string, qb []byte) (probes [2]probe, n int) {
	probes[0] = probe{h: r.exact, q: qb, toH: identity}
	lf := lfOnly(q)
	if !strings.Contains(lf, "\n") || (!r.crlf && lf == q) {
		return probes, 1
	}
	if r.eol == nil {
		v := newEOLView(r.doc)
		r.eol = &haystack{text: v.text, span: func(a, b int) (int, int, bool) {
			s, e := v.toOrig(a), v.toOrig(b)
			return s, e, boundary(r.doc, s) && boundary(r.doc, e)
		}}
		r.eolTo = v.fromOrig
	}
	probes[1] = probe{h: r.eol, q: []byte(lf), toH: r.eolTo}
	return probes, 2
}

// normProbe returns the probe of the normalised stage for nq.
func (r *resolver) normProbe(nq *normQuote) probe {
	if r.norm == nil {
		r.view = newNormView(r.doc)
		r.norm = &haystack{text: r.view.text, span: func(a, b int) (int, int, bool) {
			s, e, ok := r.view.toOrig(a, b)
			return s, e, ok && boundary(r.doc, s) && boundary(r.doc, e)
		}}
	}
	return probe{h: r.norm, q: nq.search, toH: r.view.fromOrig, accept: func(s, e int) bool { return nq.accept(r.doc, s, e) }}
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

// lineRange anchors a finding that quotes nothing to the content of its
// lines, when the options allow it.
func (r *resolver) lineRange(lr finding.LineRange, fix string) (Anchor, error) {
	n := r.idx.count()
	switch {
	case !r.opt.ReplaceLines:
		return Anchor{}, fmt.Errorf("%w: %w: the finding quotes no text for its fix to replace (an empty quote replaces whole lines only with Options.ReplaceLines)", ErrAdvisory, ErrNoQuote)
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

// brief quotes s for a message, cut to 40 runes.
func brief(s string) string {
	if utf8.RuneCountInString(s) <= 40 {
		return fmt.Sprintf("%q", s)
	}
	r := []rune(s)
	return fmt.Sprintf("%q…", string(r[:40]))
}
