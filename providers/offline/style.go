package offline

import (
	"strings"

	"github.com/kaigi-dev/kaigi/finding"
)

// styleGroup is one of the parts no-mix-dearu-desumasu counts on its own.
type styleGroup int

const (
	bodyStyle styleGroup = iota
	headerStyle
	listStyle
)

func (g styleGroup) label() string {
	return [...]string{"本文", "見出し", "箇条書き"}[g]
}

// styleHit is one です/ます or である found in a group.
type styleHit struct {
	dearu      bool
	start, end int    // the word's span in the document
	word       string // the auxiliary and what ends it ("ですね", "である")
	fix        string // the です form of a である ending, or "" for advice
}

// styles counts the ですます and である of each group.
type styles [3][]styleHit

// styleTokens records the です, ます and である of a sentence in group g
// the way textlint's analyze-desumasu-dearu finds them: です and ます in
// their base form (not でした, ません), and である (で + ある in any form:
// であった, であり). Unless strict, only those that end the sentence
// count: what follows them up to the next 、 or 。, noun or auxiliary is
// not 、 ("ですが、" and "である場合" do not count; "ですね。" does), and
// である before か ("であるかどうか": whether it is) is no style. The
// text of a link does not count, as textlint skips links.
func (nr *narrative) styleTokens(s sentence, ts []token, g styleGroup) {
	strict := nr.rev.cfg.Options.StrictStyle
	for i, t := range ts {
		var dearu bool
		switch {
		case t.ctype == "特殊・ダ" && t.pos == "助動詞" && t.cform == "連用形" && i+1 < len(ts) && ts[i+1].ctype == "五段・ラ行アル":
			if i+2 < len(ts) && ts[i+1].surface == "ある" && ts[i+2].surface == "か" {
				continue // 「インデックスであるかどうか」: "whether it is", a clause, no style
			}
			dearu = true
		case (t.ctype == "特殊・デス" || t.ctype == "特殊・マス") && t.cform == "基本形" && t.base != "やす":
		default:
			continue
		}
		end, last := styleEnd(ts, i)
		if last && end == len(ts) && nr.codeFollows(s) {
			last = false // the code after it is the noun it modifies: 「値の一つである `StatusCode`」
		}
		if !strict && !last {
			continue
		}
		a, b := tokenSpan(ts, i, end)
		if inLinkText(nr.doc.raw, s.start+a, s.start+b) {
			continue // the text of a link, which textlint does not read
		}
		h := styleHit{dearu: dearu, start: s.start + a, end: s.start + b, word: strings.TrimRight(s.text[a:b], "\x1f ")}
		if dearu && last && afterNoun(nr.doc.raw[:h.start]) {
			h.end = s.start + ts[i+1].off + len(ts[i+1].surface)
			switch ts[i+1].surface {
			case "ある":
				h.fix = "です"
			case "あっ":
				if i+2 < len(ts) && ts[i+2].surface == "た" {
					h.end, h.fix = s.start+ts[i+2].off+len("た"), "でした"
				}
			case "あろ":
				if i+2 < len(ts) && ts[i+2].surface == "う" {
					h.end, h.fix = s.start+ts[i+2].off+len("う"), "でしょう"
				}
			}
		}
		nr.styles[g] = append(nr.styles[g], h)
	}
}

// styleEnd finds the token that closes the style word at ts[i] (the next
// 、 or 。, auxiliary of a 特殊 type, or noun) and returns the index after
// the word's value and whether the word ends its sentence: no such token
// follows, or it is 。, ！ or ？.
func styleEnd(ts []token, i int) (end int, last bool) {
	for j := i + 1; j < len(ts); j++ {
		t := ts[j]
		if strings.ContainsAny(t.surface, "、。") || strings.HasPrefix(t.ctype, "特殊") || t.pos == "名詞" {
			return j, strings.ContainsAny(t.surface, "!?！？。")
		}

	}
	return len(ts), true
}

// mixedStyle reports, in each group that mixes both styles, the words of
// the style not preferred: the group's option (Config.Options) or else
// the style it uses less, a tie preferring ですます (textlint
// no-mix-dearu-desumasu). A group written wholly in one style is left
// alone, unless its option prefers the other: then every word is
// reported, which textlint (reporting only mixed groups) does not do. A
// である ending after a noun gets its です form as a fix; other words are
// advice.
func (nr *narrative) mixedStyle() {
	o := nr.rev.cfg.Options
	prefer := [3]string{o.PreferInBody, o.PreferInHeader, o.PreferInList}
	for g, hits := range nr.styles {
		dearu := 0
		for _, h := range hits {
			if h.dearu {
				dearu++
			}
		}
		desu := len(hits) - dearu
		want := prefer[g]
		if want == "" && (dearu == 0 || desu == 0) || want == StyleDesumasu && dearu == 0 || want == StyleDearu && desu == 0 {
			continue // one style throughout, and it is the one preferred (or none is)
		}
		msg := "%s:「である」調と「ですます」調が混在しています。「%s」が%s調です（である %d、ですます %d）"
		if dearu == 0 || desu == 0 { // wholly in the style not preferred
			msg = "%s:" + want + "調にする設定ですが、「%s」が%s調です（である %d、ですます %d）"
		}
		if want == "" {
			want = StyleDesumasu
			if dearu > desu {
				want = StyleDearu
			}
		}
		for _, h := range hits {
			if h.dearu != (want == StyleDesumasu) {
				continue
			}
			style := StyleDearu
			if !h.dearu {
				style = StyleDesumasu
			}
			if h.dearu && h.fix != "" {
				nr.e.fix("no-mix-dearu-desumasu", finding.Medium, 70, h.start, h.end, h.fix, msg, styleGroup(g).label(), h.word, style, dearu, desu)
				continue
			}
			nr.e.advise("no-mix-dearu-desumasu", finding.Medium, 70, h.start, h.end, msg, styleGroup(g).label(), h.word, style, dearu, desu)
		}
	}
}

// codeFollows reports whether masked code or markup follows sentence s
// in its block with nothing but spaces between: the sentence, trimmed of
// it, goes on in code.
func (nr *narrative) codeFollows(s sentence) bool {
	b := nr.doc.blocks[s.blk]
	i := s.end
	for i < b.end && (nr.doc.masked[i] == ' ' || nr.doc.masked[i] == '\t') {
		i++
	}
	return i < b.end && nr.doc.masked[i] == mask && nr.doc.raw[i] == '`'
}
