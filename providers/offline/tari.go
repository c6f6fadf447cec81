package offline

import "github.com/kaigi-dev/kaigi/finding"

// unpairedTariRule reports a 〜たり with no second 〜たり where another
// clause follows it: 「タブを開いたり複数のデバイスを用いている場合」 lists
// two actions and wants 「用いたりしている」 (〜たり〜たりする: the
// Japanese style guides and the Agency for Cultural Affairs' usage notes).
const unpairedTariRule = "ja-unpaired-tari"

// unpairedTari reports, in a body sentence whose tokens are ts, the one
// 並立助詞 たり or だり it holds when a verb follows it in the sentence
// and する does not follow it at once: 「上書きしたりヘッダーを追加する」
// is reported, and so is 「明確にしたりうえで役立つ」; 「変数を検査したり
// することもできます」 and 「なったりはしません」 give an example with one
// たり, as the language allows, and are left alone. It is advice: where the second たり goes is
// the writer's choice.
func (nr *narrative) unpairedTari(s sentence, ts []token) {
	if !nr.e.on(unpairedTariRule) || !s.prose {
		return
	}
	at := -1
	for i, t := range ts {
		if t.pos == "助詞" && t.pos1 == "並立助詞" && (t.surface == "たり" || t.surface == "だり") {
			if at >= 0 {
				return // paired
			}
			at = i
		}
	}
	next := at + 1
	for next < len(ts) && ts[next].pos == "助詞" && (ts[next].surface == "は" || ts[next].surface == "も") {
		next++ // 「なったりはしません」
	}
	if at < 0 || next < len(ts) && (ts[next].base == "する" || ts[next].base == "得る" || ts[next].base == "うる") {
		return // one たり that gives an example, or the たり of 「有害たりうる」
	}
	for _, t := range ts[at+1:] {
		if t.pos == "動詞" && t.pos1 == "自立" {
			start := s.start + ts[at].off
			nr.e.advise(unpairedTariRule, finding.Low, 70, start, start+len(ts[at].surface), "「〜%s」が一度だけ使われています。「〜たり〜たりする」と対にしてください", ts[at].surface)
			return
		}
	}
}
