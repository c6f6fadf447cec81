package offline

import (
	"fmt"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/golangci/misspell"

	"github.com/kaigi-dev/kaigi/finding"
)

// The rules of this file find what editors fix most in their own text:
// misspelt English words and a phrase written twice in a row
// (repeatsentence.go has the sentences repeated verbatim).
const (
	misspellRule      = "en-misspelling"
	doubledPhraseRule = "ja-doubled-phrase"
)

// misspellings is the common-misspelling list of package
// github.com/golangci/misspell (the list golangci-lint's misspell
// linter uses, maintained there), as a map from the misspelt word to its
// correction, both in lower case. It is built once, on first use, and
// shared by every reviewer.
var misspellings = sync.OnceValue(func() map[string]string {
	m := make(map[string]string, len(misspell.DictMain)/2)
	for i := 0; i+1 < len(misspell.DictMain); i += 2 {
		m[misspell.DictMain[i]] = misspell.DictMain[i+1]
	}
	return m
})

// misspelt reports the words of an English sentence that the misspelling
// list names, as whole words: a word written in lower case, or capitalised
// only in its first letter, that is not part of a name, a path or an
// identifier (no digit, underscore, inner capital, and no '.', '/', '@'
// or '-' joining it to more letters). The fix is the list's correction,
// with the word's capital kept; a correction of two words ("alot" → "a
// lot") is a fix too.
func (nr *narrative) misspelt(s sentence) {
	if !nr.e.on(misspellRule) {
		return
	}
	dict := misspellings()
	for a, b := range words(s.text) {
		w := s.text[a:b]
		if len(w) < 3 || joined(s.text, a, b) {
			continue
		}
		lower, capital := caseOf(w)
		if lower == "" {
			continue
		}
		fix, ok := dict[lower]
		if !ok {
			continue
		}
		if capital {
			fix = strings.ToUpper(fix[:1]) + fix[1:]
		}
		nr.e.fix(misspellRule, finding.Low, 85, s.start+a, s.start+b, fix, nr.say("%q is a common misspelling of %q", "「%s」は「%s」のつづり誤りです"), w, fix)
	}
}

// caseOf returns w in lower case and whether its first letter is a
// capital, or "" when w is not a plain word: it holds a digit, an
// apostrophe, a hyphen or a capital after its first letter, or a letter
// outside ASCII.
func caseOf(w string) (lower string, capital bool) {
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case c >= 'a' && c <= 'z':
		case c >= 'A' && c <= 'Z' && i == 0:
			capital = true
		default:
			return "", false
		}
	}
	return strings.ToLower(w), capital
}

// joined reports whether the word s[a:b] is joined to more text by a
// character that makes it part of a name, a path or an identifier
// ("teh.go", "foo/recieve", "x_teh", "user@adress"), or stands next to
// masked markup (code).
func joined(s string, a, b int) bool {
	if a > 0 {
		if c := s[a-1]; c == '_' || c == '/' || c == '@' || c == '.' || c == '-' || c == mask || c == '$' || c == '#' {
			return true
		}
	}
	if b < len(s) {
		c := s[b]
		if c == '_' || c == '/' || c == '@' || c == mask || c == '-' || c == '(' {
			return true
		}
		if c == '.' && b+1 < len(s) && s[b+1] != ' ' && s[b+1] != '\n' && s[b+1] != '\r' && s[b+1] != mask {
			return true // "teh.go", not "teh." at the sentence's end
		}
	}
	return false
}

// doubledPhrase reports a phrase of two to four tokens written twice in a
// row (textlint's ja-no-successive-word compares single tokens only):
// 「であるである」, 「していしている」. A phrase of function words only
// (auxiliaries, particles, non-independent verbs: である, ている, ました)
// is never doubled on purpose, and the second copy is removed; a phrase
// with a content word (行こう行こう) may be emphasis and gets advice.
// Phrases of fewer than three characters, of digits and signs only (the
// ":00" of 21:00:00, the "/1.8" of 1.8/1.8.2), with a symbol or masked
// markup, and the repeats a single-token rule already reports are left
// alone.
func (nr *narrative) doubledPhrase(s sentence, ts []token) {
	if !nr.e.on(doubledPhraseRule) {
		return
	}
	for i := 0; i < len(ts); i++ {
		for k := 2; k <= 4 && i+2*k <= len(ts); k++ {
			if !repeatsAt(ts, i, k) {
				continue
			}
			unit := surfaces(ts, i, i+k)
			if utf8.RuneCountInString(unit) < 3 || !strings.ContainsFunc(unit, unicode.IsLetter) {
				continue // too short, or digits and signs only: "21:00:00", "2007-08-08", "1.8/1.8.2"
			}
			at, end := s.start+ts[i+k].off, s.start+ts[i+2*k-1].off+len(ts[i+2*k-1].surface)
			msg := fmt.Sprintf("「%s」が2回続いています", unit)
			if functionWords(ts[i : i+k]) {
				nr.e.fix(doubledPhraseRule, finding.Low, 80, at, end, "", "%s", msg)
			} else {
				nr.e.advise(doubledPhraseRule, finding.Low, 65, at, end, "%s", msg)
			}
			i += 2*k - 1
			break
		}
	}
}

// repeatsAt reports whether ts[i+k:i+2k] repeats ts[i:i+k] with no gap,
// and the unit is not a symbol, masked markup or one token repeated
// (ja-no-successive-word's case).
func repeatsAt(ts []token, i, k int) bool {
	same := true
	for j := i; j < i+k; j++ {
		a, b := ts[j], ts[j+k]
		if a.surface != b.surface || a.pos == "記号" || strings.IndexByte(a.surface, mask) >= 0 || strings.TrimFunc(a.surface, unicode.IsSpace) == "" {
			return false
		}
		if j > i && a.surface != ts[i].surface {
			same = false
		}
	}
	for j := i + 1; j < i+2*k; j++ {
		if ts[j].off != ts[j-1].off+len(ts[j-1].surface) {
			return false
		}
	}
	return !same
}

// functionWords reports whether every token of ts is a function word: an
// auxiliary, a particle, or a verb or noun the dictionary marks
// non-independent (い of ている, ある of である).
func functionWords(ts []token) bool {
	for _, t := range ts {
		switch {
		case t.pos == "助動詞", t.pos == "助詞":
		case (t.pos == "動詞" || t.pos == "名詞") && t.pos1 == "非自立":
		case t.pos == "動詞" && t.base == "ある" && t.pos1 == "自立":
		default:
			return false
		}
	}
	return true
}
