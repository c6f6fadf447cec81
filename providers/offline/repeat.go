package offline

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/kaigi-dev/kaigi/finding"
)

// legitDouble reports a word that English doubles on purpose: "that
// that", "had had", "all it is is", "log in in the", "turn on on", "much
// much bigger", and the emphasis of speech ("Many many issues", "really
// really fast").
func legitDouble(w string) bool {
	switch w {
	case "that", "had", "is", "in", "on", "do", "can", "so", "much", "many", "really":
		return true
	}
	return false
}

// toTaker reports a verb that "to" follows as its preposition, so that
// an infinitive's "to" may come next: "write to to create", "listen to
// to learn".
func toTaker(w string) bool {
	switch w {
	case "write", "written", "talk", "talked", "listen", "reply", "replied", "respond", "point", "refer", "stick", "add", "added",
		"belong", "belongs", "switch", "move", "moved", "go", "come", "return", "turn", "contribute", "commit", "push", "pushed",
		"connect", "send", "sent", "speak", "subscribe", "migrate", "upgrade", "upgraded", "back":
		return true
	}
	return false
}

// doubledWords reports "the the": a run of the same word written two or
// more times in a row, separated by one or two spaces, is one finding
// whose fix keeps the first word and removes the rest ("the the the" →
// "the"), so that the fixes of one run never overlap. A word that opens a
// hyphenated compound repeats nothing ("to to-do lists", "in in-place"),
// nor does one that opens a name with + or # ("C C++"), nor words set
// apart by a wider gap, which aligns columns ("Java      Java library"),
// nor a run before "!" ("Choo choo!"), nor "to to" after a verb that takes
// "to" ("write to to create").
func (nr *narrative) doubledWords(s sentence) {
	runA, runB, prevB, n := -1, -1, -1, 0 // the run's first word, the end of its last, its length
	flush := func() {
		if n < 2 {
			return
		}
		w := strings.ToLower(s.text[runA:runB])
		if legitDouble(w) || strings.ContainsAny(w[:1], "0123456789") {
			return
		}
		if strings.HasPrefix(s.text[prevB:], "!") {
			return // a cry ("Choo choo!"), not a slip
		}
		if isCapital(rune(s.text[runA])) && quoted(s.text, runA, prevB) {
			return // a name in quotes: the "Late Late" bug scrub
		}
		if w == "to" && toTaker(strings.ToLower(lastWord(s.text[:runA]))) {
			return // "write to to create": the preposition, then the infinitive's "to"
		}
		times := "twice"
		if n > 2 {
			times = fmt.Sprintf("%d times", n)
		}
		nr.e.fix("en-doubled-word", finding.Low, 90, s.start+runA, s.start+prevB, s.text[runA:runB], nr.say("%q is written %s", "「%s」が%s続いています"), s.text[runA:runB], nr.say(times, strings.NewReplacer("twice", "2回", " times", "回").Replace(times)))
	}
	for a, b := range words(s.text) {
		if runA >= 0 && (s.text[prevB:a] == " " || s.text[prevB:a] == "  ") && strings.EqualFold(s.text[runA:runB], s.text[a:b]) && !strings.ContainsAny(s.text[b:min(b+1, len(s.text))], "-+#") {
			prevB, n = b, n+1
			continue
		}
		flush()
		runA, runB, prevB, n = a, b, b, 1
	}
	flush()
}

// successive reports the same word twice in a row (textlint
// ja-no-successive-word). A doubled particle ("をを") or auxiliary
// ("ですです") loses its repetitions;
// other doubled words get advice, since textlint has no fixer and a
// reduplication can be meant. A run of repetitions ("ををを") is one
// finding, so that its fixes never overlap. Numbers, katakana
// onomatopoeia, words in hiragana only ("まあまあ") other than verbs and
// adjectives ("あるある" is reported), the set reduplications などなど and
// 一つ一つ (一人一人, 一歩一歩), a verb's stem doubled (途切れ途切れ), symbols
// and the words of
// Config.Options.SuccessiveAllow are exempt.
func (nr *narrative) successive(s sentence, ts []token) {
	for i := 1; i < len(ts); i++ {
		p, t := ts[i-1], ts[i]
		if p.surface != t.surface || t.pos == "記号" || strings.Trim(t.surface, "\x1f \u3000") == "" || p.off+len(p.surface) != t.off {
			continue
		}
		j := i + 1 // ts[i:j] repeat ts[i-1]
		for j < len(ts) && ts[j].surface == t.surface && ts[j].off == ts[j-1].off+len(t.surface) {
			j++
		}
		at, end := s.start+t.off, s.start+ts[j-1].off+len(t.surface)
		times := "2回"
		if j-i > 1 {
			times = fmt.Sprintf("%d回", j-i+1)
		}
		switch {
		case slices.Contains(nr.rev.cfg.Options.SuccessiveAllow, t.surface):
		case t.pos == "名詞" && t.pos1 == "数" || isOnomatopoeia(t.surface) && !nr.rev.cfg.Options.SuccessiveOnomatopoeia:
		case t.surface == "など" || strings.HasPrefix(t.surface, "一") && utf8.RuneCountInString(t.surface) > 1 ||
			t.pos == "動詞" && t.cform == "連用形" && utf8.RuneCountInString(t.surface) > 1:
			// set reduplications: 「…などなど」, each one in turn (一つ一つ, 一人一人,
			// 一歩一歩), and a verb's stem doubled into an adverb (途切れ途切れ, 離れ離れ)
		case t.pos == "助詞", t.pos == "助動詞": // an auxiliary is never reduplicated: 「ですです」
			nr.e.fix("ja-no-successive-word", finding.Low, 85, at, end, "", "「%s」が%s続いています", t.surface, times)
		case isHiragana(t.surface) && t.pos != "動詞" && t.pos != "形容詞":
			// a reduplication (まあまあ, いろいろ); a verb or adjective (あるある) is a slip
		default:
			nr.e.advise("ja-no-successive-word", finding.Low, 70, at, end, "「%s」が%s続いています", t.surface, times)
		}
		i = j - 1
	}
}

// isHiragana reports a word written in hiragana only.
func isHiragana(s string) bool {
	for _, c := range s {
		if c < 'ぁ' || c > 'ゖ' && c != 'ー' {
			return false
		}
	}
	return s != ""
}

func isOnomatopoeia(s string) bool {
	for _, c := range s {
		if !(c >= 'ァ' && c <= 'ロ' || c == 'ワ' || c == 'ヲ' || c == 'ン' || c == 'ー') {
			return false
		}
	}
	return true
}

// lastWord returns the last run of ASCII letters in s, skipping the
// spaces after it.
func lastWord(s string) string {
	e := len(s)
	for e > 0 && (s[e-1] == ' ' || s[e-1] == '\t') {
		e--
	}
	b := e
	for b > 0 && isASCIILetter(s[b-1]) {
		b--
	}
	return s[b:e]
}
