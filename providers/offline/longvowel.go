package offline

import (
	"strings"
	"unicode/utf8"

	"github.com/kaigi-dev/kaigi/finding"
)

// longVowelRule reports a katakana word a document spells both with and
// without a long-vowel mark (サーバ and サーバー, インタフェース and
// インターフェース): technical Japanese picks one spelling per word (JIS
// Z 8301, the JTF style guide), and its authors correct the other one
// (the commonest small correction of the corpus's tuning part).
const longVowelRule = "ja-long-vowel-variant"

// katakanaLetter reports a katakana letter or the long-vowel mark ー
// (the middle dot ・ splits words).
func katakanaLetter(c rune) bool { return c >= 0x30A1 && c <= 0x30FA || c == 0x30FC }

// longVowelVariants reports, for each katakana word the document's prose
// spells two ways that differ only in ー, the spelling it uses less often,
// at every place it stands, with the other spelling as the fix when that
// one is used at least twice and more often (otherwise advice: neither is
// the document's choice). A word is a maximal run of katakana; the
// shorter spelling must have at least three letters, ー included, so that
// サーバ pairs with サーバー but ルル never with ルール.
func (r *run) longVowelVariants() error {
	if !r.e.on(longVowelRule) {
		return nil
	}
	spell := map[string]map[string][]span{} // key (no ー) -> spelling -> places
	var order []string
	for _, b := range r.doc.blocks {
		if b.kind == tableRow {
			continue
		}
		text := string(r.doc.masked[b.start:b.end])
		for i := 0; i < len(text); {
			c, n := utf8.DecodeRuneInString(text[i:])
			if !katakanaLetter(c) || c == 0x30FC {
				i += n
				continue
			}
			j := runEnd(text, i, katakanaLetter)
			w := text[i:j]
			key := strings.ReplaceAll(w, "ー", "")
			if utf8.RuneCountInString(key) >= 2 {
				if spell[key] == nil {
					spell[key] = map[string][]span{}
					order = append(order, key)
				}
				spell[key][w] = append(spell[key][w], span{b.start + i, b.start + j})
			}
			i = j
		}
	}
	for _, key := range order {
		forms := spell[key]
		if len(forms) != 2 {
			continue // one spelling, or three and more: no one pair to settle
		}
		var pair []spelling
		for w, at := range forms {
			pair = append(pair, spelling{w, at})
		}
		if min(utf8.RuneCountInString(pair[0].text), utf8.RuneCountInString(pair[1].text)) < 3 {
			continue // ルール and ルル, メール and メル: two words
		}
		minor, major, settled := minority(pair[0], pair[1])
		if settled && strings.TrimSuffix(minor.text, "ー") != strings.TrimSuffix(major.text, "ー") {
			// a mark inside the word: a spelling choice only where the
			// dictionary knows the words of the spelling fixed to
			// (サーバーサイド); else the document's commoner spelling may be
			// the slip (アプリーケーション written twice, アプリケーション once)
			majorKnown, err := r.knownKatakana(major.text)
			if err != nil {
				return err
			}
			if !majorKnown {
				minorKnown, err := r.knownKatakana(minor.text)
				if err != nil {
					return err
				}
				if minorKnown {
					for _, p := range major.at {
						r.e.advise(longVowelRule, finding.Low, 70, p.start, p.end, "「%s」は辞書にない表記です。この文書のほかの箇所では「%s」と書かれています。表記をそろえてください", major.text, minor.text)
					}
					continue
				}
				settled = false
			}
		}
		for _, p := range minor.at {
			if settled {
				r.e.fix(longVowelRule, finding.Low, 80, p.start, p.end, major.text, "「%s」はこの文書のほかの箇所では「%s」と書かれています（%d箇所）。表記をそろえてください", minor.text, major.text, len(major.at))
			} else {
				r.e.advise(longVowelRule, finding.Low, 70, p.start, p.end, "「%s」と「%s」の二つの表記があります。どちらかにそろえてください", minor.text, major.text)
			}
		}
	}
	return nil
}

// knownKatakana reports whether the tokenizer reads katakana run w as
// words its dictionary knows (each with a reading): サーバーサイド is
// サーバー and サイド, アプリーケーション is one unknown word.
func (r *run) knownKatakana(w string) (bool, error) {
	tok, err := r.rev.shared.ja.tokenizer()
	if err != nil {
		return false, err
	}
	for _, t := range tokens(tok, w, nil) {
		if t.reading == "" {
			return false, nil
		}
	}
	return true, nil
}
