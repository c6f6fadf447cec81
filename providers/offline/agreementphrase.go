package offline

import "strings"

// The shapes of en-agreement that read a pronoun, "there is no", "here
// is", a relative clause, and an article before a bare percentage.

// agreementPronoun finds a subject pronoun and a verb after it that
// takes the other number: "they is", "we has", "they doesn't" (fixed
// to are, have, don't), "he are", "she don't" (is, doesn't). "it" and
// "you" are left alone, as they may be objects ("the values you pass to
// it are"), and so are "I", "he were" and "she have" (the subjunctive,
// "should she have"), and a pronoun named as a word ("the word they is").
func (ws sentenceWords) agreementPronoun(i int) (int, string) {
	if !ws.near(i, i+1) || ws.joined(i) {
		return -1, ""
	}
	switch ws.lower(i - 1) {
	case "word", "pronoun", "term", "say", "says", "said", "write", "writes", "written":
		return -1, ""
	}
	v := ws.lower(i + 1)
	switch ws.lower(i) {
	case "they", "we":
		if singularVerb(v) {
			return i + 1, pluralOf[v]
		}
	case "he", "she":
		switch v {
		case "are", "aren't", "don't", "weren't":
			return i + 1, singularOf[v]
		}
	}
	return -1, ""
}

// barePercent returns, when word i is "a" or "an" followed by a number,
// "%" (or "percent") and "of", the index of "of": an article before a
// bare percentage has lost its noun ("had a 10% of receiving" for "a 10%
// chance of"). Otherwise -1.
func (ws sentenceWords) barePercent(i int) int {
	if w := ws.lower(i); (w != "a" && w != "an") || !ws.adjacent(i, i+1) {
		return -1
	}
	num := ws.lower(i + 1)
	if num == "" || strings.Trim(num, "0123456789.") != "" {
		return -1
	}
	of := i + 2
	switch {
	case ws.lower(of) == "percent" && ws.adjacent(i+1, of):
		of++
		if !ws.near(of-1, of) {
			return -1
		}
	case of < len(ws.at) && strings.TrimSpace(ws.text[ws.at[i+1][1]:ws.at[of][0]]) == "%":
	default:
		return -1
	}
	if ws.lower(of) != "of" {
		return -1
	}
	return of
}

// endsPhrase reports whether word k can end a noun phrase whose head is
// word k-1: there is no word k, punctuation stands between, or word k is
// a preposition, a clause word or a word that follows a subject ("no
// files left", "the steps to", "some files that"), not a noun of a
// compound ("no users table").
func (ws sentenceWords) endsPhrase(k int) bool {
	if k >= len(ws.at) || !ws.near(k-1, k) {
		return true
	}
	switch w := ws.lower(k); w {
	case "left", "available", "needed", "required", "yet", "here", "there", "below", "above", "now":
		return true
	default:
		return headPreposition(w) || clauseWord(w)
	}
}

// regularPlural reports a word that reads as a plural noun where no
// amount can be meant ("here is the steps"): pluralNoun without its
// exception for units, and not invariantPlural.
func regularPlural(w string) bool {
	return len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") &&
		!strings.HasSuffix(w, "is") && !strings.Contains(w, "'") && !invariantPlural(w)
}

// noPlural reports "no", "some" or "any" at word n before a plural noun
// that ends its phrase: "there is no files left".
func (ws sentenceWords) noPlural(n int) bool {
	switch ws.lower(n) {
	case "no", "some", "any":
	default:
		return false
	}
	h := ws.lower(n + 1)
	return regularPlural(h) && ws.common(n+1) && ws.near(n, n+1) && !ws.joined(n+1) && ws.endsPhrase(n+2)
}

// common reports whether word i is written in lower case: a name such as
// GitOps, Kubernetes or Jenkins ends in "s" and is no plural ("there is
// no GitOps").
func (ws sentenceWords) common(i int) bool {
	if i < 0 || i >= len(ws.at) {
		return false
	}
	w := ws.text[ws.at[i][0]:ws.at[i][1]]
	return strings.ToLower(w) == w
}

// pluralPhrase reports a determiner at word n, at most one plain
// modifier and a plural noun that ends its phrase: "the steps", "a few
// options", "your results".
func (ws sentenceWords) pluralPhrase(n int) bool {
	switch ws.lower(n) {
	case "the", "these", "those", "your", "our", "their", "its", "some", "two", "three", "four", "five", "several":
	default:
		return false
	}
	for h := n + 1; h <= n+2 && h < len(ws.at); h++ {
		if !ws.plainRun(n, h) {
			return false
		}
		if w := ws.lower(h); regularPlural(w) && ws.common(h) && ws.endsPhrase(h+1) {
			return true
		}
	}
	return false
}

// agreementRelative finds a determiner, at most two modifiers, a plural
// head, "that", "which" or "who" and a singular verb: "It copies the
// files that is older than a day" → "are". A head after a preposition
// is left alone ("one of the users who has", "the number of files that
// is", "a workflow for many users which is"): the clause may belong to
// the noun before it.
func (ws sentenceWords) agreementRelative(i int) (int, string) {
	switch ws.lower(i) {
	case "the", "these", "those", "its", "our", "your", "their", "my", "all", "some", "many", "several":
	default:
		return -1, ""
	}
	if headPreposition(ws.lower(i - 1)) {
		return -1, "" // "a workflow for many users which is": the clause may belong to the noun before the preposition
	}
	for h := i + 1; h <= i+3 && h+2 < len(ws.at); h++ {
		w := ws.lower(h)
		if !ws.plainRun(i, h) || headPreposition(w) {
			return -1, ""
		}
		c := ws.text[ws.at[h][0]]
		if c < 'a' || c > 'z' || !pluralNoun(w) || invariantPlural(w) {
			continue
		}
		switch ws.lower(h + 1) {
		case "that", "which", "who":
		default:
			return -1, ""
		}
		if v := ws.lower(h + 2); singularVerb(v) && ws.near(h, h+1) && ws.near(h+1, h+2) && !ws.joined(h+2) {
			return h + 2, pluralOf[v]
		}
		return -1, ""
	}
	return -1, ""
}
