package offline

import (
	"cmp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kaigi-dev/kaigi/finding"
)

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
