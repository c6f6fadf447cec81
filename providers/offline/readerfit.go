package offline

import (
	"bytes"
	"cmp"
	"context"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

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
			r.unmatchedPairs(b)
		}
	}
	r.imageControls()
	r.maskedControls()
	r.longVowelVariants()
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

// mixedPeriod follows textlint ja-no-mixed-period with its defaults: a
// sentence ending in '.' or '．' gets 。 instead, and a paragraph whose
// last sentence ends in no period at all gets advice (textlint's
// forceAppendPeriod is off, so no 。 is appended automatically). A
// paragraph ending in code, a link or a URL, in a closing 」 or 』
// (quoted speech), or in a particle or comma that a code block or list
// continues (「次のサンプルコードは」; textlint reports it), or on a line led
// by an emoji or an arrow (an item of a list without markers) is left
// alone; one ending in an emoji ("完了。🎉") gets
// advice, as textlint reports it. Config.Options.PeriodMark,
// AllowPeriodMarks (each a suffix: "OK" allows "これでOK"),
// ForceAppendPeriod and AllowEmojiAtEnd are textlint's periodMark,
// allowPeriodMarks, forceAppendPeriod and allowEmojiAtEnd.
func (r *run) mixedPeriod(s sentence) {
	o := r.rev.cfg.Options
	mark := cmp.Or(o.PeriodMark, "。")
	t := strings.TrimRight(s.text, "\x1f ")
	body := strings.TrimRight(t, "）)")
	last, n := utf8.DecodeLastRuneInString(body)
	lastS := string(last)
	if s.last && !o.AllowEmojiAtEnd { // the tail is read only at the block's end, so that a long block costs linear time
		if tail := string(r.doc.masked[s.end:r.doc.blocks[s.blk].end]); symbolsOnly(tail) {
			at := s.end + strings.Index(tail, strings.TrimSpace(tail))
			r.e.advise("ja-no-mixed-period", finding.Low, 70, at, at+len(strings.TrimSpace(tail)), "文末が句点「%s」で終わっていません（末尾に絵文字があります）", mark)
			return
		}
	}
	before, _ := utf8.DecodeLastRuneInString(body[:len(body)-n])
	switch {
	case lastS == mark || slices.ContainsFunc(o.AllowPeriodMarks, func(m string) bool { return m != "" && strings.HasSuffix(body, m) }):
		return
	case (last == '.' || last == '．') && (strings.HasSuffix(body, "..") || strings.HasSuffix(body, "．．")):
		if s.last && (r.maskedAfter(s) || r.leadsIntoList(s)) {
			return // the text of a link ("[もっと読む...](...)"), or a lead-in to a list (「Javaと同様に、Rubyは...」)
		}
		// an ellipsis: 「Kubernetesは...」 does not become 「Kubernetesは..。」
		at := s.start + len(body) - n
		r.e.advise("ja-no-mixed-period", finding.Low, 70, at, at+n, "文末の句点は「%s」にそろえてください（省略記号は「…」か、言い切る文に）", mark)
		return
	case last == '.' && strings.ContainsRune("（(「『[“\"'", before):
		return // the period itself, named: 「ドット（.）です」
	case last == '.' && !s.last && enumerator(body[:len(body)-n]):
		return // 「優先順位は、1. フラグ、2. 設定」: a number of a series, not a period
	case last == '.' && before < utf8.RuneSelf && isASCIILetter(byte(before)) && (len(body) < len(t) || abbreviation([]byte(body[:len(body)-n]), []byte(r.doc.masked[s.end:min(s.end+4, r.doc.blocks[s.blk].end)]))):
		return // a Latin abbreviation's period: 「(株式会社paperboy&co.)」, 「William (B.J.) Snow」
	case last == '．' || last == '.' || last == '。':
		at := s.start + len(body) - n
		end := at + n
		if raw := r.doc.raw; end+1 < len(raw) && raw[end] == ' ' && len(body) == len(t) {
			if c, _ := utf8.DecodeRune(raw[end+1:]); c >= 0x3000 && isJapanese(string(c)) {
				end++ // 「評価されます. 同様に」 → 「評価されます。同様に」: no space after 。
			}
		}
		r.e.fix("ja-no-mixed-period", finding.Low, 85, at, end, mark, "文末の句点は「%s」にそろえてください", mark)
		return
	case !s.last:
		return
	case last == '！' || last == '？' || last == '!' || last == '?' || last == ':' || last == '：' || last == '」' || last == '』' || last == '”' || last == '’':
		return
	case r.parentheticalEnd(s, t):
		return // a note in parentheses on a link: 「[記事](...) (英語)」
	case last == '…' && r.leadsIntoList(s):
		return // a lead-in to a list: 「Perlと同様に、Rubyは…」
	case !o.ForceAppendPeriod && r.label(s, t, last):
		// a one-line label, not a sentence: 「追記」, 「サンプル入力」, 「Rubyファンの皆様」
		return
	case strings.ContainsRune("はがをにとでてもばへ、，", last):
		// a particle or a comma: the sentence goes on after the code block
		// or list it leads into (「次のサンプルコードは」), no 。 was dropped
		return
	case leadSymbol(s.text):
		// a line led by an emoji or an arrow is an item of a list written
		// without list markers (「✅有効化推奨」, 「→ 順序は挿入順」)
		return
	case unicode.Is(unicode.So, last) && o.AllowEmojiAtEnd, r.maskedAfter(s):
		// ends in an allowed emoji, or in masked code, a link or a URL: not ours to judge
		return
	}
	msg := "文末に句点「" + mark + "」がありません"
	if strings.Count(t, "（")+strings.Count(t, "「") > strings.Count(t, "）")+strings.Count(t, "」") {
		msg += "（括弧も閉じられていません）"
	}
	_, ln := utf8.DecodeLastRuneInString(t)
	if o.ForceAppendPeriod && !unicode.Is(unicode.So, last) {
		at := s.start + len(t)
		r.e.fix("ja-no-mixed-period", finding.Low, 70, at-ln, at, t[len(t)-ln:]+mark, "%s", msg)
		return
	}
	r.e.advise("ja-no-mixed-period", finding.Low, 70, s.start+len(t)-ln, s.start+len(t), "%s", msg)
}

// leadsIntoList reports whether the block after sentence s's is a list
// item, so that s's paragraph introduces a list.
func (r *run) leadsIntoList(s sentence) bool {
	return s.blk+1 < len(r.doc.blocks) && r.doc.blocks[s.blk+1].kind == listItem
}

// parentheticalEnd reports whether t, the text of sentence s, ends in a
// note in parentheses that follows a link or code ("[記事](...) (英語)"):
// the note qualifies the link, and a paragraph ending in a link is left
// alone. A note after a finished sentence, or a sentence in parentheses
// (「…です。（詳しくは「…」を参照）」), still wants its 。 after the
// closing parenthesis.
func (r *run) parentheticalEnd(s sentence, t string) bool {
	if !strings.HasSuffix(t, ")") && !strings.HasSuffix(t, "）") {
		return false
	}
	depth := 0
	for i := len(t) - 1; i >= 0; i-- {
		switch {
		case t[i] == ')' || strings.HasPrefix(t[i:], "）"):
			depth++
		case t[i] == '(' || strings.HasPrefix(t[i:], "（"):
			depth--
		}
		if depth > 0 || i > len(t)-3 && strings.HasSuffix(t, "）") {
			continue // inside the note, or still in the bytes of its closing "）"
		}
		c, _ := utf8.DecodeLastRuneInString(strings.TrimRight(t[:i], " \t\n\r"))
		return c == mask
	}
	return false
}

// enumerator reports whether text ends in a number that opens it or
// follows a 、, a space or an opening bracket: 「、1」 of 「、1. フラグ」.
func enumerator(text string) bool {
	i := len(text)
	for i > 0 && text[i-1] >= '0' && text[i-1] <= '9' {
		i--
	}
	if i == len(text) || len(text)-i > 2 {
		return false
	}
	head := strings.TrimRight(text[:i], " \x1f")
	if head == "" || len(head) < i {
		return true
	}
	c, _ := utf8.DecodeLastRuneInString(head)
	return c == '、' || c == '，' || c == '（' || c == '('
}

// label reports whether sentence s, of text t ending in rune last, is a
// paragraph of one line of at most 40 characters (markup aside) with no
// comma, no period and no topic or subject (は, が) that ends in a letter
// or digit other than hiragana: a noun phrase standing alone (a caption,
// a pseudo-heading, a salutation, a date, the description of a parameter
// or a return value: 「動的ルートパラメータを含むオブジェクト」), not a
// sentence that lost its period; or a marker in square brackets
// (「[MODES: フレームワーク]」). With ForceAppendPeriod every paragraph is a
// sentence.
func (r *run) label(s sentence, t string, last rune) bool {
	b := r.doc.blocks[s.blk]
	if b.kind != paragraph || s.start != b.start && strings.TrimLeft(string(r.doc.masked[b.start:s.start]), " \t\x1f") != "" {
		return false
	}
	if strings.HasPrefix(t, "[") && strings.HasSuffix(t, "]") || strings.HasPrefix(t, "【") && strings.HasSuffix(t, "】") {
		return !strings.Contains(t, "\n") // a marker in brackets: 「[MODES: フレームワーク]」
	}
	if strings.ContainsAny(t, "\n、。，,はが") || utf8.RuneCountInString(t)-strings.Count(t, string(rune(mask))) > 40 || isKana(last) && !isKatakana(last) || !unicode.IsLetter(last) && !unicode.IsDigit(last) {
		return false
	}
	return true
}

// leadSymbol reports whether the last line of text begins with an emoji,
// another symbol or an arrow.
func leadSymbol(text string) bool {
	line := strings.TrimLeft(text[strings.LastIndexByte(text, '\n')+1:], " \t\x1f")
	c, _ := utf8.DecodeRuneInString(line)
	return unicode.Is(unicode.So, c) || c == '→'
}

// symbolsOnly reports whether text holds symbols (emoji) and spaces
// only, and at least one symbol.
func symbolsOnly(text string) bool {
	n := 0
	for _, c := range text {
		switch {
		case unicode.Is(unicode.So, c):
			n++
		case !unicode.IsSpace(c) && c != 0x200D && c != 0xFE0F && !unicode.Is(unicode.Sk, c):
			return false
		}
	}
	return n > 0
}

// maskedAfter reports whether masked bytes (code, a link's syntax, a URL)
// follow sentence s in its block.
func (r *run) maskedAfter(s sentence) bool {
	return r.doc.blocks[s.blk].lastMask >= s.end
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
func inLinkText(raw []byte, start, end int) bool {
	open := bytes.LastIndexAny(raw[:start], "[]\n")
	if open < 0 || raw[open] != '[' {
		return false
	}
	i := bytes.IndexAny(raw[end:], "[]\n")
	return i >= 0 && raw[end+i] == ']' && end+i+1 < len(raw) && (raw[end+i+1] == '(' || raw[end+i+1] == '[')
}

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
