package offline

import (
	"strings"

	"github.com/kaigi-dev/kaigi/finding"
)

// termVariantRule reports a compound term an English document writes both
// hyphenated and open before the same word ("write-ahead log" and "write
// ahead log"): one document, one spelling of a term.
const termVariantRule = "en-term-variant"

// termVariants reports, for each compound "a-b" followed by a word c that
// the document's prose also writes "a b c" (case aside), the form it uses
// less often, at every place it stands, with the other form as the fix
// when that one is used at least twice and more often (otherwise advice).
// Both parts of the compound are ASCII letters only, two or more each,
// and the three words stand in one block with a single space between
// them; the following word must be the same, so that a phrase such as
// "runs ahead" never pairs with a compound adjective by accident, and is
// no conjunction: "decision-making and communication processes" modifies
// a noun further on, where "decision making and review" is one itself.
func (r *run) termVariants() {
	if !r.e.on(termVariantRule) || r.doc.kana {
		return // hyphenating a compound is English prose's question
	}
	seen := map[string]*[2]spelling{} // key -> the hyphenated and the open spelling, as first written
	var order []string
	add := func(key string, k int, p span, text string) {
		f := seen[key]
		if f == nil {
			f = &[2]spelling{}
			seen[key] = f
			order = append(order, key)
		}
		if f[k].text == "" {
			f[k].text = text
		}
		f[k].at = append(f[k].at, p)
	}
	for _, b := range r.doc.blocks {
		if b.kind == tableRow || b.kind == heading {
			continue
		}
		text := string(r.doc.masked[b.start:b.end])
		var ws [][2]int
		for s, e := range words(text) {
			ws = append(ws, [2]int{s, e})
		}
		word := func(i int) string { return text[ws[i][0]:ws[i][1]] }
		space := func(i int) bool { return text[ws[i][1]:ws[i+1][0]] == " " } // between word i and i+1
		for i := 0; i+1 < len(ws); i++ {
			next := strings.ToLower(word(i + 1))
			if !asciiLetters(next) || !space(i) || next == "and" || next == "or" || next == "nor" {
				continue // "the decision-making and communication processes" modifies a later noun; "decision making and" is one
			}
			if a, c, ok := strings.Cut(word(i), "-"); ok && asciiLetters(a) && asciiLetters(c) {
				add(strings.ToLower(a+" "+c+" "+next), 0, span{b.start + ws[i][0], b.start + ws[i][1]}, word(i))
				continue
			}
			if i+2 < len(ws) && asciiLetters(word(i)) && space(i+1) && asciiLetters(word(i+2)) {
				add(strings.ToLower(word(i)+" "+word(i+1)+" "+word(i+2)), 1, span{b.start + ws[i][0], b.start + ws[i+1][1]}, word(i)+" "+word(i+1))
			}
		}
	}
	for _, key := range order {
		f := seen[key]
		if len(f[0].at) == 0 || len(f[1].at) == 0 {
			continue
		}
		minor, major, settled := minority(f[0], f[1])
		for _, p := range minor.at {
			if settled && sameCase(string(r.doc.raw[p.start:p.end]), major.text) {
				r.e.fix(termVariantRule, finding.Low, 80, p.start, p.end, major.text, "%q is written %q %d times elsewhere in this document; use one spelling", minor.text, major.text, len(major.at))
			} else {
				r.e.advise(termVariantRule, finding.Low, 70, p.start, p.end, "this document writes both %q and %q; use one spelling", minor.text, major.text)
			}
		}
	}
}

// asciiLetters reports whether s is two or more ASCII letters.
func asciiLetters(s string) bool {
	if len(s) < 2 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isASCIILetter(s[i]) {
			return false
		}
	}
	return true
}

// sameCase reports whether a and b start with a letter of the same case,
// so that a fix keeps a sentence's capital ("Write ahead" is not fixed to
// "write-ahead").
func sameCase(a, b string) bool {
	return a != "" && b != "" && (a[0] >= 'A' && a[0] <= 'Z') == (b[0] >= 'A' && b[0] <= 'Z')
}
