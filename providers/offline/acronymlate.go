package offline

import (
	"cmp"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/kaigi-dev/kaigi/finding"
)

// lateAcronymRule reports an acronym a document uses before the place
// where it spells it out: "WAL" in one paragraph, "write-ahead log (WAL)"
// three paragraphs on. The document itself says the reader needs the long
// form; it belongs at the first use.
const lateAcronymRule = "acronym-defined-late"

// lateAcronyms reads sentence s, in document order, and reports, for each
// acronym the document's prose spells out
// ("Write-Ahead Log (WAL)", "WAL (write-ahead log)", "WAL（Write-Ahead
// Log）"), its first use in an earlier sentence, with the definition as
// the finding's related location. Only body text counts as a use or a
// definition (paragraphs, list items, quotes, footnotes): a heading or a
// table cell may name a term its section then introduces. A long form is
// one whose words' letters give the acronym's letters in order, the first
// at the start of a word (Schwartz and Hearst's test), two words or more,
// so that "WAL (see below)" or "SQL (PostgreSQL)" define nothing. An
// acronym with a digit (S3, HTTP2) is left alone, as undefined-acronym
// does, and so is one in a name ("Argo CD": see inName).
func (r *run) lateAcronyms(s sentence) {
	if !r.e.on(lateAcronymRule) {
		return
	}
	switch r.doc.blocks[s.blk].kind {
	case paragraph, listItem, quote, note:
	default:
		return
	}
	if !hasCapitalPair(s.text) {
		return
	}
	st := &r.late
	if st.first == nil {
		st.first, st.done = map[string]acronymUse{}, map[string]bool{}
	}
	for _, m := range acronymRE.FindAllStringIndex(s.text, -1) {
		a := s.text[m[0]:m[1]]
		key := strings.TrimSuffix(a, "s")
		if len(key) < 2 || st.done[key] || strings.ContainsAny(key, "0123456789") {
			continue
		}
		if r.inAnchorLink(s.start + m[0]) {
			st.done[key] = true // a link to the definition on this page: a glossary's "[SANs](#def-SAN)"
			continue
		}
		long, ok := spelledOut(s.text, m[0], m[1], key)
		if !ok && (alone(s.text, m[0], m[1]) || pointsOn(s.text[m[1]:min(len(s.text), m[1]+longFormWindow)])) {
			st.done[key] = true // a long form this rule cannot read ("`impl Trait` (ATPIT)"), or "RLS (see below)"
			continue
		}
		if !ok {
			if _, seen := st.first[key]; !seen && !inName(s.text, m[0]) {
				st.first[key] = acronymUse{s.blk, s.start + m[0], s.start + m[1]}
			}
			continue
		}
		st.done[key] = true
		u, seen := st.first[key]
		if !seen || u.blk == s.blk {
			continue // "BER, DER and PER. BER (Basic Encoding Rules) is ...": the paragraph introduces them
		}
		def := span{s.start + m[0], s.start + m[1]}
		r.e.adviseRelated(lateAcronymRule, finding.Low, 70, u.start, u.end, []span{def},
			r.say("%q is used here before the document spells it out (%q, line %d); spell it out at its first use",
				"略語「%s」が、正式名称（%s、%d行目）より前に使われています。初出で正式名称を書いてください"),
			string(r.doc.raw[u.start:u.end]), long, r.doc.line(def.start))
	}
}

// lateAcronymState is what lateAcronyms keeps over a document's
// sentences: each acronym's first use not spelled out, and the acronyms
// settled (spelled out, linked to their definition, or pointed on).
type lateAcronymState struct {
	first map[string]acronymUse
	done  map[string]bool
}

// acronymUse is an acronym's place: its block and byte span.
type acronymUse struct {
	blk        int
	start, end int
}

// spelledOut reports whether the acronym at text[start:end] (key, without
// a plural s) is spelled out where it stands, and the long form: either in
// parentheses after it, "WAL (write-ahead log)", or it stands in
// parentheses after its long form, "write-ahead log (WAL)".
func spelledOut(text string, start, end int, key string) (string, bool) {
	after := strings.TrimLeft(text[end:min(len(text), end+longFormWindow)], " ")
	if inner, ok := parenthesized(after); ok {
		if long, ok := longForm(key, inner, false); ok {
			return long, true
		}
	}
	if !alone(text, start, end) {
		return "", false
	}
	from := max(0, start-longFormWindow)
	for from > 0 && !utf8.RuneStart(text[from]) {
		from--
	}
	before := strings.TrimRight(text[from:start], " ")
	_, size := utf8.DecodeLastRuneInString(before)
	return longForm(key, strings.TrimRight(before[:len(before)-size], " "), true)
}

// inAnchorLink reports whether offset off lies in a link to a place on
// the same page ("[SANs](#def-SAN)").
func (r *run) inAnchorLink(off int) bool {
	if r.anchors == nil {
		r.anchors = []span{}
		for _, l := range r.doc.links {
			if !l.image && l.from < l.to && strings.HasPrefix(l.target, "#") {
				r.anchors = append(r.anchors, span{l.from, l.to})
			}
		}
		slices.SortFunc(r.anchors, func(a, b span) int { return cmp.Compare(a.start, b.start) })
	}
	// links do not nest: the one that may hold off is the last to start at or before it
	i := sort.Search(len(r.anchors), func(k int) bool { return r.anchors[k].start > off }) - 1
	return i >= 0 && off < r.anchors[i].end
}

// inName reports whether the acronym at text[start:] follows a
// capitalized word that does not open the sentence: it is part of a name
// ("Argo CD", "Azure AD"), which stays as its owner writes it, and no use
// to spell out. After a sentence's first word ("Use OIDC tokens") it is
// a use.
func inName(text string, start int) bool {
	before := strings.TrimRight(text[max(0, start-longFormWindow):start], " ") // bytes, not runes, are compared
	i := strings.LastIndexByte(before, ' ')
	if i < 0 || before == "" {
		return false // the acronym or the word before it opens the sentence
	}
	w := before[i+1:]
	return w != "" && isCapital(rune(w[0])) && strings.TrimSpace(before[:i]) != ""
}

// alone reports whether text[start:end] stands alone in parentheses.
func alone(text string, start, end int) bool {
	before, rest := strings.TrimRight(text[:start], " "), text[end:]
	return strings.HasSuffix(before, "(") && strings.HasPrefix(rest, ")") || strings.HasSuffix(before, "（") && strings.HasPrefix(rest, "）")
}

// pointsOn reports whether rest, the text after an acronym, sends the
// reader on to its explanation: " (see below)", "（後述）".
func pointsOn(rest string) bool {
	inner, ok := parenthesized(strings.TrimLeft(rest, " "))
	inner = strings.ToLower(strings.TrimSpace(inner))
	return ok && (strings.HasPrefix(inner, "see ") || strings.HasPrefix(inner, "後述") || strings.HasPrefix(inner, "explained ") || strings.HasPrefix(inner, "defined "))
}

// longFormWindow is how many bytes either side of an acronym spelledOut
// reads: a long form of len(key)+5 words fits, and a sentence of
// thousands of acronyms costs time linear in its length.
const longFormWindow = 256

// parenthesized returns the text inside the parentheses s opens with.
func parenthesized(s string) (string, bool) {
	for _, p := range [][2]string{{"(", ")"}, {"（", "）"}} {
		if rest, ok := strings.CutPrefix(s, p[0]); ok {
			inner, _, ok := strings.Cut(rest, p[1])
			return inner, ok
		}
	}
	return "", false
}

// longForm finds the long form of acronym key in cand: the text before
// the acronym's parentheses (tail: the long form ends cand) or inside the
// parentheses after it (the long form starts cand). Going back from the
// acronym's last letter, each letter is found in order in cand (case
// aside), the first at the start of a word; the long form runs from that
// word and has two to len(key)+5 words, none of them the acronym itself.
func longForm(key, cand string, tail bool) (string, bool) {
	if !tail {
		cand = strings.TrimSpace(cand)
		for _, art := range []string{"the ", "The ", "a ", "an "} {
			cand = strings.TrimPrefix(cand, art)
		}
		if i := strings.IndexAny(cand, ",;:"); i >= 0 {
			cand = cand[:i] // "(write-ahead log, see below)"
		}
	}
	if tail {
		if long, ok := initials(key, cand); ok {
			return long, true
		}
	}
	li := len(cand) - 1
	for si := len(key) - 1; si >= 0; si-- {
		c := lowerASCII(key[si])
		for li >= 0 && (lowerASCII(cand[li]) != c || si == 0 && li > 0 && isWordByte(cand[li-1])) {
			li--
		}
		if li < 0 {
			return "", false
		}
		li--
	}
	long := cand[li+1:]
	if !tail {
		long = cand // the parentheses hold the long form and nothing else
		if !strings.HasPrefix(strings.ToLower(cand), strings.ToLower(key[:1])) {
			return "", false
		}
	}
	ws := strings.FieldsFunc(long, func(r rune) bool { return r == ' ' || r == '-' })
	if len(ws) < 2 || len(ws) > len(key)+5 {
		return "", false
	}
	for _, w := range ws {
		if strings.TrimSuffix(w, "s") == key || !letterWord(w) {
			return "", false // "RFC (rust-lang/rfcs#3716)" is a reference, not a long form
		}
	}
	return strings.Trim(long, "[]*_ "), true
}

// initials returns the last len(key) words of cand when their first
// letters spell key, case aside: "European Economic Area" for EEA, where
// the letter-by-letter search stops at "Economic Area".
func initials(key, cand string) (string, bool) {
	ws := strings.FieldsFunc(cand, func(r rune) bool { return r == ' ' || r == '-' })
	if len(ws) < len(key) || len(key) < 2 {
		return "", false
	}
	ws = ws[len(ws)-len(key):]
	for i, w := range ws {
		w = strings.TrimLeft(w, "[*_")
		if !letterWord(w) || lowerASCII(w[0]) != lowerASCII(key[i]) {
			return "", false
		}
	}
	at := len(cand)
	for range len(key) {
		at = strings.LastIndexAny(strings.TrimRight(cand[:at], " -"), " -") + 1
		if at <= 0 {
			at = 0
			break
		}
	}
	return strings.Trim(cand[at:], "[]*_ "), true
}

func lowerASCII(b byte) byte {
	if b >= 'A' && b <= 'Z' {
		return b + 'a' - 'A'
	}
	return b
}

// letterWord reports whether w is a word of ASCII letters, as a word of
// a long form is, allowing an apostrophe inside and the emphasis or link
// brackets around it: "[Link", "Optimization]".
func letterWord(w string) bool {
	w = strings.Trim(w, "[]*_")
	if w == "" {
		return false
	}
	for i := 0; i < len(w); i++ {
		if !isASCIILetter(w[i]) && !(w[i] == '\'' && i > 0 && i < len(w)-1) {
			return false
		}
	}
	return true
}
