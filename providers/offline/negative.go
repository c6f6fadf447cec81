package offline

import (
	"strings"

	"github.com/kaigi-dev/kaigi/finding"
)

// negPattern is one double negative of textlint no-double-negative-ja.
type negPattern struct {
	name string
	pat  []tokTest
}

// isNai tests a negation: the auxiliary or adjective ない (無い), in any
// conjugation (なく, なかっ, なけれ).
func isNai(t token) bool { return t.base == "ない" || t.base == "無い" }

// doubleNegatives returns the patterns of textlint no-double-negative-ja,
// over tokens, so that conjugations and spellings match: ないことはない,
// 無い事もない, ないわけではなかった, 〜とは限らない. The closing
// negation may also be polite (〜ありません, 〜限りません): see
// closingNegation.
func doubleNegatives() []negPattern {
	wa, mo := surfaceIn("助詞", "は"), surfaceIn("助詞", "も")
	waMo := surfaceIn("助詞", "は", "も")
	to := surfaceIn("助詞", "と")
	de := func(t token) bool { return t.surface == "で" && (t.pos == "助詞" || t.base == "だ") }
	naku := func(t token) bool { return isNai(t) && (t.surface == "なく" || t.surface == "無く") }
	return []negPattern{
		{"〜なくはない", []tokTest{is(naku), is(waMo)}},
		{"〜ないでもない", []tokTest{is(isNai), is(de), is(waMo)}},
		{"〜ないことはない", []tokTest{is(isNai), is(readingIn("名詞", "コト")), is(waMo)}},
		{"〜ないものではない", []tokTest{is(isNai), is(readingIn("名詞", "モノ")), is(de), is(wa)}},
		{"〜ないものでもない", []tokTest{is(isNai), is(readingIn("名詞", "モノ")), is(de), is(mo)}},
		{"〜ないわけではない", []tokTest{is(isNai), is(readingIn("名詞", "ワケ")), is(de), is(waMo)}},
		{"〜ないとはいいきれない", []tokTest{is(isNai), is(to), maybe(wa), is(readingIn("", "イイ")), is(readingIn("動詞", "キレ"))}},
		{"〜ないとは言えない", []tokTest{is(isNai), is(to), is(wa), is(readingIn("動詞", "イエ"))}},
		{"〜ないとは限らない", []tokTest{is(isNai), is(to), is(wa), is(readingIn("動詞", "カギラ", "カギリ"))}},
		{"〜ないとも限らない", []tokTest{is(isNai), is(to), is(mo), is(readingIn("動詞", "カギラ", "カギリ"))}},
	}
}

// closingNegation returns the index after the negation that closes a
// double negative at ts[i]: ない in any form, an あり/限り + ません, or
// -1.
func closingNegation(ts []token, i int) int {
	if i >= len(ts) {
		return -1
	}
	if isNai(ts[i]) {
		return i + 1
	}
	if ts[i].base == "ある" && i+2 < len(ts) && ts[i+1].base == "ます" && ts[i+2].surface == "ん" {
		return i + 3
	}
	if ts[i].base == "ます" && i+1 < len(ts) && ts[i+1].surface == "ん" { // 限りません: the verb is in the pattern
		return i + 2
	}
	return -1
}

// doubleNegative reports the double negatives of a Japanese sentence
// (textlint no-double-negative-ja). Like textlint it gives no fix: the
// positive form needs rewording.
func (nr *narrative) doubleNegative(s sentence, ts []token) {
	if !strings.ContainsAny(s.text, "な無") {
		return // every pattern holds ない or 無い
	}
	pats := nr.negPats
	for i := 0; i < len(ts); i++ {
		if !isNai(ts[i]) { // every pattern opens with ない or なく
			continue
		}
		for _, p := range pats {
			j, ok := matchEnd(ts, i, p.pat, nil)
			if !ok {
				continue
			}
			k := closingNegation(ts, j)
			if k < 0 {
				continue
			}
			a, b := tokenSpan(ts, i, k)
			nr.e.advise("no-double-negative-ja", finding.Low, 70, s.start+a, s.start+b, "二重否定（%s）は読み手を迷わせます。肯定形で書いてください", p.name)
			i = k - 1
			break
		}
	}
}
