package offline

import (
	"bytes"
	"context"
	"regexp"
	"strings"

	"github.com/kaigi-dev/kaigi/finding"
)

// acronymRE matches an all-capitals word of two to six letters (digits
// allowed after the first letter), with an optional plural "s".
var acronymRE = regexp.MustCompile(`\b[A-Z][A-Z0-9]{1,5}s?\b`)

// checkReaderFit runs the reader-advocate rules.
func checkReaderFit(ctx context.Context, r *run) error {
	seen := map[string]bool{} // acronyms and jargon already met
	n := 0
	for s := range r.doc.sentences() {
		if err := tick(ctx, n); err != nil {
			return err
		}
		n++
		k := r.doc.blocks[s.blk].kind
		switch {
		case (s.ja || r.doc.kana || r.doc.cjk && isJapanese(s.text) || r.e.anyLang) && (k == paragraph || k == listItem || k == note):
			r.sentenceLength(s)
		case !s.ja && s.prose:
			r.enSentenceLength(s)
		}
		if s.ja && (k == paragraph || k == listItem || k == note) {
			if err := r.maxTen(s); err != nil {
				return err
			}
		}
		if s.ja && s.prose {
			r.mixedPeriod(s)
		}
		if k != tableRow && k != quote {
			r.kanjiRuns(s)
			if s.ja {
				r.arabicKanjiNumbers(s)
				r.unnaturalAlphabet(s)
			}
		}
		if k == paragraph || k == listItem || k == note {
			r.maxComma(s)
		}
		r.lateAcronyms(s)
		if k == paragraph || k == listItem || k == quote {
			r.acronyms(s, seen)
			if r.prof == noviceReader {
				r.jargon(s, seen)
			}
		}
	}
	for i, b := range r.doc.blocks {
		if err := tick(ctx, i); err != nil {
			return err
		}
		r.characters(b)
		if b.kind != tableRow {
			r.unmatchedPairs(i, b)
		}
	}
	r.flushQuoteCarry(-1)
	r.imageControls()
	r.maskedControls()
	if err := r.longVowelVariants(); err != nil {
		return err
	}
	r.katakanaSlips()
	r.termVariants()
	r.nameVariants()
	return nil
}

// enSentenceLength reports an English prose sentence over the reader's
// word limit; one over half again the limit is overlong-sentence's
// instead, when that rule is on. A series of names or short items counts
// as one word (see seriesWords): a list of credits is read at a glance.
func (r *run) enSentenceLength(s sentence) {
	r.tooLong(s, wordCount(s.text)-seriesWords(s.text), r.lim.SentenceWords, "en-sentence-length", 65,
		"sentence has %d words (limit %d for this reader); split it",
		"sentence has %d words, over half again the limit of %d for this reader; split it")
}

// acronyms reports an acronym at its first use when it is neither spelled
// out there ("Large Language Model (LLM)", "LLM（大規模言語モデル）") nor a
// well-known one (data/acronyms.txt). Not acronyms to spell out: a word
// with digits (a model number: C3000Z), one followed by a number (the
// designation of a standard or a release: FIPS 140-3, SHA-1, RC 2),
// TL;DR, the text of a link (the link explains it: "[GC guide](...)") and
// a word the document also writes as code or markup (a name from code:
// GOOS beside `GOOS=linux`).
func (r *run) acronyms(s sentence, seen map[string]bool) {
	if !hasCapitalPair(s.text) {
		return
	}
	for _, m := range acronymRE.FindAllStringIndex(s.text, -1) {
		a := s.text[m[0]:m[1]]
		key := strings.TrimSuffix(a, "s")
		if len(key) < 2 || seen[key] || r.rev.shared.lex.acronyms[a] || r.rev.shared.lex.acronyms[key] || strings.ContainsAny(key, "0123456789") {
			continue // known, or a model number such as C3000Z
		}
		rest := s.text[m[1]:]
		if designation(rest) || a == "TL" && strings.HasPrefix(rest, ";DR") || a == "DR" && strings.HasSuffix(s.text[:m[0]], "TL;") ||
			inLinkText(r.doc.raw, s.start+m[0], s.start+m[1]) || r.codeWords()[key] {
			continue
		}
		seen[key] = true
		before := strings.TrimRight(s.text[:m[0]], " ")
		after := strings.TrimLeft(rest, " ")
		if strings.HasSuffix(before, "(") || strings.HasSuffix(before, "（") || strings.HasPrefix(after, "(") || strings.HasPrefix(after, "（") {
			continue
		}
		lang := "en"
		if s.ja || r.doc.kana {
			lang = "ja"
		}
		msg := map[string]string{
			"en": "acronym %q is used before it is spelled out; define it at first use",
			"ja": "略語「%s」が定義されないまま使われています。初出で正式名称を書いてください",
		}[lang]
		r.e.advise("undefined-acronym", finding.Low, 60, s.start+m[0], s.start+m[1], msg, a)
	}
}

// jargon reports, for novice readers, a jargon term at its first use when
// no explanation follows it; to a technical reader new to a subject, only
// the subject's own terms (see readerInfo.needsDefinition).
func (r *run) jargon(s sentence, seen map[string]bool) {
	lower := asciiLower(s.text)
	for _, jt := range r.rev.shared.lex.jargon {
		term := jt.term
		if seen["jargon:"+term] || !r.reader.needsDefinition(jt) {
			continue
		}
		i := strings.Index(lower, term)
		if i < 0 || (!isJapanese(term) && !wordBounded(lower, i, i+len(term))) {
			continue
		}
		seen["jargon:"+term] = true
		after := strings.TrimLeft(s.text[i+len(term):], " ")
		explained := false
		for _, p := range []string{"(", "（", "とは", "、つまり", "is a ", "is an ", "is the ", "means ", ", or ", ", which ", ", that is"} {
			if strings.HasPrefix(after, p) {
				explained = true
			}
		}
		if !explained {
			r.e.advise("undefined-jargon", finding.Low, 55, s.start+i, s.start+i+len(term), r.say("jargon %q is not explained at first use; a novice reader may not know it", "専門用語「%s」が初出で説明されていません。初心者の読者は知らないかもしれません"), s.text[i:i+len(term)])
		}
	}
}

// designation reports whether the text after an acronym starts with a
// number: " 140-3", "-1", " 2".
func designation(rest string) bool {
	rest = strings.TrimPrefix(rest, "-")
	rest = strings.TrimPrefix(rest, " ")
	return rest != "" && rest[0] >= '0' && rest[0] <= '9'
}

// inLinkText reports whether raw[start:end] lies inside the text of a
// Markdown link: after a '[' and before the "](" or "][" that closes it,
// on one line.
//
// It reads at most linkTextWindow bytes either side, so that a line of
// megabytes with no bracket costs time linear in its length.
func inLinkText(raw []byte, start, end int) bool {
	from := max(0, start-linkTextWindow)
	open := bytes.LastIndexAny(raw[from:start], "[]\n")
	if open < 0 || raw[from+open] != '[' {
		return false
	}
	i := bytes.IndexAny(raw[end:min(len(raw), end+linkTextWindow)], "[]\n")
	return i >= 0 && raw[end+i] == ']' && end+i+1 < len(raw) && (raw[end+i+1] == '(' || raw[end+i+1] == '[')
}

// linkTextWindow is the longest link text inLinkText finds a word in.
const linkTextWindow = 1 << 10

// codeWords returns the acronym-like words the document writes inside
// code, URLs or markup (the bytes its rules do not read), computed once a
// review.
func (r *run) codeWords() map[string]bool {
	if r.code != nil {
		return r.code
	}
	r.code = map[string]bool{}
	d := r.doc
	for i := 0; i < len(d.masked); {
		if d.masked[i] != mask {
			i++
			continue
		}
		j := i
		for j < len(d.masked) && d.masked[j] == mask {
			j++
		}
		if w := string(d.raw[i:j]); hasCapitalPair(w) {
			for _, a := range acronymRE.FindAllString(w, -1) {
				r.code[strings.TrimSuffix(a, "s")] = true
			}
		}
		i = j
	}
	return r.code
}

// codeLetters reports the ASCII letters the document's code (a code
// block, a code span) uses as names on their own: the x of "const x = 1".
func (r *run) codeLetters() *[128]bool {
	if r.letters != nil {
		return r.letters
	}
	r.letters = new([128]bool)
	d := r.doc
	word := func(k int) bool {
		c := d.raw[k]
		return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c >= 0x80
	}
	for k := range d.masked {
		if c := d.raw[k]; d.masked[k] == mask && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') &&
			(k == 0 || !word(k-1)) && (k+1 == len(d.raw) || !word(k+1)) {
			r.letters[c] = true
		}
	}
	return r.letters
}

// hasCapitalPair reports two ASCII capitals in a row, which every acronym
// has: a cheap filter before acronymRE.
func hasCapitalPair(s string) bool {
	for i := 1; i < len(s); i++ {
		if s[i] >= 'A' && s[i] <= 'Z' && s[i-1] >= 'A' && s[i-1] <= 'Z' {
			return true
		}
	}
	return false
}
