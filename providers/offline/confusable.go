package offline

import (
	"strings"

	"github.com/kaigi-dev/kaigi/finding"
)

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
	type word struct{ a, b int }
	var ws []word
	for a, b := range words(s.text) {
		ws = append(ws, word{a, b})
	}
	text := func(i int) string {
		if i < 0 || i >= len(ws) {
			return ""
		}
		return strings.ToLower(s.text[ws[i].a:ws[i].b])
	}
	for i, w := range ws {
		var fix string
		switch text(i) {
		case "its":
			switch text(i + 1) {
			case "a", "an", "the", "not", "been", "going", "because":
				if strings.TrimSpace(s.text[w.b:ws[i+1].a]) == "" {
					fix = "it's"
				}
			}
		case "loose":
			switch text(i - 1) {
			case "to", "will", "can", "could", "would", "may", "might", "must", "should", "shall", "not", "never", "cannot", "don't", "won't", "didn't", "doesn't":
				if strings.TrimSpace(s.text[ws[i-1].b:w.a]) == "" {
					fix = "lose"
				}
			}
		}
		if fix == "" || joined(s.text, w.a, w.b) {
			continue
		}
		old := s.text[w.a:w.b]
		if old[0] >= 'A' && old[0] <= 'Z' {
			fix = strings.ToUpper(fix[:1]) + fix[1:]
		}
		nr.e.fix(confusableRule, finding.Low, 85, s.start+w.a, s.start+w.b, fix, nr.say("%q where %q is meant", "「%s」は「%s」の誤りです"), old, fix)
	}
}
