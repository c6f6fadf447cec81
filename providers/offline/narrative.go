package offline

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/kaigi-dev/kaigi/finding"
)

var (
	// passiveEN matches a passive verb with an agent: "by" followed by a
	// determiner and a noun, or by a name ("by OpenAI"); "by default" and
	// "by implementing" name no agent.
	passiveEN = regexp.MustCompile(`(?i:\b(?:is|are|was|were|be|been|being)\s+(?:[a-z]+ed|written|done|made|built|given|taken|seen|known|shown|found|sent|held|kept|told|brought|bought|caught|taught|chosen|driven|spoken|broken|forgotten)\s+by)\s+((?:the|a|an|our|their|his|her|its|this|that|my|your)\s+[a-z]+(?:\s[a-z]+)?|[A-Z][A-Za-z]+)`)
)

// transitionEN reports a word that opens a sentence as a transition; two
// in a row is a doubled conjunction.
func transitionEN(w string) bool {
	switch w {
	case "however", "moreover", "furthermore", "additionally", "also", "but", "so", "therefore", "thus", "then", "still", "besides":
		return true
	}
	return false
}

// openingDeterminer reports a determiner that opens so many English
// sentences that the opening is the determiner and the word after it.
func openingDeterminer(w string) bool {
	switch w {
	case "the", "a", "an", "this", "that", "these", "those":
		return true
	}
	return false
}

// narrative is the cross-sentence state of the narrative-critic.
type narrative struct {
	*run
	buf        []token
	tokens     bool       // a rule that reads parts of speech is on
	prev       *proseInfo // the previous prose sentence of the section
	openers    []string   // openings of the current run of sentences
	runBlk     int        // the block of that run
	runTold    bool       // the run has had its finding
	conjFrom   int        // len(hits) before the Japanese doubled conjunction of the sentence sentence is given, or -1
	topic      map[string]bool
	styles     styles
	negPats    []negPattern
	conjBlk    int    // the block lastConj was seen in
	lastConj   string // the last conjunction that opened a Japanese sentence's conjunctions in conjBlk
	paragraphs []paraLen
}

// proseInfo is what the next sentence needs to know about the previous.
type proseInfo struct {
	blk     int
	conj    string
	content map[string]int
}

type paraLen struct {
	blk, n int
	ja     bool
}

// checkNarrative runs the narrative-critic rules.
func checkNarrative(ctx context.Context, r *run) error {
	nr := &narrative{run: r, topic: headingWords(r.doc), negPats: doubleNegatives(), conjBlk: -1, conjFrom: -1, tokens: r.e.needsTokens(NarrativeCriticName)}
	n := 0
	for s := range r.doc.sentences() {
		if err := tick(ctx, n); err != nil {
			return err
		}
		n++
		k := r.doc.blocks[s.blk].kind
		if k == heading {
			nr.prev, nr.openers = nil, nil
			if s.ja && r.e.on("no-mix-dearu-desumasu") {
				tok, err := r.rev.shared.ja.tokenizer()
				if err != nil {
					return err
				}
				nr.buf = tokens(tok, s.text, nr.buf)
				nr.styleTokens(s, nr.buf, headerStyle)
			}
			continue
		}
		if k == tableRow || k == caption {
			continue
		}
		var err error
		if s.ja {
			err = nr.japanese(s)
		} else {
			nr.english(s)
		}
		if err != nil {
			return err
		}
	}
	nr.mixedStyle()
	nr.paragraphLengths()
	return nil
}

// headingWords returns the content words of the headings: topic words
// that a writer repeats on purpose.
func headingWords(d *document) map[string]bool {
	m := map[string]bool{}
	for _, b := range d.blocks {
		if b.kind != heading {
			continue
		}
		t := string(d.masked[b.start:b.end])
		for _, k := range contentKeys(t, isJapanese(t)) {
			m[k] = true
		}
	}
	return m
}

// english runs the English sentence rules of the narrative-critic.
func (nr *narrative) english(s sentence) {
	nr.doubledWords(s)
	if !strings.Contains(s.text, " by ") {
		// no agent: the passive rule has nothing to say
	} else if m := passiveEN.FindStringSubmatchIndex(s.text); m != nil && nr.doc.blocks[s.blk].kind == paragraph {
		nr.e.advise("en-passive", finding.Low, 60, s.start+m[0], s.start+m[1], nr.say("passive voice hides a known agent; make %q the subject", "受動態が動作主を隠しています。「%s」を主語にしてください"), s.text[m[2]:m[3]])
	}
	if !s.prose {
		return
	}
	first, opener := "", ""
	for a, b := range words(s.text) {
		w := strings.ToLower(s.text[a:b])
		if first == "" {
			first, opener = w, w
			if !openingDeterminer(w) {
				break
			}
			continue
		}
		opener += " " + w // "the server", not just "the"
		break
	}
	conj := ""
	if transitionEN(first) {
		conj = first
	}
	content := map[string]int{}
	for _, k := range contentKeys(s.text, false) {
		if len(k) >= 5 && !nr.topic[k] {
			content[k]++
		}
	}
	nr.sentence(s, opener, conj, content)
	nr.addParagraph(s, wordCount(s.text), false)
}

// sentence applies the rules that compare a prose sentence with the ones
// before it: same opening, doubled conjunction, repeated content words.
func (nr *narrative) sentence(s sentence, opener, conj string, content map[string]int) {
	p := nr.prev
	if k := len(nr.openers); k == 0 || opener == "" || nr.openers[k-1] != opener || nr.runBlk != s.blk {
		nr.openers, nr.runTold = nr.openers[:0], false // a run of openings stays in its paragraph
	}
	nr.runBlk = s.blk
	told := len(nr.e.hits)
	if nr.conjFrom >= 0 { // a Japanese sentence's doubled conjunction, found before
		told, nr.conjFrom = nr.conjFrom, -1
	}
	if p != nil && p.blk == s.blk && conj != "" && conj == p.conj {
		nr.e.advise("no-doubled-conjunction", finding.Low, 70, s.start, s.start+len(conj), nr.say("two sentences in a row open with %q", "2つの文が続けて「%s」で始まっています"), conj)
	}
	nr.oncePerRun(told)
	nr.openers = append(nr.openers, opener)
	if opener == "there" && thereOpener(s.text) != "" && nr.e.on("en-there-is") {
		nr.runTold = true // anti-ai-slop's en-there-is reports the run
	}
	if opener != "" && len(nr.openers) == 3 && !nr.runTold {
		nr.e.advise("same-opening", finding.Low, 65, s.start, s.start+len(opener), nr.say("three sentences in a row open with %q; vary the openings", "3つの文が続けて「%s」で始まっています。書き出しを変えてください"), opener)
		nr.runTold = true
	}
	if p != nil && p.blk == s.blk {
		// report the most repeated word; ties go to the first in the sentence,
		// so the output does not depend on map order
		best, bestN, bestAt := "", 0, len(s.text)
		lower := asciiLower(s.text)
		for w, c := range content {
			pc := p.content[w]
			at := strings.Index(lower, w)
			if pc == 0 || pc+c < 4 || at < 0 || pc+c < bestN || (pc+c == bestN && at > bestAt) {
				continue
			}
			best, bestN, bestAt = w, pc+c, at
		}
		if best != "" {
			nr.e.advise("repeated-word", finding.Low, 55, s.start+bestAt, s.start+bestAt+len(best), nr.say("%q appears %d times in two adjacent sentences; use a pronoun or a synonym, or merge them", "「%s」が隣り合う2文に%d回出てきます。指示語や言い換えを使うか、文をまとめてください"), best, bestN)
		}
	}
	nr.prev = &proseInfo{blk: s.blk, conj: conj, content: content}
}

// oncePerRun keeps a hit added since len(hits) was told only when it is
// the first finding on the current run of same openings: one run of
// repeated openers ("However, ... However, ... However, ...") gives one
// finding, from the first rule that reports it.
func (nr *narrative) oncePerRun(told int) {
	if len(nr.e.hits) == told {
		return
	}
	if nr.runTold {
		nr.e.hits = nr.e.hits[:told]
		return
	}
	nr.runTold = true
}

func (nr *narrative) addParagraph(s sentence, n int, ja bool) {
	if k := len(nr.paragraphs); k > 0 && nr.paragraphs[k-1].blk == s.blk {
		nr.paragraphs[k-1].n += n
		return
	}
	nr.paragraphs = append(nr.paragraphs, paraLen{blk: s.blk, n: n, ja: ja})
}

// japanese runs the Japanese sentence rules of the narrative-critic: the
// morphological ones on one token list per sentence.
func (nr *narrative) japanese(s sentence) error {
	if !nr.tokens {
		if s.prose {
			nr.addParagraph(s, runeCount(s.text), true)
		}
		return nil // no rule that reads parts of speech is on: the tokenizer stays unloaded
	}
	tok, err := nr.rev.shared.ja.tokenizer()
	if err != nil {
		return err
	}
	nr.buf = tokens(tok, s.text, nr.buf)
	ts := nr.buf
	nr.doubledJoshi(s, ts)
	nr.doubledGa(s, ts)
	nr.droppingRa(s, ts)
	nr.successive(s, ts)
	nr.doubleNegative(s, ts)
	switch nr.doc.blocks[s.blk].kind {
	case paragraph, note:
		nr.styleTokens(s, ts, bodyStyle)
		if s.prose {
			nr.conjFrom = len(nr.e.hits) // sentence counts its finding toward the run
		}
		nr.doubledConjunction(s, ts)
	case listItem:
		nr.styleTokens(s, ts, listStyle)
		nr.doubledConjunction(s, ts)
	}
	if !s.prose {
		return nil
	}
	opener := ""
	for i, t := range ts {
		if t.pos == "記号" || strings.Trim(t.surface, "\x1f ") == "" {
			continue
		}
		opener = t.surface
		if t.pos == "名詞" && i+1 < len(ts) && ts[i+1].pos == "助詞" {
			opener += ts[i+1].surface
		}
		break
	}
	content := map[string]int{}
	for _, t := range ts {
		if t.pos == "名詞" && (t.pos1 == "一般" || t.pos1 == "サ変接続" || t.pos1 == "固有名詞") && utf8.RuneCountInString(t.surface) >= 2 && !nr.topic[t.surface] && isJapanese(t.surface) {
			content[t.surface]++
		}
	}
	nr.sentence(s, opener, "", content) // Japanese conjunctions: doubledConjunction
	nr.addParagraph(s, runeCount(s.text), true)
	return nil
}

// formalNoun reports a formal noun, one that heads a set phrase with が:
// ことがある, ものがある, 場合がある, 必要がある, 可能性がある.
func formalNoun(t token) bool {
	if t.pos != "名詞" {
		return false
	}
	switch t.surface {
	case "こと", "事", "もの", "物", "場合", "必要", "可能性", "恐れ", "おそれ", "傾向":
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
	off                int
	prev               string // surface of the token before it
	formal             bool   // the token before it is a formal noun (こと, もの, 場合, 可能性)
}

// doubledJoshi follows textlint no-doubled-joshi with its defaults
// (min_interval 1, strict false): the same particle twice with no other
// particle, 読点, bracket or period between them is an error, except 連体化
// の, 格助詞 を, 接続助詞 て, 並立助詞 pairs and 〜かどうか. Unlike textlint,
// a second が after a formal noun is no repeat (問題が発生することがある,
// 表示される場合がある, 高いものがある): it belongs to the set phrase.
// Config.Options.DoubledJoshiMinInterval widens the distance (in
// particles and marks) within which a repeat counts.
func (nr *narrative) doubledJoshi(s sentence, ts []token) {
	var list []joshi
	for i := 0; i < len(ts); i++ {
		t := ts[i]
		switch {
		case isJoshi(t):
			j := joshi{surface: t.surface, pos1: t.pos1, off: t.off, key: t.surface + ":" + t.pos1}
			if i > 0 {
				j.prev = ts[i-1].surface
				j.formal = formalNoun(ts[i-1])
			}
			for i+1 < len(ts) && isJoshi(ts[i+1]) { // 助詞+助詞 is one particle ("には")
				i++
				j.surface += ts[i].surface
				j.key = j.surface + ":" + j.pos1 + ts[i].surface
			}
			list = append(list, j)
		case t.pos == "記号" && (t.pos1 == "括弧開" || t.pos1 == "括弧閉"), strings.ContainsAny(t.surface, "、，。．.?!？！"):
			list = append(list, joshi{off: t.off})
		}
	}
	interval := max(nr.rev.cfg.Options.DoubledJoshiMinInterval, 1)
	lastAt := map[string]int{} // key -> index in list of its last occurrence
	for i, b := range list {
		if b.key == "" {
			continue
		}
		j, seen := lastAt[b.key]
		lastAt[b.key] = i
		if !seen || i-j > interval || slices.Contains(nr.rev.cfg.Options.DoubledJoshiAllow, b.surface) {
			continue
		}
		a := list[j]
		switch {
		case nr.rev.cfg.Options.DoubledJoshiStrict:
		case a.pos1 == "連体化", a.pos1 == "格助詞" && a.surface == "を", a.pos1 == "接続助詞" && a.surface == "て", a.pos1 == "並立助詞":
			continue
		case a.surface == "か" && b.prev == "どう":
			continue
		case b.surface == "が" && b.formal:
			continue // 〜が発生することがある: the second が belongs to ことがある
		}
		at := s.start + b.off
		nr.e.advise("no-doubled-joshi", finding.Low, 70, at, at+len(b.surface), "一文に助詞「%s」が続けて使われています（%s%s … %s%s）。語順を入れ替えるか文を分けてください",
			b.surface, a.prev, a.surface, b.prev, b.surface)
	}
}

// doubledGa reports the conjunctive particle が twice in one sentence
// (textlint no-doubled-conjunctive-particle-ga), at the first one, as
// textlint does; block quotes are not reviewed.
func (nr *narrative) doubledGa(s sentence, ts []token) {
	if nr.doc.blocks[s.blk].kind == quote {
		return
	}
	n, first := 0, 0
	for _, t := range ts {
		if t.surface == "が" && t.pos == "助詞" && t.pos1 == "接続助詞" {
			n++
			if n == 1 {
				first = t.off
			}
			if n == 2 {
				at := s.start + first
				nr.e.advise("no-doubled-conjunctive-particle-ga", finding.Low, 70, at, at+len(t.surface), "逆接の接続助詞「が」が一文に2回以上使われています。文を分けてください")
				return
			}
		}
	}
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
// between them.
func (nr *narrative) doubledConjunction(s sentence, ts []token) {
	if nr.conjBlk != s.blk {
		nr.conjBlk, nr.lastConj = s.blk, ""
	}
	for _, t := range ts {
		if t.pos != "接続詞" {
			continue
		}
		if t.surface == nr.lastConj {
			at := s.start + t.off
			nr.e.advise("no-doubled-conjunction", finding.Low, 70, at, at+len(t.surface), "同じ接続詞（%s）が連続して使われています", t.surface)
		}
		nr.lastConj = t.surface
		return
	}
}

// paragraphLengths reports a paragraph more than four times the median
// length (and at least 150 words or 400 characters) when the document has
// four or more paragraphs.
func (nr *narrative) paragraphLengths() {
	if len(nr.paragraphs) < 4 {
		return
	}
	ns := make([]int, len(nr.paragraphs))
	for i, p := range nr.paragraphs {
		ns[i] = p.n
	}
	slices.Sort(ns)
	median := ns[len(ns)/2]
	for _, p := range nr.paragraphs {
		floor, unit := 150, nr.say("words", "語")
		if p.ja {
			floor, unit = 400, nr.say("characters", "文字")
		}
		if p.n > 4*median && p.n >= floor {
			b := nr.doc.blocks[p.blk]
			nr.e.advise("paragraph-length", finding.Low, 50, b.start, b.end, nr.say("paragraph of %d %s is more than four times the median (%d); split it where the topic turns", "段落が%d%sあり、中央値（%d）の4倍を超えています。話題の変わり目で分けてください"), p.n, unit, median)
		}
	}
}
