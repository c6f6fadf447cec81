package offline

import (
	"cmp"
	"strings"

	"github.com/kaigi-dev/kaigi/finding"
)

// kanaVariantRule reports a word a Japanese document writes both in kana
// and in kanji (できる and 出来る, すべて and 全て, ください and 下さい): a
// document settles on one notation per word (the JTF style guide, and
// textlint's ja-no-orthographic-variants).
const kanaVariantRule = "ja-kana-variant"

// kanaVariant is one word's two notations: the base forms the tokenizer
// gives them, the part of speech both have, and the stems that their
// conjugated forms start with (出来ます: 出来; できます: でき).
type kanaVariant struct {
	kana, kanji         string // base forms
	pos                 string
	kanaStem, kanjiStem string
	kanaShow, kanjiShow string // the forms messages name, when not the base forms
}

// kanaVariants returns the words ja-kana-variant compares: words whose
// two notations mean the same wherever they stand (not 事/こと, 時/とき,
// 物/もの, whose kanji is also a noun of its own, nor 良い/よい, which
// guides split by use: 良い例, してもよい).
func kanaVariants() []kanaVariant {
	return []kanaVariant{
		{"できる", "出来る", "動詞", "でき", "出来", "", ""},
		{"くださる", "下さる", "動詞", "くださ", "下さ", "ください", "下さい"},
		{"わかる", "分かる", "動詞", "わか", "分か", "", ""},
		{"すべて", "全て", "名詞", "すべて", "全て", "", ""},
		{"および", "及び", "接続詞", "および", "及び", "", ""},
		{"または", "又は", "接続詞", "または", "又は", "", ""},
		{"ただし", "但し", "接続詞", "ただし", "但し", "", ""},
		{"たとえば", "例えば", "接続詞", "たとえば", "例えば", "", ""},
		{"あらかじめ", "予め", "副詞", "あらかじめ", "予め", "", ""},
		{"すでに", "既に", "副詞", "すでに", "既に", "", ""},
		{"さらに", "更に", "副詞", "さらに", "更に", "", ""},
		{"いろいろ", "色々", "副詞", "いろいろ", "色々", "", ""},
		{"ほとんど", "殆ど", "", "ほとんど", "殆ど", "", ""},
		{"さまざま", "様々", "名詞", "さまざま", "様々", "", ""},
	}
}

// kanaUse is one place a word of kanaVariants stands: the word's index,
// whether it is written in kanji, and its stem's span.
type kanaUse struct {
	word       int
	kanji      bool
	start, end int
}

// noteKanaVariants records the words of kanaVariants among the tokens ts
// of a body sentence s.
func (nr *narrative) noteKanaVariants(s sentence, ts []token) {
	if !nr.e.on(kanaVariantRule) || !s.prose && nr.doc.blocks[s.blk].kind != listItem {
		return
	}
	if nr.kanaWords == nil {
		nr.kanaWords = kanaVariants()
		nr.kanaBase = map[string]int{}
		for i, v := range nr.kanaWords {
			nr.kanaBase[v.kana], nr.kanaBase[v.kanji] = i, i
		}
	}
	for _, t := range ts {
		i, ok := nr.kanaBase[t.base]
		if !ok {
			continue
		}
		v := nr.kanaWords[i]
		if v.pos != "" && t.pos != v.pos {
			continue
		}
		kanji, stem := t.base == v.kanji, v.kanaStem
		if kanji {
			stem = v.kanjiStem
		}
		if !strings.HasPrefix(t.surface, stem) {
			continue
		}
		at := s.start + t.off
		nr.kanaUses = append(nr.kanaUses, kanaUse{i, kanji, at, at + len(stem)})
	}
}

// kanaVariantFindings reports, for each word the document writes both
// ways, the notation it uses less often at each place, with the other as
// the fix when that one is used at least twice and more often (otherwise
// advice).
func (nr *narrative) kanaVariantFindings() {
	vs := nr.kanaWords
	byWord := map[int][2][]span{} // word -> places in kana, places in kanji
	var order []int
	for _, u := range nr.kanaUses {
		p, seen := byWord[u.word]
		if !seen {
			order = append(order, u.word)
		}
		k := 0
		if u.kanji {
			k = 1
		}
		p[k] = append(p[k], span{u.start, u.end})
		byWord[u.word] = p
	}
	for _, w := range order {
		p := byWord[w]
		if len(p[0]) == 0 || len(p[1]) == 0 {
			continue
		}
		v := vs[w]
		minor, major, settled := minority(spelling{v.kanaStem, p[0]}, spelling{v.kanjiStem, p[1]})
		kana, kanji := cmp.Or(v.kanaShow, v.kana), cmp.Or(v.kanjiShow, v.kanji)
		minorWord, majorWord := kana, kanji
		if minor.text == v.kanjiStem {
			minorWord, majorWord = kanji, kana
		}
		for _, at := range minor.at {
			if settled {
				nr.e.fix(kanaVariantRule, finding.Low, 80, at.start, at.end, major.text, "「%s」はこの文書のほかの箇所では「%s」と書かれています（%d箇所）。表記をそろえてください", minorWord, majorWord, len(major.at))
			} else {
				nr.e.advise(kanaVariantRule, finding.Low, 70, at.start, at.end, "「%s」と「%s」の二つの表記があります。どちらかにそろえてください", minorWord, majorWord)
			}
		}
	}
}
