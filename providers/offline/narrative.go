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

// agentName returns the agent passiveEN matched on one line, without a
// last word that cannot end a noun phrase ("the maintainer before", "the
// user calling").
func agentName(a string) string {
	w := strings.Fields(a)
	if n := len(w); n == 3 && (strings.HasSuffix(w[2], "ing") || functionWord(w[2])) {
		w = w[:2]
	}
	return strings.Join(w, " ")
}

// functionWord reports an English preposition, conjunction or relative
// word, which no agent ends in.
func functionWord(w string) bool {
	switch w {
	case "about", "after", "and", "as", "at", "before", "but", "during", "for", "from", "if", "in", "into", "of", "on", "or",
		"since", "so", "than", "that", "to", "until", "when", "where", "which", "while", "who", "with", "without":
		return true
	}
	return false
}

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
	carry      joshiCarry     // particles counted over a sentence end the options do not count
	kanaWords  []kanaVariant  // kanaVariants, once a Japanese sentence is read
	kanaBase   map[string]int // a base form of kanaWords -> its index
	kanaUses   []kanaUse      // where the document writes them
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
	rs := &repeats{seen: map[string]*sentenceCopy{}} // for repeated-sentence
	var prev *sentenceCopy
	for s := range r.doc.sentences() {
		if err := tick(ctx, n); err != nil {
			return err
		}
		n++
		k := r.doc.blocks[s.blk].kind
		nr.repeatedSentence(s, rs, prev)
		prev = &sentenceCopy{blk: s.blk, end: s.end}
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
	nr.repeatedCopies(rs)
	nr.kanaVariantFindings()
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
	nr.misspelt(s)
	ws := wordsIn(s.text) // the words every rule below reads
	nr.confusable(s, ws)
	nr.phrasalVerbs(s, ws)
	nr.countNouns(s, ws)
	nr.modalVerbs(s, ws)
	nr.agreement(s, ws)
	nr.article(s, ws)
	nr.missingWord(s, ws)
	if !strings.Contains(s.text, " by ") {
		// no agent: the passive rule has nothing to say
	} else if m := passiveEN.FindStringSubmatchIndex(s.text); m != nil && nr.doc.blocks[s.blk].kind == paragraph {
		nr.e.advise("en-passive", finding.Low, 60, s.start+m[0], s.start+m[1], nr.say("passive voice hides a known agent; make %q the subject", "受動態が動作主を隠しています。「%s」を主語にしてください"), agentName(s.text[m[2]:m[3]]))
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
			nr.e.adviseSized(bestN, "repeated-word", finding.Low, 55, s.start+bestAt, s.start+bestAt+len(best), nr.say("%q appears %d times in two adjacent sentences; use a pronoun or a synonym, or merge them", "「%s」が隣り合う2文に%d回出てきます。指示語や言い換えを使うか、文をまとめてください"), best, bestN)
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
	nr.buf = nr.proseTokens(tok, s)
	ts := nr.buf
	nr.doubledJoshi(s, ts)
	nr.doubledGa(s, ts)
	nr.droppingRa(s, ts)
	nr.successive(s, ts)
	nr.doubledPhrase(s, ts)
	nr.doubleNegative(s, ts)
	nr.unpairedTari(s, ts)
	nr.noteKanaVariants(s, ts)
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
			nr.e.adviseSized(p.n, "paragraph-length", finding.Low, 50, b.start, b.end, nr.say("paragraph of %d %s is more than four times the median (%d); split it where the topic turns", "段落が%d%sあり、中央値（%d）の4倍を超えています。話題の変わり目で分けてください"), p.n, unit, median)
		}
	}
}

// proseTokens tokenizes sentence s without its emphasis markers (the
// masked "**" of "**と**"), which the tokenizer would read as symbols that
// change the parts of speech around them, as textlint reads the text of
// the emphasis alone. Offsets stay those of s.text; when a token would
// span a removed marker, s.text is tokenized as it is.
func (nr *narrative) proseTokens(tok *tagger, s sentence) []token {
	raw := nr.doc.raw[s.start:s.end]
	var kept []byte
	var at []int // at[i]: the offset in s.text of kept[i]
	for i := 0; i < len(s.text); i++ {
		if s.text[i] == mask && strings.IndexByte("*_~", raw[i]) >= 0 {
			continue
		}
		kept = append(kept, s.text[i])
		at = append(at, i)
	}
	if len(kept) == len(s.text) {
		return tokens(tok, s.text, nr.buf)
	}
	ts := tokens(tok, string(kept), nr.buf)
	for i, t := range ts {
		if t.surface == "" {
			ts[i].off = at[min(t.off, len(at)-1)]
			continue
		}
		a, b := at[t.off], at[t.off+len(t.surface)-1]
		if b-a != len(t.surface)-1 {
			return tokens(tok, s.text, ts) // a word written across a marker
		}
		ts[i].off = a
	}
	return ts
}
