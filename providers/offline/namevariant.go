package offline

import (
	"strings"
	"unicode"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/providers/offline/internal/levenshtein"
)

// nameVariantRule reports a product name a document spells once or twice
// otherwise than everywhere else ("Github" beside GitHub five times,
// "Postgress" beside PostgreSQL).
const nameVariantRule = "en-name-variant"

// productNameRule reports a product name written in other letter case
// than its owners write it.
const productNameRule = "en-product-name"

// nameVariants reports a word of the document's prose that is a near
// spelling of a name the document writes at least three times and at
// least three times as often: the name has a capital after its first
// letter (GitHub, PostgreSQL, JavaScript: the names people misspell by
// their case or their ending), the word starts with a capital, shares
// its first four letters case aside, is never written in lower case in
// the document, and is at most two letters off (case aside) without
// being the name with letters added (a plural, a possessive, a word made
// from it: "Importantly" beside IMPORTANT). The fix
// is the name when only the case differs; otherwise it is advice, as a
// near spelling may be another product.
func (r *run) nameVariants() {
	if !r.e.on(nameVariantRule) && !r.e.on(productNameRule) {
		return
	}
	count := map[string]int{}
	places := map[string][]span{}
	listed := map[string][]span{} // the places of a listed name in other case, not joined to code
	told := map[string]bool{}     // the words en-name-variant reported
	lower := map[string]bool{}
	var order []string
	for _, b := range r.doc.blocks {
		if b.kind == tableRow {
			continue
		}
		text := string(r.doc.masked[b.start:b.end])
		raw := ""
		for s, e := range words(text) {
			w := text[s:e]
			if !asciiLetters(w) {
				continue
			}
			if w[0] >= 'a' && w[0] <= 'z' {
				lower[strings.ToLower(w)] = true
				continue
			}
			if count[w] == 0 {
				order = append(order, w)
			}
			count[w]++
			places[w] = append(places[w], span{b.start + s, b.start + e})
			if _, ok := r.listedName(w); ok {
				if raw == "" {
					raw = string(r.doc.raw[b.start:b.end]) // masked, a link's "[" would join its text
				}
				if joined(raw, s, e) || quoted(raw, s, e) {
					continue // code, a path, or the spelling named: use "JavaScript" instead of "Javascript"
				}
				listed[w] = append(listed[w], span{b.start + s, b.start + e})
			}
		}
	}
	names := map[string][]string{} // by the first four letters, lower case: at most maxNamesPerPrefix each
	for _, w := range order {
		if p := strings.ToLower(w[:min(4, len(w))]); count[w] >= 3 && innerCapital(w) && len(w) >= 5 && len(names[p]) < maxNamesPerPrefix {
			names[p] = append(names[p], w)
		}
	}
	for _, w := range order {
		if count[w] > 2 || lower[strings.ToLower(w)] || len(w) < 5 || !r.e.on(nameVariantRule) {
			continue
		}
		lw := strings.ToLower(w)
		for _, name := range names[lw[:4]] {
			ln := strings.ToLower(name)
			if w == name || count[name] < 3*count[w] || len(lw) > len(ln) && strings.HasPrefix(lw, ln) || ln == lw+"s" || abs(len(lw)-len(ln)) > 2 || levenshtein.Distance([]byte(lw), []byte(ln)) > 2 {
				continue
			}
			told[w] = true
			for _, p := range places[w] {
				if lw == ln {
					r.e.fix(nameVariantRule, finding.Low, 85, p.start, p.end, name, r.say("%q is written %q %d times elsewhere in this document", "「%s」はこの文書のほかの箇所では「%s」と書かれています（%d箇所）"), w, name, count[name])
				} else {
					r.e.advise(nameVariantRule, finding.Low, 70, p.start, p.end, r.say("%q: is this %s, as the document writes it %d times?", "「%s」は「%s」（この文書で%d箇所）の誤記ではありませんか"), w, name, count[name])
				}
			}
			break
		}
	}
	r.productNames(order, listed, told)
}

// productNames reports each place of a name of data/names-en.txt written
// in other letter case (listedName) that en-name-variant did not report,
// with the name as the fix: "Github" → "GitHub", "MacOS" → "macOS",
// "ElasticSearch" → "Elasticsearch". A word joined to code or a path is
// left alone, and a Japanese document gets none.
func (r *run) productNames(order []string, listed map[string][]span, told map[string]bool) {
	if !r.e.on(productNameRule) || r.doc.kana {
		return
	}
	for _, w := range order {
		if told[w] {
			continue
		}
		name, _ := r.listedName(w)
		for _, p := range listed[w] {
			r.e.fix(productNameRule, finding.Low, 85, p.start, p.end, name, r.say("%q is written %q", "「%s」の正しい表記は「%s」です"), w, name)
		}
	}
}

// listedName returns the name of data/names-en.txt that w writes in
// other letter case ("Github" → "GitHub", "MacOS" → "macOS"). Only a
// word that opens with a capital is read (the caller reads no other):
// in lower case a name is a command, a package or a host name ("install
// typescript"), and in capitals a heading's style.
func (r *run) listedName(w string) (string, bool) {
	if len(w) < 4 || strings.ToUpper(w) == w {
		return "", false
	}
	name, ok := r.rev.shared.lex.names[strings.ToLower(w)]
	return name, ok && name != w
}

// maxNamesPerPrefix bounds the names a word is compared with (those that
// share its first four letters), so that review time stays linear in a
// document of many names.
const maxNamesPerPrefix = 8

func abs(n int) int { return max(n, -n) }

// innerCapital reports whether w has a capital letter after its first.
func innerCapital(w string) bool {
	return strings.IndexFunc(w[1:], unicode.IsUpper) >= 0
}

// quoted reports a word s[a:b] in double quotes of its own.
func quoted(s string, a, b int) bool {
	return (strings.HasSuffix(s[:a], "\"") || strings.HasSuffix(s[:a], "“")) &&
		(strings.HasPrefix(s[b:], "\"") || strings.HasPrefix(s[b:], "”"))
}
