package offline

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kaigi-dev/kaigi/finding"
)

const redundantRule = "ja-no-redundant-expression"

// dekiruRule is the part of ja-no-redundant-expression that is on by
// default: 「(名詞)することができる」 and 「することが可能です」 after が, fixed
// to 「できる」 and 「できます」 (設定することができます → 設定できます). The
// rest of that rule (を行う, であると言える, することもできる) is taste or
// needs a rewrite the tokens cannot show.
const dekiruRule = "ja-dekiru"

// jaTokenNeedles are the strings one of the token rules of the
// anti-ai-slop reviewer (ja-no-redundant-expression's six dictionaries,
// ja-no-weak-phrase's five, ja-no-abusage's four) needs: a sentence with none of them is not
// tokenized.
func jaTokenNeedles() []string {
	return []string{"こと", "事", "であ", "で有", "を行", "を、行", "を,行", "を，行", "を実行", "を、実行", "を,実行", "を，実行", "かも", "思う", "思います", "示唆", "適応", "可変", "ずら"}
}

// jaTokenRules runs the anti-ai-slop rules that read tokens on a Japanese
// sentence, tokenizing it only when it holds a string one of them needs.
func (r *run) jaTokenRules(s sentence, covered []span) error {
	if !r.e.on(redundantRule) && !r.e.on(dekiruRule) && !r.e.on(weakRule) && !r.e.on(abusageRule) {
		return nil
	}
	found := false
	for _, n := range jaTokenNeedles() {
		if strings.Contains(s.text, n) {
			found = true
			break
		}
	}
	if !found {
		return nil
	}
	tok, err := r.rev.shared.ja.tokenizer()
	if err != nil {
		return err
	}
	r.toks = tokens(tok, s.text, r.toks)
	ts := r.toks
	if (r.e.on(redundantRule) || r.e.on(dekiruRule)) && (r.doc.blocks[s.blk].kind != quote || r.rev.cfg.Options.RedundantReadQuotes) {
		r.redundant(s, ts, covered) // block quotes are someone else's words, as textlint's allowNodeTypes say
	}
	if r.e.on(weakRule) {
		r.weakPhrases(s, ts)
	}
	if r.e.on(abusageRule) {
		r.abusage(s, ts)
	}
	return nil
}

// redundant reports the redundant expressions of textlint
// ja-no-redundant-expression's six dictionaries, matched over tokens so
// that every conjugation counts:
//
//	する + こと + particle + (不)可能 + auxiliary   することが可能です → できます (after が)
//	する + こと + particle + できる + any          することができた → できた (after が; advice after は/も/を)
//	である + と + 言えます                           であると言えます → です
//	である + と + 考えています                       advice
//	サ変 noun + を + 行う (any form)                設定を行った → 設定した (kanji nouns not modified; advice otherwise)
//	サ変 noun + を + 実行                            advice
//
// As in textlint, 処理を行う and 処理を実行, and a noun in katakana or
// Latin letters before を行う or を実行 are allowed, and block quotes are
// not read; a 、 may stand inside the pattern (the fix is then advice,
// but for the 、 after することが, which the fix removes with it). A fix is given only where the
// tokens show the construction it assumes: a noun no word modifies
// before を行う (see modified), する after が and not after を.
func (r *run) redundant(s sentence, ts []token, covered []span) {
	suru := func(t token) bool { return t.surface == "する" && t.base == "する" && t.cform == "基本形" }
	dearuDe := func(t token) bool {
		return t.surface == "で" && t.pos == "助動詞" && t.ctype == "特殊・ダ" && t.cform == "連用形"
	}
	sahenNoun := posIs("名詞", "サ変接続")
	wo := func(t token) bool { return t.surface == "を" && t.pos1 == "格助詞" }
	full := r.e.on(redundantRule)
	for i := range ts {
		switch {
		case suru(ts[i]):
			r.dekiru(s, ts, i, covered)
		case !full:
			// ja-dekiru alone is on (the defaults): the other dictionaries'
			// findings would all be dropped, so they are not matched
		case dearuDe(ts[i]):
			r.dearuTo(s, ts, i)
		case sahenNoun(ts[i]) && i+1 < len(ts) && wo(ts[i+1]):
			r.woOkonau(s, ts, i)
		}
	}
}

// dictOn reports whether dictionary d ("dict1" ... "dict6") is on.
func (r *run) dictOn(d string) bool { return !slices.Contains(r.rev.cfg.Options.RedundantDisable, d) }

// dekiru matches dictionaries 1 and 2 at ts[i] (する) and reports
// whether it found one.
func (r *run) dekiru(s sentence, ts []token, i int, covered []span) bool {
	head := []tokTest{is(surfaceIn("", "する")), is(readingIn("名詞", "コト")), is(posIs("助詞", "")), maybe(isComma)}
	j, at, ok := matchTokens(ts, i, head)
	if !ok || j >= len(ts) {
		return false
	}
	a := s.start + ts[i].off
	// 「テストをすることができる」 does not become 「テストをできる」; a 読点 after が
	// goes with it (することが、できます → できます), as textlint fixes it
	ga := ts[at[2]].surface == "が" && (i == 0 || ts[i-1].surface != "を")
	t := ts[j]
	fixRule := redundantRule // a fix is ja-dekiru's when only that rule is on
	if !r.e.on(redundantRule) {
		fixRule = dekiruRule
	}
	switch {
	case oneOf(t.base, []string{"可", "可能", "不可能", "不能", "不可"}) && j+1 < len(ts) && ts[j+1].pos == "助動詞" && r.dictOn("dict1"):
		end := s.start + ts[j+1].off + len(ts[j+1].surface)
		word := surfaces(ts, i, j+2)
		if overlaps(covered, a-s.start, end-s.start) {
			return false
		}
		switch {
		case ga && t.base == "可能" && ts[j+1].surface == "です":
			r.e.fix(fixRule, finding.Low, 80, a, end, "できます", "「%s」は冗長な表現です。「できます」と簡潔に書いてください", word)
		case ga && t.base == "可能" && ts[j+1].surface == "で" && j+2 < len(ts) && ts[j+2].surface == "ある":
			end = s.start + ts[j+2].off + len("ある")
			r.e.fix(fixRule, finding.Low, 80, a, end, "できる", "「%sある」は冗長な表現です。「できる」と簡潔に書いてください", word)
		default:
			r.e.advise(redundantRule, finding.Low, 75, a, end, "「%s」は冗長な表現です。「する%s」を省き簡潔に書いてください", word, surfaces(ts, i+1, j))
		}
		return true
	case t.pos == "動詞" && t.pos1 == "自立" && t.base == "できる" && j+1 < len(ts) && r.dictOn("dict2"):
		end := s.start + t.off + len(t.surface)
		word := surfaces(ts, i, j+1)
		if ga {
			r.e.fix(fixRule, finding.Low, 85, a, end, t.surface, "「%s」は冗長な表現です。「%s」と簡潔に書いてください", word+ts[j+1].surface, t.surface+ts[j+1].surface)
		} else {
			r.e.advise(redundantRule, finding.Low, 75, a, end, "「%s」は冗長な表現です。「する%s」を省き簡潔に書いてください", word+ts[j+1].surface, surfaces(ts, i+1, j))
		}
		return true
	}
	return false
}

// dearuTo matches dictionaries 3 and 4 at ts[i] (the で of である).
func (r *run) dearuTo(s sentence, ts []token, i int) bool {
	head := []tokTest{is(func(token) bool { return true }), is(readingIn("", "アル")), maybe(isComma), is(surfaceIn("助詞", "と")), maybe(isComma)}
	j, at, ok := matchTokens(ts, i, head)
	if !ok || j >= len(ts) {
		return false
	}
	a := s.start + ts[i].off
	if end, _, ok := matchTokens(ts, j, []tokTest{is(func(t token) bool {
		return t.pos == "動詞" && t.ctype == "一段" && t.cform == "連用形" && t.reading == "イエ"
	}), is(func(t token) bool { return t.base == "ます" && t.cform == "基本形" })}); ok && r.dictOn("dict3") {
		b := s.start + ts[end-1].off + len(ts[end-1].surface)
		word := surfaces(ts, i, end)
		if at[2] < 0 && at[4] < 0 && afterNoun(r.doc.raw[:a]) {
			r.e.fix(redundantRule, finding.Low, 80, a, b, "です", "「%s」は冗長な表現です。「です」と言い切ってください", word)
		} else {
			r.e.advise(redundantRule, finding.Low, 75, a, b, "「%s」は冗長な表現です。「である」か「と言えます」を省いてください", word)
		}
		return true
	}
	pat := []tokTest{is(baseIn("動詞", "考える")), is(surfaceIn("助詞", "て")), maybe(isComma), is(func(t token) bool { return t.pos == "動詞" && t.pos1 == "非自立" && t.base == "いる" }), maybe(baseIn("助動詞", "ます"))}
	if end, _, ok := matchTokens(ts, j, pat); ok && r.dictOn("dict4") {
		b := s.start + ts[end-1].off + len(ts[end-1].surface)
		r.e.advise(redundantRule, finding.Low, 60, a, b, "「%s」は冗長な表現です。事実なら「である」と言い切り、意見なら「である」を省いてください", surfaces(ts, i, end))
		return true
	}
	return false
}

// woOkonau matches dictionaries 5 and 6 at ts[i] (a サ変接続 noun before を).
func (r *run) woOkonau(s sentence, ts []token, i int) bool {
	j, at, ok := matchTokens(ts, i+2, []tokTest{maybe(isComma), is(func(t token) bool {
		return t.pos == "動詞" && t.pos1 == "自立" && t.base == "行う" && t.ctype == "五段・ワ行促音便" || t.surface == "実行" && t.pos1 == "サ変接続"
	})})
	if !ok {
		return false
	}
	noun := ts[i].surface
	v := ts[j-1]
	if allow := r.rev.cfg.Options.RedundantAllow; allow == nil && (noun == "処理" || allKatakanaOrLatin(noun)) || slices.Contains(allow, noun) {
		return false // textlint's allow list
	}
	if !r.dictOn(map[bool]string{false: "dict5", true: "dict6"}[v.surface == "実行"]) {
		return false
	}
	if strings.IndexFunc(noun, unicode.IsLetter) < 0 {
		return false // a bracket or symbol the dictionary tags サ変接続: "(VM)を実行" has no action noun
	}
	a, b := s.start+ts[i+1].off, s.start+v.off+len(v.surface)
	word := surfaces(ts, i, j)
	if v.surface == "実行" {
		r.e.advise(redundantRule, finding.Low, 65, s.start+ts[i].off, b, "「%s」は冗長な表現です。「%sする」など簡潔に書いてください", word, noun)
		return true
	}
	next := ""
	if j < len(ts) {
		next = ts[j].surface
	}
	fix := suruForm(v.surface, next)
	if fix == "" || at[0] >= 0 || !allKanji(noun) || modified(ts, i) {
		r.e.advise(redundantRule, finding.Low, 70, s.start+ts[i].off, b, "「%s」は冗長な表現です。「%sする」など簡潔に書いてください", word, noun)
		return true
	}
	r.e.fix(redundantRule, finding.Low, 80, a, b, fix, "「%s」は冗長な表現です。「%s%s」と簡潔に書いてください", word, noun, fix)
	return true
}

// modified reports whether the noun phrase ending in ts[i] (the noun and
// the nouns compounded before it) is modified by what comes before it: a
// の (HTMLの表示), an adnominal (この, 新しい, 細かな, 作成した), a prefix, or
// masked markup. Such a noun is the object of its verb, and turning
// 表示を行う into 表示する breaks the sentence (「HTMLの表示しています」);
// after the sentence's start, a particle other than の, an adverb, a
// conjunction or a symbol (、) it is not.
func modified(ts []token, i int) bool {
	k := i
	for k > 0 && ts[k-1].pos == "名詞" && ts[k-1].pos1 != "非自立" && ts[k-1].pos1 != "代名詞" && strings.IndexByte(ts[k-1].surface, mask) < 0 {
		k--
	}
	if k == 0 {
		return false
	}
	switch t := ts[k-1]; {
	case strings.IndexByte(t.surface, mask) >= 0:
		return true
	case t.pos == "助詞":
		return t.pos1 == "連体化"
	case t.pos == "記号", t.pos == "副詞", t.pos == "接続詞":
		return false
	}
	return true
}

// suruForm returns the form of する that replaces a form of 行う before
// next ("行い" → "し", "行わ" + "ない" → "し", "行わ" + "ず" → "せ", "行わ" +
// "れる" → "さ"), or
// "" when it cannot be told.
func suruForm(v, next string) string {
	switch v {
	case "行う":
		return "する"
	case "行い", "行っ":
		return "し"
	case "行お":
		return "しよ"
	case "行わ":
		switch {
		case strings.HasPrefix(next, "な"):
			return "し"
		case next == "ず", next == "ぬ":
			return "せ" // 設定を行わずに → 設定せずに
		case strings.HasPrefix(next, "れ"), strings.HasPrefix(next, "せ"):
			return "さ"
		}
	case "行え":
		if next == "ば" {
			return "すれ"
		}
	}
	return ""
}

func allKatakanaOrLatin(s string) bool {
	for _, c := range s {
		if !isKatakana(c) && !(c < utf8.RuneSelf && isASCIILetter(byte(c))) {
			return false
		}
	}
	return s != ""
}

func allKanji(s string) bool {
	for _, c := range s {
		if !isKanji(c) {
			return false
		}
	}
	return s != ""
}
