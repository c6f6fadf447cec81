package offline

import (
	"github.com/kaigi-dev/kaigi/finding"
)

// katakanaSlipRule reports a katakana word a document writes once or
// twice one letter off a word it writes often (メンテンス beside
// メンテナンス).
const katakanaSlipRule = "ja-katakana-slip"

// katakanaSlipMin is the fewest letters a slip has: shorter words are
// too often other words one letter apart.
const katakanaSlipMin = 5

// katakanaSlipMax is the most letters a word of katakanaSlips has: a
// longer run of katakana is no word (and would cost its length squared).
const katakanaSlipMax = 32

// katakanaSlips reports each katakana word of the document's prose (a
// maximal run of katakana) of katakanaSlipMin or more letters that it
// writes at most twice and that differs by one letter other than ー
// (dropped, added, or swapped with its neighbour; ー is
// ja-long-vowel-variant's) inside the word, not at its first or last
// letter, from exactly one word it writes at least three times and three
// times as often: 「メンテンス」 beside メンテナンス, 「アプグレード」 beside
// アップグレード. A letter more or less at an end makes another word
// (ディスパッチ and ディスパッチャ, シリアライズ and デシリアライズ,
// プレビュー and プレビューア). A term the document means
// stands often; a slip of the keyboard stands alone. It is advice: two
// words can lie one letter apart. It reads each word once, and looks
// the others up, so it runs in time linear in the document.
func (r *run) katakanaSlips() {
	if !r.e.on(katakanaSlipRule) {
		return
	}
	count := map[string]int{}
	places := map[string][]span{}
	var order []string
	for _, b := range r.doc.blocks {
		if b.kind == tableRow {
			continue
		}
		text := string(r.doc.masked[b.start:b.end])
		for a, e := range katakanaRuns(text) {
			w := text[a:e]
			if count[w] == 0 {
				order = append(order, w)
			}
			count[w]++
			places[w] = append(places[w], span{b.start + a, b.start + e})
		}
	}
	common := map[string]bool{}      // the words written often
	shortened := map[string]string{} // a common word less one letter (not ー) -> the word; "" when two words give it
	for _, w := range order {
		rs := []rune(w)
		if count[w] < 3 || len(rs) < katakanaSlipMin || len(rs) > katakanaSlipMax {
			continue
		}
		common[w] = true
		for i := 1; i+1 < len(rs); i++ {
			if rs[i] == 'ー' {
				continue
			}
			d := string(rs[:i]) + string(rs[i+1:])
			if prev, ok := shortened[d]; ok && prev != w {
				shortened[d] = ""
				continue
			}
			shortened[d] = w
		}
	}
	for _, w := range order {
		rs := []rune(w)
		if count[w] > 2 || len(rs) < katakanaSlipMin || len(rs) > katakanaSlipMax || common[w] {
			continue
		}
		var found []string
		add := func(c string) {
			if c != "" && c != w && 3*count[w] <= count[c] && (len(found) == 0 || found[0] != c) {
				found = append(found, c)
			}
		}
		add(shortened[w])                // a dropped letter
		for i := 1; i+1 < len(rs); i++ { // a letter too many
			if rs[i] != 'ー' {
				if c := string(rs[:i]) + string(rs[i+1:]); common[c] {
					add(c)
				}
			}
		}
		for i := 1; i+2 < len(rs); i++ { // two neighbours swapped
			if rs[i] != rs[i+1] && rs[i] != 'ー' && rs[i+1] != 'ー' {
				sw := append([]rune(nil), rs...)
				sw[i], sw[i+1] = sw[i+1], sw[i]
				if c := string(sw); common[c] {
					add(c)
				}
			}
		}
		if len(found) != 1 {
			continue
		}
		for _, p := range places[w] {
			r.e.advise(katakanaSlipRule, finding.Low, 70, p.start, p.end, "「%s」はこの文書のほかの箇所の「%s」（%d箇所）の誤記ではありませんか", w, found[0], count[found[0]])
		}
	}
}

// katakanaRuns yields the byte spans of the runs of katakana letters
// (and ー) in text; the middle dot ・ splits them.
func katakanaRuns(text string) func(yield func(a, b int) bool) {
	return func(yield func(a, b int) bool) {
		start := -1
		for i, c := range text {
			switch {
			case katakanaLetter(c) && start < 0:
				start = i
			case !katakanaLetter(c) && start >= 0:
				if !yield(start, i) {
					return
				}
				start = -1
			}
		}
		if start >= 0 {
			yield(start, len(text))
		}
	}
}
