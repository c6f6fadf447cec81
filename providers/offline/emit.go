package offline

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	mdoc "github.com/kaigi-dev/kaigi/apply/document"
	"github.com/kaigi-dev/kaigi/finding"
)

// Quote lengths, in runes: quotes are widened to at least minQuote for
// uniqueness and readability, and advice quotes are cut at maxQuote.
const (
	minQuote = 6
	maxQuote = 40
)

// On a line longer than longLine bytes (minified or generated text), a
// fix becomes advice, and an advice quote is made unique only within
// quoteWindow bytes either side of the problem: checking uniqueness
// against the whole line for every finding would take time quadratic in
// the line's length.
const (
	longLine    = 8 << 10
	quoteWindow = 1 << 10
)

// hit is one rule match before it becomes a finding.
type hit struct {
	rule       string
	sev        finding.Severity
	conf       int
	start, end int    // byte span of the problem in the document
	fix        string // replacement for raw[start:end]; see hasFix
	hasFix     bool   // fix is meaningful even when empty (a deletion)
	issue      string
	more       []string // further quotes (verbatim), optional
	related    []span   // other places of the problem, given as the finding's Related
	size       int      // how large the problem is (a sentence's length, a count), for condense; 0 when all are alike
}

// emitter collects a reviewer's hits for one document.
type emitter struct {
	doc      *document
	disabled map[string]bool // read only: shared by every Review of the reviewer
	jaOnly   map[string]bool // read only: the rules of Japanese text (RuleInfo.Lang "ja")
	anyLang  bool            // sentence-length reviews the document whatever its language (see run.charLength)
	hits     []hit
}

// on reports whether rule is enabled; a rule of Japanese text is off in
// a document not written in Han characters (an English one).
func (e *emitter) on(rule string) bool {
	return !e.disabled[rule] && (e.doc.cjk || !e.jaOnly[rule] || e.anyLang && rule == "sentence-length")
}

// advise records advice (no fix) about raw[start:end].
func (e *emitter) advise(rule string, sev finding.Severity, conf, start, end int, format string, args ...any) {
	if e.on(rule) {
		e.hits = append(e.hits, hit{rule: rule, sev: sev, conf: conf, start: start, end: end, issue: unmasked(fmt.Sprintf(format, args...))})
	}
}

// adviseSized is advise for a problem of a size (a sentence of size
// words, size commas): condense keeps the largest of a rule's findings.
func (e *emitter) adviseSized(size int, rule string, sev finding.Severity, conf, start, end int, format string, args ...any) {
	if e.on(rule) {
		e.hits = append(e.hits, hit{rule: rule, sev: sev, conf: conf, start: start, end: end, size: size, issue: unmasked(fmt.Sprintf(format, args...))})
	}
}

// adviseRelated is advise with other places of the same problem (a
// definition that comes too late), given as the finding's Related.
func (e *emitter) adviseRelated(rule string, sev finding.Severity, conf, start, end int, related []span, format string, args ...any) {
	if e.on(rule) {
		e.hits = append(e.hits, hit{rule: rule, sev: sev, conf: conf, start: start, end: end, related: related, issue: unmasked(fmt.Sprintf(format, args...))})
	}
}

// fix records a fix that replaces raw[start:end] with repl (which may be
// empty: a deletion). A repl holding masked bytes (taken from the masked
// text of markup) would write them into the document: it is advice.
func (e *emitter) fix(rule string, sev finding.Severity, conf, start, end int, repl string, format string, args ...any) {
	if e.on(rule) {
		ok := strings.IndexByte(repl, mask) < 0
		e.hits = append(e.hits, hit{rule: rule, sev: sev, conf: conf, start: start, end: end, fix: repl, hasFix: ok, issue: unmasked(fmt.Sprintf(format, args...))})
	}
}

// unmasked returns s without the mask bytes it took from the masked text
// of markup: a message shows only the document's words.
func unmasked(s string) string {
	if strings.IndexByte(s, mask) < 0 {
		return s
	}
	return strings.ReplaceAll(s, string(rune(mask)), "")
}

// findings turns the hits into Council findings, sorted by position and
// numbered F001, F002, ...; window, when not zero, keeps only findings
// that start inside it. It returns with them each finding's size (see
// adviseSized), which condense ranks by.
//
// Every fix follows apply's convention: Fix replaces Quotes[0] exactly, the
// quote is unique where apply looks first (its hinted line) and never
// empty, and a deletion is quoted with neighbouring text so that its fix
// is not empty (an empty fix is advice). The fixes of one reviewer never
// overlap: a fix whose problem lies in the quote of an earlier fix becomes
// advice, and quotes do not grow into other fixes' problems. A fix that
// cannot be anchored so becomes advice.
func (e *emitter) findings(category, file string, window finding.LineRange) ([]finding.Finding, []int) {
	slices.SortStableFunc(e.hits, func(a, b hit) int {
		return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.rule, b.rule))
	})
	fixes := map[int][]span{} // line -> spans of its fixes, so anchors do not grow into each other
	for _, h := range e.hits {
		if h.hasFix {
			line := e.doc.line(h.start)
			fixes[line] = append(fixes[line], span{h.start, h.end})
		}
	}
	taken := map[int][]span{} // line -> spans of the quotes of the fixes given so far
	out := make([]finding.Finding, 0, len(e.hits))
	extents := make([]int, 0, len(e.hits))
	for _, h := range e.hits {
		line := e.doc.line(h.start)
		if !window.IsZero() && !window.Contains(line) {
			continue
		}
		f := finding.Finding{
			Category:   category,
			File:       file,
			LineRange:  finding.LineRange{Start: line, End: max(line, e.doc.line(max(h.start, h.end-1)))},
			Issue:      h.rule + ": " + h.issue,
			Confidence: h.conf,
			Severity:   h.sev,
		}
		var q string
		if h.hasFix && !e.doc.touchesOther(taken, span{h.start, max(h.start+1, h.end)}, span{-1, -1}) {
			var at span
			if h.fix == "" && e.doc.wholeLine(h.start, h.end) {
				var ok bool
				if q, f.Fix, at, ok = e.doc.deleteLine(h.start, h.end, fixes); !ok {
					q = ""
				}
			} else {
				q, f.Fix, at = e.doc.anchor(h.start, h.end, h.fix, fixes[line])
			}
			if q != "" && q == f.Fix {
				continue // the fix changes nothing
			}
			if q != "" { // later anchors must not grow into this quote, nor later fixes start in it
				for l := e.doc.line(at.start); l <= e.doc.line(at.end-1); l++ {
					fixes[l] = append(fixes[l], at)
					taken[l] = append(taken[l], at)
				}
			}
		}
		if q == "" { // advice, or a fix that cannot be anchored: advice
			q, f.Fix = e.doc.adviceQuote(h.start, h.end), ""
		}
		if !validQuote(q) {
			continue
		}
		f.Quotes = append([]string{q}, h.more...)
		for _, p := range h.related {
			f.Related = append(f.Related, finding.Location{
				LineRange: finding.LineRange{Start: e.doc.line(p.start), End: e.doc.line(max(p.start, p.end-1))},
				Quote:     e.doc.adviceQuote(p.start, p.end),
			})
		}
		f.ID = fmt.Sprintf("F%03d", len(out)+1)
		out = append(out, f)
		extents = append(extents, h.size)
	}
	return out, extents
}

// anchor widens raw[start:end] and its replacement by the same context
// until the quote is unique on its line, at least minQuote runes long, and
// the replacement is not empty. It returns the quote, the widened fix and
// the quote's span, or an empty quote when the span crosses a line end or
// cannot be made unique.
//
// The context never grows into another fix's span (others, in document
// offsets), so that two fixes of one reviewer do not overlap; a quote
// blocked on both sides stays shorter than minQuote if it is unique. On a
// line longer than longLine the quote is empty: the fix becomes advice.
func (d *document) anchor(start, end int, repl string, others []span) (quote, fix string, at span) {
	ls, le := d.lineBounds(start)
	if end > le || le-ls > longLine {
		return "", "", span{}
	}
	lb := d.raw[ls:le]
	line := string(lb)
	s, e := start-ls, end-ls
	free := func(from, to int) bool { // may the bytes at line offsets [from, to) join the quote?
		for _, o := range others {
			if ls+from < o.end && ls+to > o.start && (o.start != start || o.end != end) {
				return false
			}
		}
		return true
	}
	// the quote's edges are character boundaries, or apply would refuse it;
	// the end of a line that ends in a zero width joiner is none (the
	// joiner glues to the line break in the document)
	zwjEnd := strings.HasSuffix(line, string(mdoc.ZWJ))
	edge := func(i int) bool { return i < len(line) || !zwjEnd }
	for !mdoc.Boundary(lb, e) {
		if e = mdoc.NextBoundary(lb, e); !free(end-ls, e) || !edge(e) {
			return "", "", span{}
		}
	}
	for !mdoc.Boundary(lb, s) {
		if s = mdoc.PrevBoundary(lb, s); !free(s, start-ls) {
			return "", "", span{}
		}
	}
	for {
		q := line[s:e]
		unique := q != "" && occurrences(line, q) == 1
		done := unique && (repl != "" || e-s > end-start)
		if done && utf8.RuneCountInString(q) >= minQuote {
			break
		}
		right, left := len(line), 0
		if e < len(line) {
			right = mdoc.NextBoundary(lb, e)
		}
		if s > 0 {
			left = mdoc.PrevBoundary(lb, s)
		}
		canRight := e < len(line) && free(e, right) && edge(right)
		canLeft := s > 0 && free(left, s)
		switch {
		case canRight && (!canLeft || e-(end-ls) <= (start-ls)-s):
			e = right
		case canLeft:
			s = left
		case done:
			return line[s:e], line[s:start-ls] + repl + line[end-ls:e], span{ls + s, ls + e}
		default:
			return "", "", span{}
		}
	}
	// do not cut an ASCII word in two: "very i" becomes "very important"
	// (ASCII letters and digits are boundaries, so the edges stay ones)
	for e < len(line) && e > 0 && isWordByte(line[e]) && isWordByte(line[e-1]) && free(e, e+1) && mdoc.Boundary(lb, e+1) {
		e++
	}
	for s > 0 && s < len(line) && isWordByte(line[s-1]) && isWordByte(line[s]) && free(s-1, s) && mdoc.Boundary(lb, s-1) {
		s--
	}
	// a quote does not start or end with a space the fix keeps, if it
	// stays unique without, and a deletion still keeps some text
	keeps := func(s, e int) bool { return repl != "" || e-s > end-start }
	for s < start-ls && line[s] == ' ' && keeps(s+1, e) && mdoc.Boundary(lb, s+1) && occurrences(line, line[s+1:e]) == 1 {
		s++
	}
	for e > end-ls && line[e-1] == ' ' && keeps(s, e-1) && mdoc.Boundary(lb, e-1) && occurrences(line, line[s:e-1]) == 1 {
		e--
	}
	return line[s:e], line[s:start-ls] + repl + line[end-ls:e], span{ls + s, ls + e}
}

// adviceQuote returns a verbatim quote of about minQuote..maxQuote runes
// that starts at the problem (raw[start:end]) on start's line, widened to
// the right first, then to the left, until it is unique on the line (or,
// on a long line, within quoteWindow bytes of the problem) where
// possible, without cutting an ASCII word in two.
func (d *document) adviceQuote(start, end int) string {
	ls, le := d.lineBounds(start)
	if le-ls > longLine {
		ls, le = runeStart(d.raw, max(ls, start-quoteWindow)), runeStart(d.raw, min(le, start+quoteWindow))
	}
	lb := d.raw[ls:le]
	line := string(lb)
	s, e := start-ls, max(start, min(end, le))-ls
	runes := func() int { return utf8.RuneCountInString(line[s:e]) }
	right := func() bool {
		if e == len(line) {
			return false
		}
		_, n := utf8.DecodeRuneInString(line[e:])
		e += n
		return true
	}
	left := func() bool {
		if s == 0 {
			return false
		}
		_, n := utf8.DecodeLastRuneInString(line[:s])
		s -= n
		return true
	}
	if runes() > maxQuote { // cut the problem at maxQuote runes
		k := s
		for n := 0; n < maxQuote; n++ {
			_, sz := utf8.DecodeRuneInString(line[k:])
			k += sz
		}
		e = k
	}
	for runes() < minQuote+4 && (right() || left()) {
	}
	for occurrences(line, line[s:e]) > 1 && runes() < maxQuote && (right() || left()) {
	}
	for k := 0; k < 16 && e < len(line) && e > 0 && isWordByte(line[e]) && isWordByte(line[e-1]); k++ {
		e++
	}
	for k := 0; k < 16 && s > 0 && s < len(line) && isWordByte(line[s-1]) && isWordByte(line[s]); k++ {
		s--
	}
	for e < len(line) && !mdoc.Boundary(lb, e) {
		e = mdoc.NextBoundary(lb, e)
	}
	for s > 0 && !mdoc.Boundary(lb, s) {
		s = mdoc.PrevBoundary(lb, s)
	}
	if q := strings.TrimSpace(line[s:e]); q != "" {
		return strings.Clone(q) // not a slice of line, which a finding would keep alive
	}
	return line
}

// occurrences counts the occurrences of q in line, overlapping ones
// included ("aa" occurs twice in "aaa"), up to two: that is how apply
// counts the matches of a quote, so a quote unique by this count anchors.
func occurrences(line, q string) int {
	if q == "" {
		return 2 // an empty quote matches everywhere
	}
	n := 0
	for i := 0; n < 2; n++ {
		j := strings.Index(line[i:], q)
		if j < 0 {
			break
		}
		i += j + 1
	}
	return n
}

// runeStart moves off back to the start of the UTF-8 sequence it is in.
func runeStart(b []byte, off int) int {
	for k := 0; k < utf8.UTFMax && off > 0 && off < len(b) && !utf8.RuneStart(b[off]); k++ {
		off--
	}
	return off
}
