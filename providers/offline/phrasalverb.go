package offline

import (
	"strings"

	"github.com/kaigi-dev/kaigi/finding"
)

// phrasalVerbRule reports a phrasal verb written as the one-word noun made
// from it where only a verb can stand: "you can setup the server", "how
// to backup a cluster", "is not setup" ("set up", "back up": the noun is
// setup, the verb set up, as every English style guide has it).
const phrasalVerbRule = "en-phrasal-verb"

// phrasalVerbs maps a one-word noun to the verb and particle it is made
// from.
var phrasalVerbs = map[string][2]string{
	"setup": {"set", "up"}, "backup": {"back", "up"}, "login": {"log", "in"}, "logout": {"log", "out"},
	"checkout": {"check", "out"}, "shutdown": {"shut", "down"}, "cleanup": {"clean", "up"},
	"lookup": {"look", "up"}, "signup": {"sign", "up"}, "rollout": {"roll", "out"}, "rollback": {"roll", "back"},
	"teardown": {"tear", "down"}, "startup": {"start", "up"}, "breakdown": {"break", "down"},
}

// phrasalVerbs reports, for each word of phrasalVerbs in lower case right
// after a modal, "not", "please" or the "to" of an infinitive ("how to",
// "need to", "able to": see infinitiveTo), the verb and particle as the
// fix: "can setup the server" → "can set up the server". Before a pronoun
// the particle follows it: "checkout it" → "check it out". A word joined
// to code or a path ("to `setup`", "setup.py") is a name, and a sentence's
// first word is left alone ("Setup is quick" is the noun).
func (nr *narrative) phrasalVerbs(s sentence, ws sentenceWords) {
	if !nr.e.on(phrasalVerbRule) || nr.doc.kana {
		return
	}
	for i := 1; i < len(ws.at); i++ {
		w := s.text[ws.at[i][0]:ws.at[i][1]]
		vp, ok := phrasalVerbs[w]
		if !ok || ws.joined(i) || !ws.near(i-1, i) || !verbSlot(ws, i-1) {
			continue
		}
		start, end := ws.at[i][0], ws.at[i][1]
		fix := vp[0] + " " + vp[1]
		if p := ws.lower(i + 1); objectPronoun(p) && ws.near(i, i+1) && !ws.joined(i+1) {
			end = ws.at[i+1][1]
			fix = vp[0] + " " + s.text[ws.at[i+1][0]:ws.at[i+1][1]] + " " + vp[1]
		}
		nr.e.fix(phrasalVerbRule, finding.Low, 85, s.start+start, s.start+end, fix,
			"%q is the noun; the verb is %q", w, vp[0]+" "+vp[1])
	}
}

// verbSlot reports whether word i of ws is one after which only a verb
// stands: a modal, "not", "please", or the "to" of an infinitive.
func verbSlot(ws sentenceWords, i int) bool {
	switch ws.lower(i) {
	case "can", "could", "will", "would", "should", "shall", "must", "may", "might", "cannot", "can't", "won't",
		"wouldn't", "shouldn't", "couldn't", "don't", "doesn't", "didn't", "not", "please":
		return true
	case "to":
		return ws.near(i-1, i) && infinitiveTo(ws.lower(i-1))
	}
	return false
}

// infinitiveTo reports a word after which "to" opens an infinitive
// ("how to", "need to", "able to"), not a preposition's phrase ("go to
// setup", "in addition to cleanup").
func infinitiveTo(w string) bool {
	switch strings.TrimSuffix(w, "s") {
	case "how", "need", "needed", "want", "wanted", "able", "have", "ha", "had", "try", "trie", "tried", "trying",
		"going", "used", "easy", "order", "way", "possible", "necessary", "required", "like", "wish", "plan", "decide",
		"decided", "forget", "remember", "sure", "important", "where", "when", "what", "whether", "time", "step":
		return true
	}
	return false
}

// objectPronoun reports a pronoun that stands between a phrasal verb and
// its particle ("set it up").
func objectPronoun(w string) bool {
	switch w {
	case "it", "them", "him", "her", "us", "me":
		return true // not "this" and "that", which may open a noun phrase: "set up this server"

	}
	return false
}
