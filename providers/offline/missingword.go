package offline

import (
	"strings"

	"github.com/kaigi-dev/kaigi/finding"
)

// missingWordRule reports a construction that lacks a word its grammar
// needs.
const missingWordRule = "en-missing-word"

// missingWord advises on "allow", "enable" or "permit" directly before
// "to" and a verb, which lacks its object ("allows to configure" →
// "allows you to configure" or "allows configuring"), and on "able"
// after a form of "be" or "not" directly before a word other than "to"
// ("be able use" → "be able to use"). Both are advice: which object, or
// which verb, the writer meant is theirs to say. After a subject pronoun
// the object may have moved before it ("the hosts that you allow to
// connect", "that we'd allow to occur", "that they will allow to run")
// and nothing is reported; a Japanese document gets none.
func (nr *narrative) missingWord(s sentence, ws sentenceWords) {
	if !nr.e.on(missingWordRule) || nr.doc.kana {
		return
	}
	for i := 0; i+1 < len(ws.at); i++ {
		end, issue := -1, ""
		switch ws.lower(i) {
		case "allow", "allows", "allowing", "enable", "enables", "enabling", "permit", "permits", "permitting":
			if ws.lower(i+1) != "to" || !ws.near(i, i+1) || i+2 >= len(ws.at) || !ws.near(i+1, i+2) || ws.subjectBefore(i) {
				continue
			}
			if c := ws.text[ws.at[i+2][0]]; c < 'a' || c > 'z' || determiner(ws.lower(i+2)) {
				continue // "allow to the", a preposition's object
			}
			end, issue = i+2, nr.say("%q lacks an object: say who or what it lets (\"allows you to\"), or use the -ing form (\"allows configuring\")", "「%s」には目的語が欠けています")
		case "able":
			switch ws.lower(i - 1) {
			case "be", "is", "are", "was", "were", "been", "being", "not", "am":
			default:
				continue
			}
			if n := ws.lower(i + 1); n == "to" || !ws.adjacent(i, i+1) || ws.text[ws.at[i+1][0]] < 'a' || ws.text[ws.at[i+1][0]] > 'z' || clauseWord(n) || headPreposition(n) {
				continue
			}
			end, issue = i+1, nr.say("%q lacks \"to\" after \"able\"", "「%s」には「to」が欠けています")
		default:
			continue
		}
		if ws.joined(i) || ws.joined(end) {
			continue
		}
		a, b := ws.at[i][0], ws.at[end][1]
		nr.e.advise(missingWordRule, finding.Low, 75, s.start+a, s.start+b, issue, s.text[a:b])
	}
}

// subjectPronoun reports a personal pronoun that can be a subject.
func subjectPronoun(w string) bool {
	switch w {
	case "i", "you", "we", "they", "he", "she", "it":
		return true
	}
	return false
}

// subjectBefore reports a subject pronoun just before word i, alone, with
// a contracted auxiliary ("we'd", "they'll") or before a modal ("we
// would", "you can").
func (ws sentenceWords) subjectBefore(i int) bool {
	w := strings.ReplaceAll(ws.lower(i-1), "’", "'")
	for _, aux := range []string{"'d", "'ll", "'ve"} {
		if p, ok := strings.CutSuffix(w, aux); ok {
			w = p
			break
		}
	}
	if subjectPronoun(w) {
		return true
	}
	return nonFinite(w) && w != "to" && subjectPronoun(ws.lower(i-2))
}
