package apply

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// normQuote is a quote prepared for the normalised stage, where white space
// runs match whatever white space the document has. White space at the
// quote's edges is not looked for: the normalised view maps a white-space
// run only as a whole, and a quote may hold only part of one. Instead each
// edge has a rule that keeps the quote and its fix in their exact relation:
//
//   - a match counts only when it is bordered, where the quote has white
//     space, by document white space of at least the quote's kind (a line
//     break if the quote has one, a blank line if it has one) or by the
//     document's start or end, so "foo\n" never matches the start of
//     "foo bar";
//   - when the fix has the same white space at that edge (line endings
//     aside), it is dropped from the fix too, and the document's own
//     white space there stays untouched;
//   - when the fix changes it, the unique match is widened over the
//     document's white space there, which must equal the quote's exactly
//     (line endings aside): replacing it is then replacing what was
//     quoted. Otherwise the finding is refused.
//
// Uniqueness is judged on the matches the first rule counts, before the
// third, so a quote holding part of a run is refused rather than anchored
// elsewhere.
type normQuote struct {
	search      []byte // the normalised text to look for, without edge white space
	fix         string // the fix, without the edges it repeats
	lead, trail edgeRule
	why         string // why a match was refused, for the skip's message
}

// edgeRule is the rule for one edge of a normalised quote.
type edgeRule struct {
	ws      string // the quote's white space at this edge, "\r\n" as "\n"; "" for none
	breaks  int    // line breaks in ws, at most 2
	changed bool   // the fix has other white space at this edge
}

// prepareNorm prepares quote q with fix (already in the document's line
// endings) for the normalised stage. ok is false when nothing of the quote
// is left to look for: a quote of white space only, or one that is not
// valid UTF-8.
func prepareNorm(q, fix string) (nq *normQuote, ok bool) {
	nq = &normQuote{fix: fix}
	core := strings.TrimLeftFunc(q, unicode.IsSpace)
	if core != q {
		fws := fix[:len(fix)-len(strings.TrimLeftFunc(fix, unicode.IsSpace))]
		nq.lead = newEdgeRule(q[:len(q)-len(core)], fws)
		if !nq.lead.changed {
			nq.fix = nq.fix[len(fws):]
		}
	}
	if t := strings.TrimRightFunc(core, unicode.IsSpace); t != core {
		fws := nq.fix[len(strings.TrimRightFunc(nq.fix, unicode.IsSpace)):]
		nq.trail = newEdgeRule(core[len(t):], fws)
		if !nq.trail.changed {
			nq.fix = nq.fix[:len(nq.fix)-len(fws)]
		}
		core = t
	}
	if core == "" {
		return nil, false
	}
	nq.search, ok = normalizeQuote(core)
	return nq, ok
}

// newEdgeRule is the rule for quote white space ws whose fix has fws at the
// same edge.
func newEdgeRule(ws, fws string) edgeRule {
	ws = lfOnly(ws)
	return edgeRule{ws: ws, breaks: breaks(ws), changed: lfOnly(fws) != ws}
}

// accept reports whether the match [s, e) of the quote's core counts: the
// first rule of normQuote, at both edges.
func (nq *normQuote) accept(doc []byte, s, e int) bool {
	ok := nq.lead.borders(doc, s, true) && nq.trail.borders(doc, e, false)
	if !ok && nq.why == "" {
		nq.why = "the normalised text matches only where the document has no white space of the quote's kind at its edges"
	}
	return ok
}

// borders reports whether the document's white space next to offset i
// (before it for the leading edge, after it for the trailing one) is of at
// least the rule's kind.
func (r edgeRule) borders(doc []byte, i int, lead bool) bool {
	if r.ws == "" {
		return true
	}
	var run []byte
	if lead {
		if i == 0 || i == len(bom) && strings.HasPrefix(string(doc[:i]), bom) {
			return true
		}
		run = spaceBefore(doc, i)
	} else {
		if i == len(doc) {
			return true
		}
		run = spaceAfter(doc, i)
	}
	return len(run) > 0 && breaks(string(run)) >= r.breaks
}

// widen applies the third rule of normQuote to the unique match [s, e) of
// the quote's core: at an edge whose white space the fix changes, the span
// grows over the document's white space there, which must equal the
// quote's. ok is false, with nq.why set, when it does not.
func (nq *normQuote) widen(doc []byte, s, e int) (start, end int, ok bool) {
	if nq.lead.changed {
		run := spaceBefore(doc, s)
		if lfOnly(string(run)) != nq.lead.ws {
			nq.why = "the fix changes the white space before the quote, and the document's white space there is not the quote's"
			return 0, 0, false
		}
		s -= len(run)
	}
	if nq.trail.changed {
		run := spaceAfter(doc, e)
		if lfOnly(string(run)) != nq.trail.ws {
			nq.why = "the fix changes the white space after the quote, and the document's white space there is not the quote's"
			return 0, 0, false
		}
		e += len(run)
	}
	return s, e, true
}

// bom is the UTF-8 byte order mark.
const bom = "\ufeff"

// spaceAfter returns the run of white space that starts at doc[i].
func spaceAfter(doc []byte, i int) []byte {
	j := i
	for j < len(doc) {
		r, n := utf8.DecodeRune(doc[j:])
		if !unicode.IsSpace(r) {
			break
		}
		j += n
	}
	return doc[i:j]
}

// spaceBefore returns the run of white space that ends at doc[i].
func spaceBefore(doc []byte, i int) []byte {
	j := i
	for j > 0 {
		r, n := utf8.DecodeLastRune(doc[:j])
		if !unicode.IsSpace(r) {
			break
		}
		j -= n
	}
	return doc[j:i]
}

// breaks counts the line breaks of s the way the normalised view does,
// up to 2 (a blank line).
func breaks(s string) int {
	b, n := []byte(s), 0
	for i := 0; i < len(b) && n < 2; i++ {
		if lineBreak(b, i) {
			n++
		}
	}
	return n
}
