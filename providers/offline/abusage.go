package offline

import "github.com/kaigi-dev/kaigi/finding"

const abusageRule = "ja-no-abusage"

// abusage reports the misuses of textlint ja-no-abusage that need tokens
// (the fixed phrases are in data/phrases-ja.tsv): 〜を適応する for
// 〜を適用する (fixed), 可変する (advice: 可変 is not a verb), and 〜ずらい
// after a verb for 〜づらい (fixed: 読みずらい → 読みづらい).
func (r *run) abusage(s sentence, ts []token) {
	for i, t := range ts {
		switch {
		case t.surface == "を" && t.pos1 == "格助詞" && i+1 < len(ts) && ts[i+1].surface == "適応" && ts[i+1].pos1 == "サ変接続":
			a, b := tokenSpan(ts, i, i+2)
			r.e.fix(abusageRule, finding.Low, 75, s.start+a, s.start+b, "を適用", "「適用」の誤用ではありませんか（を適応 → を適用）")
		case t.surface == "可変" && i+1 < len(ts) && ts[i+1].pos == "動詞" && ts[i+1].pos1 == "自立":
			a, b := tokenSpan(ts, i, i+2)
			r.e.advise(abusageRule, finding.Low, 70, s.start+a, s.start+b, "「%s」という使い方は適切ではありません。「可変にする」「変えられる」などと書いてください", s.text[a:b])
		case t.pos == "動詞" && t.pos1 == "自立" && t.cform == "連用形" && i+2 < len(ts) &&
			(ts[i+1].surface == "ず" && ts[i+2].surface == "らい" || ts[i+1].surface == "ずら" && ts[i+2].surface == "い"):
			a, b := tokenSpan(ts, i, i+3)
			fix := t.surface + "づらい"
			r.e.fix(abusageRule, finding.Low, 85, s.start+a, s.start+b, fix, "「%s」は「%s」と書きます（〜辛い）", s.text[a:b], fix)
		}
	}
}
