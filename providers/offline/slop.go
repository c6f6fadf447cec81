package offline

import (
	"context"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kaigi-dev/kaigi/finding"
)

// checkSlop runs the anti-ai-slop rules.
func checkSlop(ctx context.Context, r *run) error {
	n := 0
	thereRun := -1 // the block whose last prose sentence opened with "There is"
	for s := range r.doc.sentences() {
		if err := tick(ctx, n); err != nil {
			return err
		}
		n++
		covered, err := r.matchPhrases(s)
		if err != nil {
			return err
		}
		if s.ja {
			if err := r.jaTokenRules(s, covered); err != nil {
				return err
			}
		}
		if r.doc.blocks[s.blk].kind != quote {
			r.exclamations(s, covered)
		}
		if !s.ja && s.prose {
			thereRun = r.thereIs(s, thereRun)
		}
	}
	r.emDashes()
	return nil
}

// span is a byte span relative to a sentence.
type span struct{ start, end int }

func overlaps(spans []span, s, e int) bool {
	for _, c := range spans {
		if s < c.end && c.start < e {
			return true
		}
	}
	return false
}

// matchPhrases reports the reviewer's phrase entries found in s and
// returns the spans they cover. It fails only when an entry needs the
// Japanese tokenizer and it cannot be loaded.
func (r *run) matchPhrases(s sentence) ([]span, error) {
	var covered []span
	hay := s.text
	if !s.ja {
		hay = asciiLower(s.text)
	}
	for _, p := range r.rev.phrases {
		if p.ja != s.ja || !r.e.on(p.rule) {
			continue
		}
		for off := 0; off < len(hay); {
			i := strings.Index(hay[off:], p.text)
			if i < 0 {
				break
			}
			i += off
			j := i + len(p.text)
			off = j
			if (!p.ja && !wordBounded(hay, i, j)) || (p.start && !atSentenceStart(hay, i)) || (p.aside && !setOff(hay, i, j)) || overlaps(covered, i, j) {
				continue
			}
			if p.adj && (!plainWordFollows(hay[j:]) || afterIntensifier(hay[:i])) {
				continue
			}
			covered = append(covered, span{i, j})
			if err := r.emitPhrase(s, p, i, j); err != nil {
				return covered, err
			}
		}
	}
	return covered, nil
}

// emitPhrase records one phrase match at s.text[i:j].
func (r *run) emitPhrase(s sentence, p phrase, i, j int) error {
	raw := r.doc.raw
	a, b := s.start+i, s.start+j
	if p.adj && !p.ja && (negated(s.text[:i]) || degreeFollows(asciiLower(s.text[j:]))) {
		return nil // "isn't very different": an understatement; "very low": the degree is the claim
	}
	advice := p.advice || p.noun && !afterNoun(raw[:a])
	if p.sahen {
		kind, err := r.sahenBefore(s, i)
		if err != nil {
			return err
		}
		switch kind {
		case sahenNone, sahenAllowed:
			return nil
		case sahenOther:
			advice = true
		}
	}
	after := asciiLower(s.text[j:min(len(s.text), j+64)]) // enough for the next word or two
	switch {
	case p.plural && !pluralFollows(after), p.det && !determinerFollows(after), p.verb && !verbFollows(after):
		advice = true
	}
	if !p.ja && r.doc.kana { // an English phrase in a Japanese document: lead in Japanese
		p.issue = englishPhraseLead(p.rule) + "（" + p.issue + "）"
	}
	switch {
	case advice:
		r.e.advise(p.rule, p.sev, p.conf, a, b, "%s", p.issue)
	case p.del && p.ja:
		r.e.fix(p.rule, p.sev, p.conf, a, b, "", "%s", p.issue)
	case p.del:
		r.deletion(s, p, i, a, b)
	default:
		fix := p.fix
		if c, _ := utf8.DecodeRune(raw[a:]); !p.ja && unicode.IsUpper(c) {
			fix = capitalize(fix)
		}
		r.e.fix(p.rule, p.sev, p.conf, a, b, fix, r.say("%s (suggest %q)", "%s（「%s」）"), p.issue, fix)
	}
	return nil
}

// sahen is what precedes 〜を行う.
type sahen int

const (
	sahenNone    sahen = iota // not a サ変接続 noun: textlint does not report it
	sahenKanji                // a サ変接続 noun in kanji: "設定を行う" → "設定する"
	sahenAllowed              // katakana or Latin letters: textlint's allow list
	sahenOther                // a サ変接続 noun of other characters: advice
)

// sahenBefore classifies the token that ends at s.text[i].
func (r *run) sahenBefore(s sentence, i int) (sahen, error) {
	tok, err := r.rev.shared.ja.tokenizer()
	if err != nil {
		return sahenNone, err
	}
	from := runeStart([]byte(s.text[:i]), max(0, i-48)) // a noun is a few runes long: tokenize only the text before it
	ts := tokens(tok, s.text[from:i], nil)
	if len(ts) == 0 {
		return sahenNone, nil
	}
	t := ts[len(ts)-1]
	if from+t.off+len(t.surface) != i || t.pos != "名詞" || t.pos1 != "サ変接続" {
		return sahenNone, nil
	}
	kanji, other := true, false
	for _, c := range t.surface {
		switch {
		case isKatakana(c) || c < utf8.RuneSelf && isASCIILetter(byte(c)):
			kanji = false
		case !isKanji(c):
			kanji, other = false, true
		}
	}
	switch {
	case kanji:
		return sahenKanji, nil
	case other:
		return sahenOther, nil
	}
	return sahenAllowed, nil
}

// thereIs reports English sentences that open with "There is/are",
// except those stating an absence ("There is no ...") and those that
// introduce what a colon lists ("There are two ways: ..."): the first of a run
// of them in one paragraph (run is the block of the
// previous sentence's run, or -1). It returns the block of the run s
// continues, or -1 when s does not open so.
func (r *run) thereIs(s sentence, run int) int {
	t := strings.TrimLeft(s.text, "\x1f \"“")
	p := thereOpener(t)
	if p == "" {
		return -1
	}
	if rest := t[len(p):]; strings.HasPrefix(rest, " no ") || strings.HasPrefix(rest, " not ") {
		return -1 // "There is no plan to ...": an absence, said plainly
	}
	if strings.ContainsAny(t, ":：") {
		return -1 // "There are two approaches: ...": it introduces what the colon lists
	}
	if run != s.blk { // one finding for a run of them in a paragraph
		a := s.start + len(s.text) - len(t)
		r.e.advise("en-there-is", finding.Low, 55, a, a+len(p), r.say(`"%s" opener delays the subject; start with what the sentence is about`, "文頭の「%s」は主題を後回しにします。文の主題から書き始めてください"), p)
	}
	return s.blk
}

// negated reports whether before ends in a negation and a space ("not ",
// "isn't ", "never "): an intensifier after it is an understatement.
func negated(before string) bool {
	t := asciiLower(strings.TrimRight(before, " \x1f"))
	if len(t) == len(before) {
		return false
	}
	return strings.HasSuffix(t, "not") || strings.HasSuffix(t, "n't") || strings.HasSuffix(t, "n’t") || strings.HasSuffix(t, "never")
}

// degreeFollows reports whether after starts with an adjective of
// measurable degree ("very low", "extremely rare", "very similar"): the
// intensifier states the degree the sentence is about, not filler.
func degreeFollows(after string) bool {
	w := after[:len(after)-len(strings.TrimLeft(after, " "))]
	rest := after[len(w):]
	end := strings.IndexFunc(rest, func(r rune) bool { return !unicode.IsLetter(r) })
	if end < 0 {
		end = len(rest)
	}
	switch rest[:end] {
	case "low", "high", "rare", "rarely", "similar", "small", "large", "few", "little",
		"short", "long", "common", "close", "limited", "unlikely", "likely":
		return w != ""
	}
	return false
}

// thereOpener returns the "There is" opener t starts with, or "".
func thereOpener(t string) string {
	for _, p := range [...]string{"There is ", "There are ", "There was ", "There were ", "There's "} {
		if strings.HasPrefix(t, p) {
			return strings.TrimSpace(p)
		}
	}
	return ""
}

// emDashes reports paragraphs with more em dashes than the limit.
func (r *run) emDashes() {
	for _, b := range r.doc.blocks {
		if b.kind != paragraph && b.kind != listItem {
			continue
		}
		text := string(r.doc.masked[b.start:b.end])
		count, at := 0, -1
		for i := 0; i < len(text); {
			j := strings.Index(text[i:], "—")
			if j < 0 {
				break
			}
			i += j
			count++
			if count == r.lim.MaxEmDashes+1 {
				at = i
			}
			for strings.HasPrefix(text[i:], "—") { // "——" is one dash
				i += len("—")
			}
		}
		if at >= 0 {
			a := b.start + at
			r.e.adviseSized(count, "em-dash", finding.Low, 60, a, a+len("—"), r.say("%d em dashes in one paragraph (limit %d); machine-written prose overuses them: use commas, parentheses or two sentences", "一つの段落にダッシュ「—」が%d個あります（上限%d個）。機械の書いた文章に多い書き方です。読点や括弧を使うか、文を分けてください"), count, r.lim.MaxEmDashes)
		}
	}
}
