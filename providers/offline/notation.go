package offline

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kaigi-dev/kaigi/finding"
)

// kanjiDigits is the character class of JTF 2.2.2's kanji numerals.
const kanjiDigits = "[一二三四五六七八九十壱弐参拾百〇]+"

var (
	// toArabic matches counted quantities written in kanji numerals
	// (JTF 2.2.2: 三つ → 3つ, 第二章 → 第2章); submatch 1 is the numeral.
	toArabic = regexp.MustCompile(`(` + kanjiDigits + `)(?:[兆億万]|つ|回|か月|番目|進法|次元)|第(` + kanjiDigits + `)[章節]`)
	// toKanji matches idioms and approximate numbers written in digits
	// (JTF 2.2.2: 世界1 → 世界一, 数10倍 → 数十倍); submatch 1 or 2 is
	// the number.
	toKanji = regexp.MustCompile(`世界(1)|(1)時的|(1)部分|第(3)者|(1)種|(1)部の|(1)番に|数([0-9]+)(?:倍|[兆億万]|年)|([0-9]+)次関数|(5)大陸`)
)

// arabicKanjiNumbers follows textlint's arabic-kanji-numbers (JTF style
// guide 2.2.2): counted quantities take Arabic digits (三つ → 3つ, 五回 →
// 5回, 第二章 → 第2章, 二次元 → 2次元; 数十万 and 何百万 stay), idioms
// and approximations take kanji (世界1 → 世界一, 1部分 → 一部分, 第3者 →
// 第三者, 数10倍 → 数十倍). Each gets its fix. Unlike textlint, which
// reports only the first match of each pattern in a text node, every
// match is reported.
func (r *run) arabicKanjiNumbers(s sentence) {
	const rule = "arabic-kanji-numbers"
	if !r.e.on(rule) {
		return
	}
	for _, m := range toArabic.FindAllStringSubmatchIndex(s.text, -1) {
		a, b := m[2], m[3]
		if a < 0 {
			a, b = m[4], m[5]
		}
		if a > 0 && (strings.HasSuffix(s.text[:a], "数") || strings.HasSuffix(s.text[:a], "何")) && m[2] >= 0 {
			continue // 数十万, 何百億: approximate
		}
		if before, _ := utf8.DecodeLastRuneInString(s.text[:m[0]]); m[2] >= 0 && numeralWord(before, s.text[a:b]) {
			continue // part of a longer word: 統一つ, 唯一回 (but 第三回 and 合計二十回 are counts)
		}
		old := s.text[m[0]:m[1]]
		if strings.HasSuffix(old, "つ") && countIdiom(s.text[:m[0]], s.text[a:b], s.text[m[1]:]) {
			continue // 二つ返事, 三つ子, ただ一つ: idioms, as textlint's ignore patterns say
		}
		if old == "一つ" {
			continue // "一つの", "もう一つ": an idiom more often than a count
		}
		n, ok := kanjiNumber(s.text[a:b])
		if !ok {
			continue
		}
		fix := s.text[m[0]:a] + strconv.Itoa(n) + s.text[b:m[1]]
		r.e.fix(rule, finding.Low, 70, s.start+m[0], s.start+m[1], fix, "数えられる数量は算用数字で書きます（%s → %s）", old, fix)
	}
	for _, m := range toKanji.FindAllStringSubmatchIndex(s.text, -1) {
		a, b := -1, -1
		for k := 2; k < len(m); k += 2 {
			if m[k] >= 0 {
				a, b = m[k], m[k+1]
				break
			}
		}
		if a < 0 {
			continue
		}
		old := s.text[m[0]:m[1]]
		if old == "1種" || strings.HasSuffix(old, "1種") {
			if prev, _ := utf8.DecodeLastRuneInString(s.text[:a]); a == 0 || prev >= '0' && prev <= '9' || strings.HasPrefix(s.text[m[1]:], "類") {
				continue // 11種, 1種類
			}
		}
		if prev, _ := utf8.DecodeLastRuneInString(s.text[:a]); a > 0 && prev >= '0' && prev <= '9' && m[0] == a {
			continue // 21次関数 is read whole by the pattern; 11時的 is not 一時的
		}
		n, err := strconv.ParseInt(s.text[a:b], 10, 64)
		if err != nil || n <= 0 {
			continue
		}
		fix := s.text[m[0]:a] + kanjiOf(n) + s.text[b:m[1]]
		r.e.fix(rule, finding.Low, 70, s.start+m[0], s.start+m[1], fix, "慣用表現や概数は漢数字で書きます（%s → %s）", old, fix)
	}
}

// numeralWord reports whether the kanji numeral n belongs to the word
// the kanji before it starts (統一, 唯一, 単一, 同一, 無二), not to a
// count: only a single 一 or 二 does.
func numeralWord(before rune, n string) bool {
	return (n == "一" || n == "二") && strings.ContainsRune("統唯単均同随画逐万純無専択不", before)
}

// countIdiom reports the idioms textlint's arabic-kanji-numbers leaves
// alone around a numeral n followed by つ: 二つ返事, 三つ子, 一つ星,
// 一つ橋, 二つと無い, 一つに一つ (after the つ), and ただ一つ, 唯一つ,
// 女手一つ, 穴二つ, 瓜二つ, 馬鹿の一つ覚え (before a single 一 or 二).
func countIdiom(before, n, after string) bool {
	if strings.ContainsAny(n, "一二三四五六七八九") && utf8.RuneCountInString(n) == 1 {
		for _, w := range []string{"返事", "子", "ひとつ", "星", "編", "葉", "橋", "と無い", "とない", "に一つ"} {
			if strings.HasPrefix(after, w) {
				return true
			}
		}
	}
	if n == "一" || n == "二" {
		for _, w := range []string{"ただ", "唯", "女手", "男手", "穴", "瓜", "馬鹿の"} {
			if strings.HasSuffix(before, w) {
				return true
			}
		}
	}
	return false
}

// kanjiNumber reads a kanji numeral: positional digits (二〇 → 20) or
// digits with 十, 拾 and 百 (三十五 → 35, 百二 → 102).
func kanjiNumber(s string) (int, bool) {
	digit := map[rune]int{'〇': 0, '一': 1, '壱': 1, '二': 2, '弐': 2, '三': 3, '参': 3, '四': 4, '五': 5, '六': 6, '七': 7, '八': 8, '九': 9}
	if !strings.ContainsAny(s, "十拾百") {
		n := 0
		for _, c := range s {
			n = n*10 + digit[c]
			if n > 1<<40 {
				return 0, false
			}
		}
		return n, true
	}
	total, cur, seen := 0, 0, false
	for _, c := range s {
		switch c {
		case '十', '拾':
			total += max(cur, 1) * 10
			cur, seen = 0, false
		case '百':
			total += max(cur, 1) * 100
			cur, seen = 0, false
		default:
			if seen {
				return 0, false // two digits in a row among units: not a numeral
			}
			cur, seen = digit[c], true
		}
	}
	return total + cur, true
}

// kanjiOf writes n (> 0) in kanji numerals: 10 → 十, 25 → 二十五, 100000 →
// 十万.
func kanjiOf(n int64) string {
	digits := []string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}
	units := []string{"", "十", "百", "千"}
	groups := []string{"", "万", "億", "兆", "京"}
	var out string
	for g := 0; n > 0 && g < len(groups); g++ {
		part := n % 10000
		n /= 10000
		if part == 0 {
			continue
		}
		var sb strings.Builder
		for k := 3; k >= 0; k-- {
			d := part / pow10(k) % 10
			if d == 0 {
				continue
			}
			if d != 1 || k == 0 {
				sb.WriteString(digits[d])
			}
			sb.WriteString(units[k])
		}
		out = sb.String() + groups[g] + out
	}
	return out
}

func pow10(k int) int64 {
	p := int64(1)
	for range k {
		p *= 10
	}
	return p
}

// japaneseIME reports a character ja-unnatural-alphabet counts as typed
// through a Japanese input method: kanji, kana, full-width forms other
// than letters (a letter beside a letter is a word: ＨＴＭＬ) and 。、・−.
func japaneseIME(c rune) bool {
	return isKanji(c) || c >= 'ぁ' && c <= 'ん' || c >= 'ァ' && c <= 'ヶ' || c == 'ー' || c >= 0xFF00 && c <= 0xFFEF && !isZenkakuLetter(c) ||
		c == '。' || c == '、' || c == '・' || c == '−'
}

// latinLetter reports a half- or full-width Latin letter.
func latinLetter(c rune) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 'ａ' && c <= 'ｚ' || c >= 'Ａ' && c <= 'Ｚ'
}

// unnaturalAlphabet follows textlint ja-unnatural-alphabet: one Latin
// letter between two Japanese characters is an input-method slip
// (リイr−ス, 対応sる). As by default in textlint, the vowels a, i, u, e, o
// and n (left by romaji input) are allowed, as are X言語, x座標, x軸 and
// Eメール. Unlike textlint, a half-width letter before a counter is a
// number not yet known (x個, n回目: see counter), and capitals are left alone in a sentence that
// holds two different ones standing so (A, B and C naming steps), and,
// unless AlphabetNoCommonCase, a half-width capital that names what
// follows it (C関数, Cコンパイラ, Dキー, as in C言語) or that the document
// uses as a name (see nameLetters: 「Cで書かれた」). It is advice: only the writer knows
// what was meant.
func (r *run) unnaturalAlphabet(s sentence) {
	const rule = "ja-unnatural-alphabet"
	if !r.e.on(rule) {
		return
	}
	o := r.rev.cfg.Options
	allow := o.AlphabetAllow
	if allow == nil {
		allow = []string{"a", "i", "u", "e", "o", "n"}
	}
	names := capitalNames(s.text)
	var p2, p1 rune // the two runes before the current one
	p1At := 0
	for i, c := range s.text {
		if latinLetter(p1) && japaneseIME(p2) && japaneseIME(c) && !allowedLetter(s.text, p1At, allow) && !(names && isCapital(p1)) &&
			!(p1 >= 'A' && p1 <= 'Z' && !o.AlphabetNoCommonCase && (r.nameLetters()[p1] || nounAfter(c))) &&
			!(p1 < 128 && r.codeLetters()[p1]) { // a name from the document's code: 「宣言されたxに」 beside const x = 1
			rest := s.text[i:]
			common := strings.HasPrefix(rest, "言語") || strings.ContainsRune("xyzXYZ", p1) && (strings.HasPrefix(rest, "座標") || strings.HasPrefix(rest, "軸")) ||
				p1 == 'E' && strings.HasPrefix(rest, "メール") || p1 < 128 && counter(rest)
			if !common || o.AlphabetNoCommonCase {
				at := s.start + p1At
				r.e.advise(rule, finding.Low, 60, at, at+utf8.RuneLen(p1), "不自然なアルファベット「%c」があります。入力ミスではありませんか", p1)
			}
		}
		p2, p1, p1At = p1, c, i
	}
}

// counter reports whether rest starts with a counter word, after which a
// half-width letter is a number not yet known: 「x個のコンテナ」,
// 「n回目」, 「k件」, 「N倍」.
func counter(rest string) bool {
	for _, w := range []string{"個", "回", "件", "人", "台", "倍", "番目", "文字", "桁", "秒", "日", "次元", "通り", "バイト"} {
		if strings.HasPrefix(rest, w) {
			return true
		}
	}
	return false
}

// isCapital reports a half- or full-width Latin capital.
func isCapital(c rune) bool { return c >= 'A' && c <= 'Z' || c >= 'Ａ' && c <= 'Ｚ' }

// capitalNames reports whether text holds two different capitals that
// each stand alone between Japanese characters (or a 、): "最初にAを実行し、
// 次にB、その次にC". Such letters name steps or items; an input slip does
// not repeat itself as a series.
func capitalNames(text string) bool {
	var first rune
	var p2, p1 rune
	for _, c := range text {
		if isCapital(p1) && !latinLetter(p2) && !latinLetter(c) && (p2 == 0 || japaneseIME(p2)) && (japaneseIME(c)) {
			if first == 0 {
				first = p1
			} else if p1 != first {
				return true
			}
		}
		p2, p1 = p1, c
	}
	return false
}

// allowedLetter reports whether the letter at text[at] lies inside an
// occurrence of one of the allowed strings, as textlint's allow list is
// matched against the text; an entry written "/…/" is a regular
// expression (Go syntax), as in textlint.
func allowedLetter(text string, at int, allow []string) bool {
	for _, w := range allow {
		if w == "" {
			continue
		}
		if len(w) > 2 && strings.HasPrefix(w, "/") && strings.HasSuffix(w, "/") {
			if re, err := skipPattern(w); err == nil {
				for _, m := range re.FindAllStringIndex(text, -1) {
					if m[0] <= at && at < m[1] {
						return true
					}
				}
			}
			continue
		}
		for from := max(0, at-len(w)+1); from <= at && from < len(text); from++ {
			if strings.HasPrefix(text[from:], w) && at < from+len(w) {
				return true
			}
		}
	}
	return false
}

// maxComma follows textlint max-comma: a sentence with more than
// Limits.MaxComma ASCII commas (default 4; inline code not counted) is
// reported at its last comma.
func (r *run) maxComma(s sentence) {
	if n := strings.Count(s.text, ","); n > r.lim.MaxComma {
		at := s.start + strings.LastIndexByte(s.text, ',')
		if s.ja || r.doc.kana {
			r.e.adviseSized(n, "max-comma", finding.Low, 60, at, at+1, "一文にカンマ「,」が%d個あります（上限%d個）。文を分けてください", n, r.lim.MaxComma)
			return
		}
		r.e.adviseSized(n, "max-comma", finding.Low, 60, at, at+1, "sentence has %d commas (limit %d); split it", n, r.lim.MaxComma)
	}
}

// exclamations reports !, ！, ? and ？ (textlint
// no-exclamation-question-mark) in every sentence of any document,
// headings included, as textlint does, except those that Config.Options
// allows, the "?" of an English document unless it follows a "!"
// ("Wow!?" is an exclamation, not a question), and the "!" of a name (textlint's "Yahoo!", and a "!" between a
// Latin letter and a letter: "Jeopardy!の"). A ！ ending a body sentence becomes 。; elsewhere
// it is advice. Block quotes, someone else's words, are not reviewed.
func (r *run) exclamations(s sentence, covered []span) {
	o := r.rev.cfg.Options
	for i, c := range s.text {
		switch {
		case c == '?' && !s.ja && !r.doc.kana && !strings.HasSuffix(s.text[:i], "!"):
			continue // a question in an English document is English punctuation; "!?" is an exclamation
		case c == '!' && !o.AllowHalfWidthExclamation, c == '！' && !o.AllowFullWidthExclamation,
			c == '?' && !o.AllowHalfWidthQuestion, c == '？' && !o.AllowFullWidthQuestion:
		default:
			continue
		}
		n := utf8.RuneLen(c)
		if overlaps(covered, i, i+n) {
			continue
		}
		if next, _ := utf8.DecodeRuneInString(s.text[i+n:]); c == '!' && i > 0 && isASCIILetter(s.text[i-1]) && unicode.IsLetter(next) || strings.HasSuffix(s.text[:i], "Yahoo") {
			continue // a name in running text: "Yahoo!で"
		}
		a := s.start + i
		if s.ja && s.prose && (c == '！' || c == '!') && i+n == len(s.text) && !strings.HasSuffix(s.text[:i], "！") {
			r.e.fix("no-exclamation-question-mark", finding.Low, 70, a, a+n, "。", "感嘆符「%c」は技術文書では使いません", c)
			continue
		}
		r.e.advise("no-exclamation-question-mark", finding.Low, 55, a, a+n, r.say("avoid %q in technical writing; state it plainly", "「%c」は技術文書では避け、平叙文で書いてください"), c)
	}
}

// nounAfter reports whether c, the character after a capital, opens a
// noun the capital names: kanji or katakana, not a particle (「値Aを」).
func nounAfter(c rune) bool {
	return isKanji(c) || c >= 'ァ' && c <= 'ヶ'
}

// nameLetters reports the capitals the document's prose uses as names:
// one written alone, between non-letters, at least three times (the C of
// 「Cで書かれた」, 「RubyとC」), or once before "言語", "++" or "#" (C言語,
// C++, C#). A slip of the input method does not repeat itself so.
func (r *run) nameLetters() *[128]bool {
	if r.names != nil {
		return r.names
	}
	r.names = new([128]bool)
	var count [128]int
	for _, b := range r.doc.blocks {
		t := r.doc.masked[b.start:b.end]
		for k, c := range t {
			if c < 'A' || c > 'Z' || k > 0 && latinOrDigit(t[k-1]) || k+1 < len(t) && latinOrDigit(t[k+1]) {
				continue
			}
			rest := t[k+1:]
			if bytes.HasPrefix(rest, []byte("言語")) || bytes.HasPrefix(rest, []byte("++")) || bytes.HasPrefix(rest, []byte("#")) || bytes.HasPrefix(rest, []byte("＃")) {
				count[c] += 3
			}
			count[c]++
		}
	}
	for c, n := range count {
		r.names[c] = n >= 3
	}
	return r.names
}

// latinOrDigit reports an ASCII letter or digit.
func latinOrDigit(c byte) bool { return isASCIILetter(c) || c >= '0' && c <= '9' }
