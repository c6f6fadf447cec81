package offline

import (
	"bytes"
	"cmp"
	"context"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/width"

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
		case (s.ja || r.doc.kana || isJapanese(s.text)) && (k == paragraph || k == listItem || k == note):
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
	return nil
}

// sentenceLength reports a sentence of a paragraph or list item over
// Limits.SentenceLength characters (textlint sentence-length), counted as
// textlint counts them, in UTF-16 code units ("𠮷" and an emoji count
// two), every character but masked code and URLs included. It reviews
// every sentence of a Japanese document (one holding kana), Latin-only
// ones too, and any sentence with kanji; the other sentences of English
// documents get en-sentence-length.
func (r *run) sentenceLength(s sentence) {
	if n := utf16Len(s.text); n > r.lim.SentenceLength {
		r.e.advise("sentence-length", finding.Medium, 70, s.start, s.end, "一文が%d文字あります（上限%d文字）。文を分けてください", n, r.lim.SentenceLength)
	}
}

// utf16Len counts the UTF-16 code units of s, mask bytes left out.
func utf16Len(s string) int {
	n := 0
	for _, c := range s {
		switch {
		case c == mask:
		case c >= 0x10000:
			n += 2
		default:
			n++
		}
	}
	return n
}

// enSentenceLength reports an English prose sentence over the reader's
// word limit.
func (r *run) enSentenceLength(s sentence) {
	if n := wordCount(s.text); n > r.lim.SentenceWords {
		r.e.advise("en-sentence-length", finding.Medium, 65, s.start, s.end, "sentence has %d words (limit %d for this reader); split it", n, r.lim.SentenceWords)
	}
}

// maxTen follows textlint max-ten: a sentence (of a paragraph or list
// item) with more than Limits.MaxTen 読点 is reported at the first one
// over, and counting starts again after it. A 読点 between two nouns
// (名詞、名詞, brackets and spaces skipped: "A、B", "(1)、(2)", the list
// "HTML 、CSS 、") does not count unless
// Config.Options.MaxTenStrict; Options.Touten and Options.Kuten change the
// marks counted and the mark that resets the count. Only a sentence with
// more marks than the limit is tokenized.
func (r *run) maxTen(s sentence) error {
	o := r.rev.cfg.Options
	touten, kuten := cmp.Or(o.Touten, "、"), cmp.Or(o.Kuten, "。")
	if strings.Count(s.text, touten) <= r.lim.MaxTen {
		return nil
	}
	tok, err := r.rev.shared.ja.tokenizer()
	if err != nil {
		return err
	}
	ts := tokens(tok, s.text, nil)
	count := 0
	for i, t := range ts {
		switch t.surface {
		case touten:
			if !o.MaxTenStrict && sandwiched(ts, i) {
				continue
			}
			count++
		case kuten:
			count = 0
		}
		if count > r.lim.MaxTen {
			at := s.start + t.off
			r.e.advise("max-ten", finding.Low, 65, at, at+len(t.surface), "一文に読点「%s」が%d個以上あります（上限%d個）。文を分けてください", touten, count, r.lim.MaxTen)
			count = 0
		}
	}
	return nil
}

// sandwiched reports whether the nearest tokens before and after ts[i],
// brackets and white space skipped, are both nouns.
func sandwiched(ts []token, i int) bool {
	near := func(d int) (token, bool) {
		for j := i + d; j >= 0 && j < len(ts); j += d {
			if t := ts[j]; !(t.pos == "記号" && (strings.HasPrefix(t.pos1, "括弧") || t.pos1 == "空白") || t.surface == "(" || t.surface == ")" || strings.TrimSpace(t.surface) == "") {
				return t, true
			}
		}
		return token{}, false
	}
	p, ok1 := near(-1)
	n, ok2 := near(1)
	return ok1 && ok2 && p.pos == "名詞" && n.pos == "名詞"
}

// mixedPeriod follows textlint ja-no-mixed-period with its defaults: a
// sentence ending in '.' or '．' gets 。 instead, and a paragraph whose
// last sentence ends in no period at all gets advice (textlint's
// forceAppendPeriod is off, so no 。 is appended automatically). A
// paragraph ending in code, a link or a URL, in an emoji or in a closing
// 」 or 』 (quoted speech) is left alone.
func (r *run) mixedPeriod(s sentence) {
	t := strings.TrimRight(s.text, "\x1f ")
	body := strings.TrimRight(t, "）)")
	last, n := utf8.DecodeLastRuneInString(body)
	switch {
	case last == '．' || last == '.':
		at := s.start + len(body) - n
		r.e.fix("ja-no-mixed-period", finding.Low, 85, at, at+n, "。", "文末の句点は「。」にそろえてください")
		return
	case !s.last:
		return
	case last == '。' || last == '！' || last == '？' || last == '!' || last == '?' || last == ':' || last == '：' || last == '」' || last == '』':
		return
	case unicode.Is(unicode.So, last) || r.maskedAfter(s):
		// ends in an emoji, or in masked code, a link or a URL: not ours to judge
		return
	}
	msg := "文末に句点「。」がありません"
	if strings.Count(t, "（")+strings.Count(t, "「") > strings.Count(t, "）")+strings.Count(t, "」") {
		msg += "（括弧も閉じられていません）"
	}
	_, ln := utf8.DecodeLastRuneInString(t)
	r.e.advise("ja-no-mixed-period", finding.Low, 70, s.start+len(t)-ln, s.start+len(t), "%s", msg)
}

// maskedAfter reports whether masked bytes (code, a link's syntax, a URL)
// follow sentence s in its block.
func (r *run) maskedAfter(s sentence) bool {
	return bytes.IndexByte(r.doc.masked[s.end:r.doc.blocks[s.blk].end], mask) >= 0
}

// kanjiRuns reports runs of kanji longer than the limit (textlint
// max-kanji-continuous-len, default 5) in any sentence that holds kanji,
// kanji-only text included. A run that is one word of the IPA dictionary
// (中華人民共和国, 二等辺三角形: textlint's allowDictionaryLongWords) or
// made only of Config.Options.KanjiAllow words is accepted.
func (r *run) kanjiRuns(s sentence) {
	start, n := -1, 0
	flush := func(end int) {
		if n > r.lim.MaxKanji && !allowedRun(s.text[start:end], r.rev.cfg.Options.KanjiAllow) && !r.dictionaryWord(s.text[start:end]) {
			r.e.advise("max-kanji-continuous-len", finding.Low, 60, s.start+start, s.start+end, "漢字が%d文字続いています（上限%d文字）。ひらがなを挟むか言い換えてください", n, r.lim.MaxKanji)
		}
		start, n = -1, 0
	}
	for i, c := range s.text {
		if isKanji(c) {
			if start < 0 {
				start = i
			}
			n++
			continue
		}
		flush(i)
	}
	flush(len(s.text))
}

// characters reports half-width katakana, decomposed characters and
// zero-width characters in a block. Half-width kana, NFD and U+200B and
// U+FEFF (past the start of the file, which parse masks) get a fix; the
// joiners U+200C, U+200D and U+2060 get advice, and a U+200D between two
// pictographs (an emoji sequence) is left alone.
func (r *run) characters(b block) {
	text := string(r.doc.masked[b.start:b.end])
	for i := 0; i < len(text); {
		c, n := utf8.DecodeRuneInString(text[i:])
		at := b.start + i
		switch {
		case c >= 0xFF66 && c <= 0xFF9F: // ｦ-ﾟ
			j := i
			for j < len(text) {
				c2, n2 := utf8.DecodeRuneInString(text[j:])
				if c2 < 0xFF66 || c2 > 0xFF9F {
					break
				}
				j += n2
			}
			old := text[i:j]
			r.e.fix("no-hankaku-kana", finding.Low, 90, at, b.start+j, widenKana(old), "半角カナ「%s」は全角にしてください", old)
			n = j - i
		case c == 0x309B || c == 0x309C:
			// a spacing dakuten or handakuten after kana: テ゛ → デ (textlint no-nfd)
			_, pn := utf8.DecodeLastRuneInString(text[:i])
			comb := map[rune]string{0x309B: "\u3099", 0x309C: "\u309A"}[c]
			if pn > 0 {
				prev := text[i-pn : i]
				if nfc := norm.NFC.String(prev + comb); utf8.RuneCountInString(nfc) == 1 {
					r.e.fix("no-nfd", finding.Low, 90, at-pn, at+n, nfc, "濁点・半濁点が別の文字（U+%04X）になっています（%s%c → %s）", c, prev, c, nfc)
				}
			}
		case c == 0x3099 || c == 0x309A || (c >= 0x0300 && c <= 0x036F):
			// a combining mark: replace it and the character it joins with NFC
			_, pn := utf8.DecodeLastRuneInString(text[:i])
			old := text[i-pn : i+n]
			if pn > 0 && norm.NFC.String(old) != old {
				r.e.fix("no-nfd", finding.Low, 95, at-pn, at+n, norm.NFC.String(old), "濁点・アクセントが結合文字（NFD）になっています")
			}
		case (c < 0x20 && c != '\t' && c != '\n' && c != '\r' || c == 0x7F) && r.doc.raw[at] == byte(c):
			// a control character: masked bytes are 0x1F too, so only a 0x1F of the text itself counts
			r.e.fix("no-invalid-control-character", finding.Low, 90, at, at+1, "", "制御文字 U+%04X は文章に不要です", c)
		case c == 0x200B || c == 0xFEFF:
			r.e.fix("no-zero-width-spaces", finding.Low, 95, at, at+n, "", "zero-width character U+%04X is invisible and breaks search and copy", c)
		case c == 0x200D && joinsPictographs(text, i, n):
			// a zero-width joiner inside an emoji sequence: 👩‍💻
		case c == 0x200C || c == 0x200D || c == 0x2060:
			// joiners and non-joiners shape some scripts: a human decides
			r.e.advise("no-zero-width-spaces", finding.Low, 60, at, at+n, "zero-width character U+%04X is invisible; remove it unless the script needs it", c)
		}
		i += n
	}
}

// joinsPictographs reports whether the character at text[i:i+n] stands
// between two pictographs, as the zero-width joiner of an emoji sequence
// does.
func joinsPictographs(text string, i, n int) bool {
	p, _ := utf8.DecodeLastRuneInString(text[:i])
	q, _ := utf8.DecodeRuneInString(text[i+n:])
	return pictograph(p) && pictograph(q)
}

// pictograph reports an emoji or a character that ends or continues one
// (a variation selector, a skin tone).
func pictograph(c rune) bool {
	return c >= 0x1F000 && c <= 0x1FAFF || c >= 0x2600 && c <= 0x27BF || c == 0xFE0F || c == 0x2640 || c == 0x2642 ||
		unicode.Is(unicode.So, c)
}

// widenKana converts half-width katakana to full width, joining voiced
// marks: ｶﾞ → ガ.
func widenKana(s string) string {
	w := width.Widen.String(s)
	w = strings.NewReplacer("゛", "\u3099", "゜", "\u309A").Replace(w)
	return norm.NFC.String(w)
}

// closerOf returns the closing bracket or quote of an opening one.
func closerOf(c rune) (rune, bool) {
	switch c {
	case '「':
		return '」', true
	case '『':
		return '』', true
	case '（':
		return '）', true
	case '(':
		return ')', true
	case '［':
		return '］', true
	case '[':
		return ']', true
	case '【':
		return '】', true
	case '〈':
		return '〉', true
	case '《':
		return '》', true
	case '“':
		return '”', true
	case '{':
		return '}', true
	case '｛':
		return '｝', true
	case '〚':
		return '〛', true
	case '«':
		return '»', true
	case '‹':
		return '›', true
	}
	return 0, false
}

// openerOf returns the opening bracket or quote of a closing one.
func openerOf(c rune) (rune, bool) {
	switch c {
	case '」':
		return '「', true
	case '』':
		return '『', true
	case '）':
		return '（', true
	case ')':
		return '(', true
	case '］':
		return '［', true
	case ']':
		return '[', true
	case '】':
		return '【', true
	case '〉':
		return '〈', true
	case '》':
		return '《', true
	case '”':
		return '“', true
	case '}':
		return '{', true
	case '｝':
		return '｛', true
	case '〛':
		return '〚', true
	case '»':
		return '«', true
	case '›':
		return '‹', true
	}
	return 0, false
}

// unmatchedPairs reports brackets and quotes opened and never closed in
// the block, or closed and never opened (textlint no-unmatched-pair).
func (r *run) unmatchedPairs(b block) {
	type open struct {
		c  rune
		at int
	}
	var stack []open
	text := string(r.doc.masked[b.start:b.end])
	for i, c := range text {
		if c == '"' { // the same mark opens and closes
			if k := len(stack); k > 0 && stack[k-1].c == '"' {
				stack = stack[:k-1]
			} else {
				stack = append(stack, open{c, i})
			}
			continue
		}
		if _, ok := closerOf(c); ok {
			stack = append(stack, open{c, i})
			continue
		}
		o, ok := openerOf(c)
		if !ok {
			continue
		}
		if k := len(stack); k > 0 && stack[k-1].c == o {
			stack = stack[:k-1]
			continue
		}
		if c == ')' && i > 0 && (text[i-1] >= '0' && text[i-1] <= '9' || text[i-1] >= 'a' && text[i-1] <= 'z') && (i < 2 || text[i-2] == ' ' || text[i-2] == mask) {
			continue // an enumerator: "a) first"
		}
		at := b.start + i
		r.e.advise("no-unmatched-pair", finding.Medium, 60, at, at+utf8.RuneLen(c), "「%c」に対応する「%c」がありません", c, o)
		return
	}
	if len(stack) > 0 {
		o := stack[0]
		at := b.start + o.at
		c, ok := closerOf(o.c)
		if !ok {
			c = o.c // '"' closes itself
		}
		r.e.advise("no-unmatched-pair", finding.Medium, 60, at, at+utf8.RuneLen(o.c), "「%c」が閉じられていません（「%c」がありません）", o.c, c)
	}
}

// acronyms reports an acronym at its first use when it is neither spelled
// out there ("Large Language Model (LLM)", "LLM（大規模言語モデル）") nor a
// well-known one (data/acronyms.txt).
func (r *run) acronyms(s sentence, seen map[string]bool) {
	if !hasCapitalPair(s.text) {
		return
	}
	for _, m := range acronymRE.FindAllStringIndex(s.text, -1) {
		a := s.text[m[0]:m[1]]
		key := strings.TrimSuffix(a, "s")
		if len(key) < 2 || seen[key] || r.rev.shared.lex.acronyms[a] || r.rev.shared.lex.acronyms[key] || strings.Trim(key, "0123456789") != key {
			continue
		}
		seen[key] = true
		before := strings.TrimRight(s.text[:m[0]], " ")
		after := strings.TrimLeft(s.text[m[1]:], " ")
		if strings.HasSuffix(before, "(") || strings.HasSuffix(before, "（") || strings.HasPrefix(after, "(") || strings.HasPrefix(after, "（") {
			continue
		}
		lang := "en"
		if s.ja {
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
			r.e.advise("undefined-jargon", finding.Low, 55, s.start+i, s.start+i+len(term), "jargon %q is not explained at first use; a novice reader may not know it", s.text[i:i+len(term)])
		}
	}
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

// allowedRun reports whether run is one of the allowed words, or made of
// them end to end.
func allowedRun(run string, allow []string) bool {
	if len(allow) == 0 {
		return false
	}
	ok := make([]bool, len(run)+1) // ok[i]: run[:i] is made of allowed words
	ok[0] = true
	for i := range run {
		if !ok[i] {
			continue
		}
		for _, w := range allow {
			if w != "" && strings.HasPrefix(run[i:], w) {
				ok[i+len(w)] = true
			}
		}
	}
	return ok[len(run)]
}

// dictionaryWord reports whether run is one known word of the IPA
// dictionary. The tokenizer is loaded only here, for a run already too
// long, and only in a Japanese document (one with kana): Chinese text,
// which a Japanese dictionary cannot judge, never loads it. If it cannot
// be loaded the run is not a known word.
func (r *run) dictionaryWord(run string) bool {
	if !r.doc.kana {
		return false
	}
	tok, err := r.rev.shared.ja.tokenizer()
	if err != nil {
		return false
	}
	ts := tokens(tok, run, nil)
	return len(ts) == 1 && ts[0].surface == run && ts[0].base != ""
}
