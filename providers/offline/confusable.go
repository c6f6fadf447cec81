package offline

import "github.com/kaigi-dev/kaigi/finding"

// confusableRule reports an English word written for another it sounds
// like, where the words around it settle which was meant.
const confusableRule = "en-confusable"

// confusable reports "its" before a word a possessive cannot precede
// ("its the first time" → "it's") and "loose" where a verb must stand,
// after "to", a modal or "not" ("will loose data" → "lose"). Each has a
// fix: the context leaves one reading.
func (nr *narrative) confusable(s sentence) {
	if !nr.e.on(confusableRule) {
		return
	}
	ws := wordsIn(s.text)
	for i := range ws.at {
		var fix string
		switch ws.lower(i) {
		case "its":
			switch ws.lower(i + 1) {
			case "a", "an", "the", "not", "been", "going", "because":
				if ws.near(i, i+1) {
					fix = "it's"
				}
			}
		case "loose":
			switch ws.lower(i - 1) {
			case "to", "will", "can", "could", "would", "may", "might", "must", "should", "shall", "not", "never", "cannot", "don't", "won't", "didn't", "doesn't":
				if ws.near(i-1, i) {
					fix = "lose"
				}
			}
		}
		if fix == "" || ws.joined(i) {
			continue
		}
		a, b := ws.at[i][0], ws.at[i][1]
		fix = ws.asWritten(i, fix)
		nr.e.fix(confusableRule, finding.Low, 85, s.start+a, s.start+b, fix, nr.say("%q where %q is meant", "「%s」は「%s」の誤りです"), s.text[a:b], fix)
	}
}
