package offline

// The Japanese token rules of the narrative-critic: doubled particles
// (no-doubled-joshi, no-doubled-conjunctive-particle-ga), ら抜き
// (no-dropping-the-ra) and doubled conjunctions (no-doubled-conjunction).

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/kaigi-dev/kaigi/finding"
)

// formalNoun reports a formal noun, one that heads a set phrase with a
// particle: ことがある, 場合がある, 可能性がある, 必要はない, ように,
// ために, 代わりに, わけではない.
func formalNoun(t token) bool {
	if t.pos != "名詞" {
		return false
	}
	switch t.surface {
	case "こと", "事", "もの", "物", "場合", "必要", "可能性", "恐れ", "おそれ", "傾向", "よう", "ため", "代わり", "わけ", "はず":
		return true
	}
	return false
}

// isJoshi reports a particle token.
func isJoshi(t token) bool { return t.pos == "助詞" }

// joshi is a particle, or consecutive particles joined, for
// no-doubled-joshi; other countable tokens (読点, brackets, periods) have
// an empty key and only add distance.
type joshi struct {
	key, surface, pos1 string
	off                int    // byte offset in the document
	prev               string // surface of the token before it
	formal             bool   // the token before it is a formal noun (こと, もの, 場合, 可能性)
}

// joshiCarry is what no-doubled-joshi and no-doubled-conjunctive-particle-ga
// carry into the next sentence of a block when a sentence ends in a mark
// their separator options do not count as an end ("．" with
// DoubledJoshiSeparators ["。"]): textlint's sentence is longer than ours.
type joshiCarry struct {
	blk    int
	joshi  []joshi // no-doubled-joshi's list so far
	ga     int     // conjunctive が so far
	gaOff  int     // the first of them, a document offset
	joined bool    // joshi holds a sentence that did not end
	gaOpen bool    // ga counts a sentence that did not end
}

// endsOutside reports whether s ends in a sentence mark that is not among
// seps, so that, for a rule with those separators, the sentence goes on.
func endsOutside(s sentence, seps []string) bool {
	t := strings.TrimRight(s.text, " \x1f")
	last, _ := utf8.DecodeLastRuneInString(t)
	return strings.ContainsRune("。．.?!？！", last) && !slices.Contains(seps, string(last))
}

// doubledJoshi follows textlint no-doubled-joshi with its defaults
// (min_interval 1, strict false): the same particle twice with no other
// particle, 読点, bracket or period between them is an error, except 連体化
// の, 格助詞 を, 接続助詞 て, 並立助詞 pairs and 〜かどうか. A と after a verb
// in its base form is the conjunctive と (入力すると), never the same particle
// as a quoting と (しようと, 「make」と), as textlint's tokenizer tells them.
// Unlike textlint,
// a second が, に or は after a formal noun is no repeat (問題が発生する
// ことがある, 表示される場合がある, 状態に近づけるように, 変数に書く代わりに,
// 純粋である必要はない): it belongs to the set phrase; and a colon, which
// ends a clause, adds distance as a 読点 does.
// Config.Options.DoubledJoshiMinInterval widens the distance (in
// particles and marks) within which a repeat counts; with
// DoubledJoshiStrict a 読点 adds none; DoubledJoshiCommas replaces the
// marks that add distance as a 読点, DoubledJoshiSeparators the marks that
// end a sentence.
func (nr *narrative) doubledJoshi(s sentence, ts []token) {
	o := nr.rev.cfg.Options
	commas := []string{"、", "，"}
	if o.DoubledJoshiCommas != nil {
		commas = o.DoubledJoshiCommas
	}
	if o.DoubledJoshiStrict {
		commas = nil
	}
	var list []joshi
	if c := &nr.carry; c.joined && c.blk == s.blk {
		list = c.joshi
	}
	for i := 0; i < len(ts); i++ {
		t := ts[i]
		switch {
		case isJoshi(t):
			j := joshi{surface: t.surface, pos1: t.pos1, off: s.start + t.off}
			if i > 0 {
				if strings.IndexByte(ts[i-1].surface, mask) < 0 { // a word, not masked markup
					j.prev = ts[i-1].surface
				}
				j.formal = formalNoun(ts[i-1]) || i > 1 && ts[i-1].surface == "性" && ts[i-2].surface == "可能" // 可能+性
				if t.surface == "と" && conditionalTo(ts, i) {
					j.pos1 = "接続助詞" // 入力すると、: the conjunctive と
				}
			}
			j.key = j.surface + ":" + j.pos1
			for i+1 < len(ts) && isJoshi(ts[i+1]) { // 助詞+助詞 is one particle ("には")
				i++
				j.surface += ts[i].surface
				j.key = j.surface + ":" + j.pos1 + ts[i].surface
			}
			list = append(list, j)
		case o.DoubledJoshiSeparators != nil && slices.Contains(o.DoubledJoshiSeparators, t.surface):
			nr.reportJoshi(list)
			list = nil // a sentence ends here for the options
		case slices.Contains(commas, t.surface), t.pos == "記号" && (t.pos1 == "括弧開" || t.pos1 == "括弧閉"),
			strings.ContainsAny(t.surface, ":：") || o.DoubledJoshiSeparators == nil && strings.ContainsAny(t.surface, "。．.?!？！"):
			list = append(list, joshi{off: s.start + t.off})
		}
	}
	if o.DoubledJoshiSeparators != nil && !s.last && endsOutside(s, o.DoubledJoshiSeparators) {
		nr.carry.blk, nr.carry.joshi, nr.carry.joined = s.blk, list, true
		return // the sentence goes on in the next one; report it there
	}
	nr.carry.joined = false
	nr.reportJoshi(list)
}

// conditionalTo reports whether the と at ts[i] is the conjunctive と of
// a condition (入力すると、, しようとするとエラーが), which kagome often tags
// as the quoting 格助詞: it follows a verb in its base form and is
// followed by a 読点 or by a noun that a が, は or も follows. Before a verb
// (すると仮定する, 書くと思う) it quotes.
func conditionalTo(ts []token, i int) bool {
	if p := ts[i-1]; p.pos != "動詞" || p.cform != "基本形" || i+1 >= len(ts) {
		return false
	}
	n := ts[i+1]
	if n.surface == "、" || n.surface == "，" {
		return true
	}
	return n.pos == "名詞" && i+2 < len(ts) && isJoshi(ts[i+2]) && strings.Contains("がはも", ts[i+2].surface)
}

// reportJoshi reports the repeats of one sentence's particles.
func (nr *narrative) reportJoshi(list []joshi) {
	o := nr.rev.cfg.Options
	interval := max(o.DoubledJoshiMinInterval, 1)
	lastAt := map[string]int{} // key -> index in list of its last occurrence
	for i, b := range list {
		if b.key == "" {
			continue
		}
		j, seen := lastAt[b.key]
		lastAt[b.key] = i
		if !seen || i-j > interval || slices.Contains(o.DoubledJoshiAllow, b.surface) {
			continue
		}
		a := list[j]
		switch {
		case o.DoubledJoshiStrict:
		case a.pos1 == "連体化", a.pos1 == "格助詞" && a.surface == "を", a.pos1 == "接続助詞" && a.surface == "て", a.pos1 == "並立助詞":
			continue
		case a.surface == "か" && b.prev == "どう":
			continue
		case b.formal && (b.surface == "が" || b.surface == "に" || b.surface == "は"):
			continue // 〜が発生することがある, 〜に近づけるように: the second belongs to the set phrase
		}
		nr.e.advise("no-doubled-joshi", finding.Low, 70, b.off, b.off+len(b.surface), "一文に助詞「%s」が続けて使われています（%s%s … %s%s）。語順を入れ替えるか文を分けてください",
			b.surface, a.prev, a.surface, b.prev, b.surface)
	}
}

// doubledGa reports the conjunctive particle が twice in one sentence
// (textlint no-doubled-conjunctive-particle-ga), at the first one, as
// textlint does; block quotes are not reviewed. A 。 inside brackets
// ends the count, as textlint splits there ("「…したが、…。…が、…」");
// Config.Options.GaSeparators replaces the marks that end a sentence.
func (nr *narrative) doubledGa(s sentence, ts []token) {
	if nr.doc.blocks[s.blk].kind == quote {
		return
	}
	seps := nr.rev.cfg.Options.GaSeparators
	if seps == nil {
		seps = []string{"。", "?", "!", "？", "！"}
	}
	c := &nr.carry
	if !c.gaOpen || c.blk != s.blk {
		c.ga = 0
	}
	for _, t := range ts {
		switch {
		case slices.Contains(seps, t.surface):
			c.ga = 0
		case t.surface == "が" && t.pos == "助詞" && t.pos1 == "接続助詞":
			c.ga++
			if c.ga == 1 {
				c.gaOff = s.start + t.off
			}
			if c.ga == 2 {
				nr.e.advise("no-doubled-conjunctive-particle-ga", finding.Low, 70, c.gaOff, c.gaOff+len(t.surface), "逆接の接続助詞「が」が一文に2回以上使われています。文を分けてください")
			}
		}
	}
	c.blk, c.gaOpen = s.blk, nr.rev.cfg.Options.GaSeparators != nil && endsOutside(s, seps)
}

// droppingRa reports ら抜き言葉 (textlint no-dropping-the-ra) with a fix
// that restores the ら: 見れる → 見られる.
func (nr *narrative) droppingRa(s sentence, ts []token) {
	for i, t := range ts {
		if t.pos == "動詞" && (t.base == "来れる" || t.base == "見れる") {
			at := s.start + t.off
			stem, _ := utf8.DecodeRuneInString(t.surface)
			n := utf8.RuneLen(stem)
			if strings.HasPrefix(t.surface[n:], "れ") {
				nr.e.fix("no-dropping-the-ra", finding.Low, 85, at, at+len(t.surface), t.surface[:n]+"ら"+t.surface[n:], "ら抜き言葉です（%s → %sら%s）", t.surface, t.surface[:n], t.surface[n:])
			}
			continue
		}
		if i == 0 {
			continue
		}
		p := ts[i-1]
		if p.pos == "動詞" && p.pos1 == "自立" && p.ctype == "一段" && p.cform == "未然形" && t.pos == "動詞" && t.pos1 == "接尾" && t.base == "れる" {
			at := s.start + p.off
			nr.e.fix("no-dropping-the-ra", finding.Low, 85, at, s.start+t.off+len(t.surface), p.surface+"ら"+t.surface, "ら抜き言葉です（%s%s → %sら%s）", p.surface, t.surface, p.surface, t.surface)
		}
	}
}

// doubledConjunction follows textlint no-doubled-conjunction: within a
// paragraph or list item, a sentence whose first conjunction (wherever it
// stands in the sentence) is the same as the last one met in an earlier
// sentence is reported, even when sentences without a conjunction come
// between them. A conjunction inside a sentence counts only after a 読点
// or an opening bracket: after a word, a space or inline code it is a
// particle the tokenizer took for one ("Go で書く", "`name` では"), and a
// conjunction that joins words (および, または: "A、およびB") counts only
// opening the sentence.
func (nr *narrative) doubledConjunction(s sentence, ts []token) {
	if nr.conjBlk != s.blk {
		nr.conjBlk, nr.lastConj = s.blk, ""
	}
	for i, t := range ts {
		if t.pos != "接続詞" {
			continue
		}
		if i > 0 && (t.surface == "で" || !strings.Contains("、，,（(「『【", ts[i-1].surface)) || i == 0 && nr.afterCode(s.start) {
			// inside a sentence, a conjunction not after punctuation is a
			// particle kagome took for one: "Go で書く", "`name` では",
			// "`entry` が必要", "一部またはすべて"
			continue
		}
		if i > 0 && coordinator(t.surface) {
			continue // 「A、およびB」 joins words, not sentences
		}
		if t.surface == nr.lastConj {
			at := s.start + t.off
			nr.e.advise("no-doubled-conjunction", finding.Low, 70, at, at+len(t.surface), "同じ接続詞（%s）が連続して使われています", t.surface)
		}
		nr.lastConj = t.surface
		return
	}
}

// coordinator reports a conjunction that joins words ("A、およびB",
// "A、またはB"): inside a sentence it links no sentence to the one before.
func coordinator(w string) bool {
	switch w {
	case "および", "及び", "または", "又は", "ならびに", "並びに", "もしくは", "若しくは", "かつ", "且つ":
		return true
	}
	return false
}

// afterCode reports whether inline code or an inline tag stands just
// before at, spaces between: a sentence the splitter starts after code
// ("`name` では…") opens with a particle, not a conjunction.
func (nr *narrative) afterCode(at int) bool {
	m := nr.doc.masked
	for at > 0 && (m[at-1] == ' ' || m[at-1] == '\t') {
		at--
	}
	return at > 0 && m[at-1] == mask && strings.IndexByte("`>", nr.doc.raw[at-1]) >= 0 // code or a tag, not a list marker
}
