package offline

import (
	"strings"

	"github.com/kaigi-dev/kaigi/finding"
)

// The rules of sentences repeated verbatim. doubled-sentence (on by
// default) removes a sentence written twice in a row, a slip of copy and
// paste. repeated-prose-sentence reports a long declarative sentence of
// body prose written again with no heading between the copies, and
// repeated-sentence every other repeat. Both are pedantic: on the
// tuning part of the corpus every repeat across a heading was deliberate
// (parallel sections, a reference's template sentence, the same exercise
// in two places), and on the measuring part so was every repeat within a
// section (parallel warnings, the same lead-in before each example).
const (
	repeatSentenceRule = "repeated-sentence"
	repeatProseRule    = "repeated-prose-sentence"
	doubledSentence    = "doubled-sentence"
)

// minCrossRepeat is the fewest words a sentence holds for
// repeatedSentence to report a copy of it that does not follow it
// directly (a Japanese character counting half a word).
const minCrossRepeat = 8

// sentenceCopy is what repeatedSentence remembers of a sentence.
type sentenceCopy struct {
	line     int
	blk, end int
	para     bool // a body paragraph's, not a list item's
	prose    bool // a long declarative sentence of a body paragraph (see proseCopy)
	section  int  // how many headings precede it
	copies   int  // how many times the document holds it, so far
}

// crossCopy is a copy of a sentence in another paragraph than its first,
// reported by repeatedCopies once the document is read.
type crossCopy struct {
	start, end int
	text       string
	rule       string
}

// repeats is what repeatedSentence keeps while the sentences are read:
// the sentence texts with their first copy, the copies in another
// paragraph, and how many headings the blocks read so far hold.
type repeats struct {
	seen    map[string]*sentenceCopy
	cross   []crossCopy
	section int // the headings among the blocks before block scanned
	scanned int
}

// repeatedSentence reports a sentence of a paragraph or list item that
// repeats an earlier sentence verbatim, markup and code included (at
// least minRepeat characters: short ones repeat by themselves); prev is
// the previous sentence.
//
// A copy that directly follows its original, with only spaces between
// them, is a slip of copy and paste, and is removed (doubled-sentence, or
// repeated-sentence when only that is on).
// Another copy is advice naming the line of the first, given once every
// sentence is counted and only when the document holds the sentence
// exactly twice, except that repeated-sentence reports every copy in the
// paragraph of the first at once. It is repeated-prose-sentence's when both copies are
// long declarative sentences of body paragraphs (proseCopy) with no
// heading between them. Otherwise it is
// repeated-sentence's: a copy in the same paragraph, or a long sentence
// of a body paragraph copied into another.
func (nr *narrative) repeatedSentence(s sentence, rs *repeats, prev *sentenceCopy) {
	for ; rs.scanned < s.blk; rs.scanned++ { // a heading of code only ("#### `hover`") has no sentence
		if nr.doc.blocks[rs.scanned].kind == heading {
			rs.section++
		}
	}
	k := nr.doc.blocks[s.blk].kind
	if !nr.e.on(repeatSentenceRule) && !nr.e.on(repeatProseRule) && !nr.e.on(doubledSentence) || k != paragraph && k != listItem || runeCount(s.text) < minRepeat {
		return
	}
	raw := string(nr.doc.raw[s.start:s.end])
	first, ok := rs.seen[raw]
	if !ok {
		rs.seen[raw] = &sentenceCopy{line: nr.doc.line(s.start), blk: s.blk, end: s.end, para: k == paragraph, prose: nr.proseCopy(s), section: rs.section, copies: 1}
		return
	}
	first.copies++
	if prev != nil && prev.blk == s.blk && prev.end == first.end && strings.Trim(string(nr.doc.raw[first.end:s.start]), " \u3000") == "" {
		rule := repeatSentenceRule
		if nr.e.on(doubledSentence) {
			rule = doubledSentence
		}
		nr.e.fix(rule, finding.Low, 85, first.end, s.end, "", "%s", nr.say("the sentence is written twice in a row", "同じ文が2回続いています"))
		return
	}
	switch {
	case first.prose && first.section == rs.section && nr.proseCopy(s) && nr.e.on(repeatProseRule):
		rs.cross = append(rs.cross, crossCopy{s.start, s.end, raw, repeatProseRule})
	case first.blk == s.blk:
		nr.e.advise(repeatSentenceRule, finding.Low, 70, s.start, s.end, nr.say("this sentence repeats the one on line %d word for word", "この文は%d行目の文と同じです"), first.line)
	case first.para && k == paragraph && nr.longSentence(s):
		rs.cross = append(rs.cross, crossCopy{s.start, s.end, raw, repeatSentenceRule})
	}
}

// longSentence reports a sentence of at least minCrossRepeat words, a
// Japanese character counting half a word.
func (nr *narrative) longSentence(s sentence) bool {
	words := wordCount(s.text)
	if s.ja {
		words = runeCount(s.text) / 2
	}
	return words >= minCrossRepeat
}

// proseCopy reports a sentence whose copy repeated-prose-sentence
// reports: a long sentence (longSentence) of a body paragraph, outside
// an admonition, in a paragraph that does not introduce code or a list
// with a colon, ending in a full stop ("." or "。", before closing
// quotes, brackets and emphasis) rather than a question, an exclamation
// or a colon, which lead into what follows.
func (nr *narrative) proseCopy(s sentence) bool {
	b := nr.doc.blocks[s.blk]
	if b.kind != paragraph || b.alert != "" || b.introColon || !nr.longSentence(s) {
		return false
	}
	end := strings.TrimRight(string(nr.doc.raw[s.start:s.end]), "*_\"')]}”’」』）")
	return strings.HasSuffix(end, ".") || strings.HasSuffix(end, "。") || strings.HasSuffix(end, "．")
}

// repeatedCopies reports the copies the document holds exactly twice.
func (nr *narrative) repeatedCopies(rs *repeats) {
	for _, c := range rs.cross {
		if first := rs.seen[c.text]; first.copies == 2 {
			nr.e.advise(c.rule, finding.Low, 70, c.start, c.end, nr.say("this sentence repeats the one on line %d word for word", "この文は%d行目の文と同じです"), first.line)
		}
	}
}
