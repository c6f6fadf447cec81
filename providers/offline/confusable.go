package offline

import "github.com/kaigi-dev/kaigi/finding"

// confusableRule reports an English word written for another it sounds
// like, where the words around it settle which was meant.
const confusableRule = "en-confusable"

// confusable reports "its" before a word a possessive cannot precede
// ("its the first time" → "it's") and "loose" where a verb must stand,
// after "to", a modal or "not" ("will loose data" → "lose"), "then"
// after a comparative (confusableThan) and "affect" and "effect" where
// the words around them settle the part of speech (confusableEffect).
// Each has a fix: the context leaves one reading. A Japanese document
// gets neither of the last two.
func (nr *narrative) confusable(s sentence, ws sentenceWords) {
	if !nr.e.on(confusableRule) {
		return
	}
	cond := false // an "if" or "when" clause came before: "if it is larger then it ..."
	for i := range ws.at {
		var fix string
		switch w := ws.lower(i); w {
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
		case "if", "when", "whenever", "once", "unless":
			cond = true
		case "then":
			if !nr.doc.kana && (!cond || amountWord(ws.lower(i+1))) && ws.confusableThan(i) {
				fix = "than"
			}
		case "affect", "affects", "effect", "effects":
			if !nr.doc.kana {
				fix = ws.confusableEffect(i)
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

// confusableThan reports a "then" right after a comparative: "more then
// ten", "rather then", "other then". In a sentence with a condition
// before it ("if the file is larger then it is split") the "then" may
// open the clause, and only a "then" before an amount is read ("if it
// has less then 64 KiB").
func (ws sentenceWords) confusableThan(i int) bool {
	if !ws.adjacent(i-1, i) || ws.joined(i-1) {
		return false
	}
	switch ws.lower(i - 1) {
	case "more", "less", "fewer", "better", "worse", "greater", "larger", "smaller", "higher", "lower", "faster",
		"slower", "longer", "shorter", "bigger", "older", "newer", "easier", "harder", "rather", "other", "cheaper",
		"simpler", "safer", "stronger", "wider", "narrower", "heavier", "lighter":
		return true
	}
	return false
}

// confusableEffect returns the fix of "affect" used as a noun ("the
// affect of", "side affects", "takes affect") or "effect" used as a verb
// after a modal or "not" and before its object ("does not effect the
// result", "it effects the cache"), or "". "effect" before a change it
// brings about ("will effect the change") is the verb and stays.
func (ws sentenceWords) confusableEffect(i int) string {
	w, prev, next := ws.lower(i), ws.lower(i-1), ws.lower(i+1)
	if !ws.adjacent(i-1, i) {
		prev = ""
	}
	if !ws.adjacent(i, i+1) {
		next = ""
	}
	noun := map[string]string{"affect": "effect", "affects": "effects"}
	verb := map[string]string{"effect": "affect", "effects": "affects"}
	if fix := noun[w]; fix != "" {
		switch prev {
		case "side", "take", "takes", "took", "taken", "taking", "into", "in":
			if prev != "in" || next == "" { // "is in affect.", not "changes in affect and mood"
				return fix
			}
		case "the", "an", "no", "any", "little", "positive", "negative", "adverse", "significant", "desired", "same", "opposite", "net":
			if next == "on" || next == "of" {
				return fix
			}
		}
		return ""
	}
	fix := verb[w]
	if fix == "" {
		return ""
	}
	switch next {
	case "the", "your", "its", "their", "our", "this", "these", "those", "how", "whether", "any", "performance", "users", "other":
	default:
		return ""
	}
	switch ws.lower(i + 2) {
	case "change", "changes", "transition", "transfer", "reform", "reforms", "repair", "repairs", "cure", "rescue":
		return "" // "to effect the change": to bring it about
	}
	switch {
	case w == "effect":
		switch prev {
		case "not", "doesn't", "don't", "didn't", "won't", "wouldn't", "can't", "cannot", "couldn't", "shouldn't", "may", "might", "could", "would", "should", "can", "must", "does", "do", "did":
			return fix
		}
	case w == "effects":
		switch prev {
		case "it", "this", "that", "also", "directly", "negatively", "adversely", "greatly", "significantly", "only", "severely":
			return fix
		}
	}
	return ""
}

// amountWord reports a number or a word that stands for an amount, which
// no clause opens with after "then": "less then 64", "more then
// expected".
func amountWord(w string) bool {
	if w != "" && w[0] >= '0' && w[0] <= '9' {
		return true
	}
	switch w {
	case "one", "two", "three", "zero", "expected", "necessary", "needed", "required", "usual", "ever", "before", "once", "twice", "half":
		return true
	}
	return false
}
