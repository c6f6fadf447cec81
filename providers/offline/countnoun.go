package offline

import (
	"strings"

	"github.com/kaigi-dev/kaigi/finding"
)

// countNounRule reports "less" and "amount of" before a plural noun,
// which counts: "less files" → "fewer files", "the amount of requests" →
// "the number of requests" (usage guides from Fowler to the AP and
// Google's style guides agree on it).
const countNounRule = "en-count-noun"

// countNouns fixes "less" to "fewer" and "amount" to "number" before a
// plural noun: a word of four letters or more ending in "s" that no
// adjective, adverb or mass noun ending in s is (countPlural). "more or
// less works" and "no less" are idioms; "amounts of" is left alone.
func (nr *narrative) countNouns(s sentence, ws sentenceWords) {
	if !nr.e.on(countNounRule) || nr.doc.kana {
		return
	}
	for i := 0; i+1 < len(ws.at); i++ {
		var fix string
		next := i + 1
		switch ws.lower(i) {
		case "less":
			if p := ws.lower(i - 1); p == "or" || p == "no" {
				continue
			}
			fix = "fewer"
		case "amount":
			if ws.lower(i+1) != "of" || !ws.near(i, i+1) {
				continue
			}
			next, fix = i+2, "number"
		default:
			continue
		}
		if next >= len(ws.at) || !ws.near(next-1, next) || ws.joined(i) || ws.joined(next) || !countPlural(s.text[ws.at[next][0]:ws.at[next][1]]) {
			continue
		}
		a, b := ws.at[i][0], ws.at[i][1]
		fix = ws.asWritten(i, fix)
		nr.e.fix(countNounRule, finding.Low, 80, s.start+a, s.start+b, fix, "%q before %q, which counts: use %q", s.text[a:b], s.text[ws.at[next][0]:ws.at[next][1]], fix)
	}
}

// countPlural reports a lower-case word that reads as a plural count noun:
// a regularPlural of four letters or more that ends in none of -ous,
// -ness and -ics (obvious, awareness, physics), and no function word,
// verb or noun used as a mass (resources, funds) that ends in "s".
func countPlural(w string) bool {
	if w == "" || w[0] < 'a' || w[0] > 'z' || !regularPlural(w) ||
		strings.HasSuffix(w, "ous") || strings.HasSuffix(w, "ness") || strings.HasSuffix(w, "ics") {
		return false
	}
	switch w {
	case "besides", "nevertheless", "does", "goes", "seems", "matters",
		"resources", "funds", "savings", "earnings", "goods", "proceeds", "sales", "assets", "wages", "winnings":
		return false
	}
	return true
}
