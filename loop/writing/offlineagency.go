package writing

import (
	"strings"
)

// The offline author's reading of its own draft: word rules, not
// understanding, so that the tracker's agency and balance tables fill in
// a run without a model.
var (
	choiceMarks   = []string{"chose", "choice", "decided", "decision", "made up his mind", "made up her mind", "選ん", "選択", "決め", "決意", "決断"}
	optionMarks   = []string{"could", "either", "それとも", "あるいは", "或いは", "べきか"}
	interiorMarks = []string{"thought", "wondered", "felt", "knew", "remembered", "wanted", "feared", "hoped", "realized", "realised", "思", "考え", "感じ", "気がし", "覚え", "知って", "願", "怖"}
)

// offlineChoice finds the protagonist's choice in draft: the sentence
// after the first sentence naming a choice (or that sentence, when it is
// the last), a decision; the option not taken is the sentence naming an
// option before it that has the least in common with what was chosen.
// A draft naming no choice is a reaction of who.
func offlineChoice(who, draft string) Choice {
	who = strings.TrimSpace(who)
	if who == "" {
		who = "the protagonist"
	}
	ss := sentences(bodyOf(draft))
	for i, s := range ss {
		if !hasAny(s, choiceMarks) {
			continue
		}
		c := Choice{Who: who, Kind: Decision, What: s}
		if i+1 < len(ss) {
			c.What = ss[i+1]
		}
		best := -1
		for _, o := range ss[:i] {
			if hasAny(o, optionMarks) {
				if k := common(o, c.What); best < 0 || k < best {
					best, c.NotTaken = k, o
				}
			}
		}
		return c
	}
	return Choice{Who: who, Kind: Reaction, What: "reacts to what happens; the draft names no choice"}
}

// offlineBalance measures draft's body: the characters inside quotes are
// dialogue, the sentences naming a thought or feeling interior, the rest
// action.
func offlineBalance(draft string) Balance {
	var action, dialogue, interior int
	var out strings.Builder
	depth := 0
	for _, r := range bodyOf(draft) {
		switch {
		case strings.ContainsRune("「『“", r) || (r == '"' && depth == 0):
			depth++
		case strings.ContainsRune("」』”", r) || r == '"':
			depth = max(0, depth-1)
		case depth > 0:
			dialogue++
		default:
			out.WriteRune(r)
		}
	}
	for _, s := range sentences(out.String()) {
		k := len([]rune(s))
		if hasAny(s, interiorMarks) {
			interior += k
		} else {
			action += k
		}
	}
	return normalized(action, dialogue, interior)
}

// sentences splits text at sentence ends and line ends, trimmed, the
// empty ones left out; each keeps its end mark.
func sentences(text string) []string {
	var out []string
	var cur strings.Builder
	flush := func() {
		if s := strings.TrimSpace(cur.String()); s != "" {
			out = append(out, s)
		}
		cur.Reset()
	}
	for _, r := range text {
		if r != '\n' && r != '\r' {
			cur.WriteRune(r)
		}
		if strings.ContainsRune("。！？!?.\n", r) {
			flush()
		}
	}
	flush()
	return out
}

func hasAny(s string, marks []string) bool {
	s = strings.ToLower(s)
	for _, m := range marks {
		if strings.Contains(s, m) {
			return true
		}
	}
	return false
}

// common counts the character pairs (letters and digits only, lower
// case) that a and b share.
func common(a, b string) int {
	pairs := func(s string) map[string]bool {
		var rs []rune
		for _, r := range strings.ToLower(s) {
			if r > ' ' && !strings.ContainsRune(".,!?。、！？「」", r) {
				rs = append(rs, r)
			}
		}
		m := map[string]bool{}
		for i := 1; i < len(rs); i++ {
			m[string(rs[i-1:i+1])] = true
		}
		return m
	}
	pb, k := pairs(b), 0
	for p := range pairs(a) {
		if pb[p] {
			k++
		}
	}
	return k
}
