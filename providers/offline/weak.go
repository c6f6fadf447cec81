package offline

import "github.com/kaigi-dev/kaigi/finding"

const weakRule = "ja-no-weak-phrase"

// weakPhrases reports the weak phrases of textlint ja-no-weak-phrase's
// dictionary, over tokens: かも before 。 or しれ (かもしれない,
// かもしれません, with or without a final 。), 思う in its base form,
// 思います, and 可能性を示唆している (or しています). Like textlint it gives no fix: only
// the writer knows whether to assert or to state the condition.
func (r *run) weakPhrases(s sentence, ts []token) {
	kamo := func(t token) bool { return t.surface == "かも" && t.pos1 == "副助詞" }
	for i, t := range ts {
		var end int
		msg := "弱い表現「%s」です。根拠を示して言い切るか、条件を書いてください"
		switch {
		case kamo(t) && i+1 < len(ts) && ts[i+1].surface == "。":
			end = i + 1
		case kamo(t) && i+1 < len(ts) && ts[i+1].surface == "しれ" && ts[i+1].base == "しれる":
			end = i + 2
			for end < len(ts) && (ts[end].pos == "助動詞") { // ない, ませ + ん
				end++
			}
		case t.surface == "思う" && t.base == "思う" && t.cform == "基本形":
			end, msg = i+1, "弱い表現「%s」です。事実なら言い切ってください"
		case t.surface == "思い" && t.base == "思う" && t.cform == "連用形" && i+1 < len(ts) && ts[i+1].surface == "ます" && ts[i+1].cform == "基本形":
			end, msg = i+2, "弱い表現「%s」です。事実なら言い切ってください"
		case t.surface == "可能" && i+6 < len(ts) && surfaces(ts, i, i+6) == "可能性を示唆して" && ts[i+6].base == "いる":
			end, msg = i+7, "弱い表現「%s」です。「可能性がある」か「〜を示唆している」のどちらかにしてください"
		default:
			continue
		}
		a, b := tokenSpan(ts, i, end)
		r.e.advise(weakRule, finding.Low, 60, s.start+a, s.start+b, msg, s.text[a:b])
	}
}
