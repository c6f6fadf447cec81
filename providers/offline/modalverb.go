package offline

import (
	"strings"

	"github.com/kaigi-dev/kaigi/finding"
)

// modalVerbRule reports a verb in its -s form right after a modal or a
// negated do, where only the bare form stands: "will uses" → "will use",
// "does not works" → "does not work".
const modalVerbRule = "en-modal-verb"

// modalVerbs fixes, in sentence s, a verb of sVerbs right after a modal
// or "do not" (and its contractions and tenses) to its bare form. A modal
// that opens the sentence asks a question whose subject may follow ("Can
// users sign in?"), and one after a determiner is a noun ("the can"):
// both are left alone.
func (nr *narrative) modalVerbs(s sentence, ws sentenceWords) {
	if !nr.e.on(modalVerbRule) || nr.doc.kana {
		return
	}
	for i := 1; i < len(ws.at); i++ {
		w := s.text[ws.at[i][0]:ws.at[i][1]]
		bare, ok := bareForm(w)
		if !ok || !ws.near(i-1, i) || ws.joined(i) || !modalBefore(ws, i) {
			continue
		}
		a, b := ws.at[i][0], ws.at[i][1]
		nr.e.fix(modalVerbRule, finding.Low, 85, s.start+a, s.start+b, bare, "%q after %q: the verb takes its bare form, %q", w, s.text[ws.at[i-1][0]:ws.at[i-1][1]], bare)
	}
}

// modalBefore reports whether the words before word i of ws are a modal
// or a negated do that word i is the verb of.
func modalBefore(ws sentenceWords, i int) bool {
	prev := ws.lower(i - 1)
	if prev == "not" && ws.near(i-2, i-1) {
		switch ws.lower(i - 2) {
		case "does", "did", "do":
			return i-2 > 0 // "Does not X" opens no statement
		}
		prev = ws.lower(i - 2)
		i--
	}
	switch prev {
	case "can", "could", "will", "would", "should", "shall", "must", "may", "might", "cannot", "can't", "won't",
		"wouldn't", "shouldn't", "couldn't", "mustn't", "doesn't", "didn't", "don't":
	default:
		return false
	}
	if i-1 == 0 {
		return false // a question: "Can users sign in?"
	}
	switch ws.lower(i - 2) {
	case "a", "an", "the", "this", "that":
		return false // "the can holds"
	}
	return true
}

// bareForm returns the bare form of w when w is the -s form of a common
// verb (sVerbs).
func bareForm(w string) (string, bool) {
	switch w {
	case "has":
		return "have", true
	case "does":
		return "do", true
	case "goes":
		return "go", true
	case "caches":
		return "cache", true
	}
	if !strings.HasSuffix(w, "s") || !sVerbs[w] {
		return "", false
	}
	switch {
	case strings.HasSuffix(w, "ies"):
		return strings.TrimSuffix(w, "ies") + "y", true
	case strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "shes"), strings.HasSuffix(w, "xes"), strings.HasSuffix(w, "sses"):
		return strings.TrimSuffix(w, "es"), true
	}
	return strings.TrimSuffix(w, "s"), true
}

// sVerbs is the set of verbs bareForm knows in their -s form: the common
// verbs of technical prose. It is read only.
var sVerbs = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`runs returns sets gets uses takes makes creates contains includes requires supports
		provides allows works starts stops needs fails calls sends reads writes adds removes checks builds loads saves shows
		keeps helps depends becomes causes handles accepts exists matches updates changes generates produces prints displays
		applies stores deletes executes installs opens closes waits tries gives finds lets puts looks seems appears happens
		occurs copies moves renames replaces restarts deploys compiles parses validates converts sends receives reports
		enables disables prevents ensures defines declares exports imports implements extends overrides fetches pushes
		pulls merges fixes passes caches reuses resolves returns triggers emits logs listens connects`) {
		m[w] = true
	}
	return m
}()
