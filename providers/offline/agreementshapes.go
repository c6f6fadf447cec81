package offline

import "strings"

// The shapes of en-agreement that read a noun phrase past "there is" and
// a sentence-opening count: a head noun and the phrase after it, a
// quantity that makes its noun plural, "both X and Y", and "one of" and
// a plural noun (agreementphrase.go holds the rest). Each returns the
// index of the verb that does not agree, or -1, and the words it reads
// are plain (plainRun).

// singularVerb reports a verb form that takes a singular subject and
// that pluralOf can turn plural.
func singularVerb(w string) bool {
	switch w {
	case "is", "was", "has", "isn't", "wasn't", "doesn't":
		return true
	}
	return false
}

// invariantPlural reports a noun that ends in "s" and yet takes a
// singular verb (series, news, means, mathematics), or may (the
// headquarters, the terms of service).
func invariantPlural(w string) bool {
	switch w {
	case "series", "species", "means", "news", "headquarters", "whereabouts", "crossroads", "barracks", "innings",
		"terms", "kudos", "chaos", "lens", "canvas", "atlas", "alias", "bias", "gas", "yes", "plus", "odds",
		"ethos", "pathos", "cosmos", "thanks", "always", "perhaps", "sometimes", "afterwards", "towards", "whereas", "nowadays":
		return true
	}
	return strings.HasSuffix(w, "ics") // physics, statistics, analytics
}

// clauseWord reports a word that cannot stand inside the noun phrase
// after "of": a pronoun, a conjunction, a relative word or a verb opens a
// clause whose own verb may be the one that follows.
func clauseWord(w string) bool {
	switch w {
	case "that", "which", "who", "whom", "whose", "what", "when", "where", "why", "how", "while", "if", "because", "whether",
		"since", "although", "though", "unless", "until", "and", "or", "but", "nor", "as", "than", "so", "after", "before", "once",
		"i", "you", "he", "she", "it", "we", "they", "there",
		"is", "are", "was", "were", "be", "been", "being", "has", "have", "had", "do", "does", "did",
		"can", "could", "will", "would", "shall", "should", "may", "might", "must", "not":
		return true
	}
	return false
}

// plainRun reports words from..to (inclusive) of ws written as a run of
// plain words: only white space between them, none joined to code, none
// a clauseWord, and no determiner after a noun, which opens a clause
// without its "that" ("a format the collector has been configured to
// receive"): a determiner stands first, or after a preposition or a
// gerund ("the costs of running the cluster").
func (ws sentenceWords) plainRun(from, to int) bool {
	for k := from; k <= to; k++ {
		if k >= len(ws.at) || ws.joined(k) || clauseWord(ws.lower(k)) || k > from && !ws.near(k-1, k) {
			return false
		}
		if k > from && determiner(ws.lower(k)) {
			if p := ws.lower(k - 1); !headPreposition(p) && !strings.HasSuffix(p, "ing") && !determiner(p) {
				return false
			}
		}
	}
	return true
}

// headPreposition reports a preposition that can open the phrase after
// a head noun ("the costs of", "the logs for", "the changes to").
func headPreposition(w string) bool {
	switch w {
	case "of", "for", "in", "on", "from", "with", "to", "across", "per", "between", "under", "over", "at",
		"by", "into", "within", "without", "through", "via", "about", "during", "against", "among", "around", "inside", "outside":
		return true
	}
	return false
}

// subordinator reports a conjunction that opens a clause of its own
// ("since volume mounts from the host is").
func subordinator(w string) bool {
	switch w {
	case "since", "because", "while", "although", "though", "when", "if", "whereas", "unless", "but", "so":
		return true
	}
	return false
}

// clauseStart reports whether word i can open a clause whose subject
// follows: it opens the sentence or follows punctuation, or a
// conjunction ("but the costs of ... was", "because the logs for ...
// is").
func clauseStart(ws sentenceWords, i int) bool {
	if i == 0 || !ws.near(i-1, i) {
		return true
	}
	switch ws.lower(i - 1) {
	case "but", "because", "since", "while", "although", "though", "when", "if", "that", "whereas", "unless":
		return true // not "and": "a list of conditions and their definitions is provided"
	}
	return false
}

// agreementHead finds, opening a clause (clauseStart), a noun phrase
// (a determiner, at most two modifiers, the head noun) and then a verb
// that disagrees with the head, and returns the verb and its fix:
//
//   - a determiner (or, after a subordinating conjunction, a modifier),
//     a plural head in lower case, and a singular verb, either at once
//     ("The archived WAL segments is", unless a number makes the phrase
//     an amount: "the first 100 requests is free"; not after "all" or
//     "that", where the "s" may end a verb: "all it needs is") or after
//     a preposition, a participle and its preposition ("The costs
//     associated with", "The files stored in") or a gerund ("The pods
//     running on"), and one to seven plain words: "The costs of running
//     the cluster was" → "were", "but the storage costs for cold data
//     is" → "are", "since volume mounts from the host is";
//   - a determiner, a singular head, "of", one to seven plain words and
//     a plural verb: "The list of supported platforms are" → "is", "the
//     number of requests have" → "has".
//
// A head that ends in "s" but is singular (series, news, physics) or a
// unit (hours) is no plural head; a head that takes the number of what
// follows "of" (the rest, a majority, a group, a lot, the best) or is
// plural without an "s" (people, data) is no singular head. A modifier
// ending in "ing" is a gerund whose phrase is the subject ("Setting
// limits on pods is"). A phrase holding a pronoun, conjunction, relative
// word or verb, whose clause may own the verb ("The results of what it
// has is"), matches nothing.
func (ws sentenceWords) agreementHead(i int) (int, string) {
	if !clauseStart(ws, i) {
		return -1, ""
	}
	det := ws.lower(i)
	switch det {
	case "the", "these", "those", "its", "our", "your", "their", "my", "all", "this", "a", "an", "his", "her":
	default:
		// a modifier with no determiner, only after a subordinating
		// conjunction: elsewhere it may be a verb ("use macros to reduce
		// code duplication is", "code that returns structures from files
		// is") or half of a pair ("copyright and license comments in each
		// file is")
		det = ""
		m := ws.lower(i)
		if !ws.near(i-1, i) || !subordinator(ws.lower(i-1)) || determiner(m) || clauseWord(m) ||
			strings.HasSuffix(m, "s") || strings.HasSuffix(m, "ing") || strings.HasSuffix(m, "ed") || m[0] >= '0' && m[0] <= '9' {
			return -1, ""
		}
	}
	from, to := i+1, i+3 // up to two modifiers: "The archived WAL segments"
	if det == "" {
		to = i + 1
	}
	for head := from; head <= to && head+2 < len(ws.at); head++ {
		c := ws.text[ws.at[head][0]]
		h := ws.lower(head)
		if !ws.plainRun(i, head) || headPreposition(h) {
			return -1, "" // "the set of containers in a pod is": "containers" is no head
		}
		if c < 'a' || c > 'z' {
			continue
		}
		if head > from && relativeNoun(ws.lower(head-1)) {
			return -1, "" // "the reason employers of ... invested in it was": a clause with no "that" after the noun
		}
		plural := pluralNoun(h) && !invariantPlural(h) && !strings.Contains(h, "-") && det != "a" && det != "an" && det != "this"
		if plural && singularVerb(ws.lower(head+1)) && ws.near(head, head+1) && !ws.numberIn(i, head) && det != "all" && ws.lower(i-1) != "that" {
			// "The archived WAL segments is"; not "all Linkerd needs is",
			// "the guarantee that the cache makes is": a verb ending in
			// "s" after its subject, in a clause that is the subject
			return head + 1, pluralOf[ws.lower(head+1)]
		}
		next := ws.lower(head + 1)
		// "The pods running on", "the files matching the", "The files stored in";
		// not "The traits working group is", where the -ing word is a modifier
		participle := strings.HasSuffix(next, "ing") && (headPreposition(ws.lower(head+2)) || determiner(ws.lower(head+2))) ||
			strings.HasSuffix(next, "ed") && headPreposition(ws.lower(head+2))
		plural = plural && (headPreposition(next) || participle)
		singular := det != "" && det != "these" && det != "those" && det != "all" && head == i+1 &&
			ws.lower(head+1) == "of" && singularHead(h, det)
		if !plural && !singular {
			continue
		}
		for v := head + 3; v <= head+9 && v < len(ws.at); v++ {
			if !ws.plainRun(head+1, v-1) {
				return -1, ""
			}
			if !ws.near(v-1, v) {
				break
			}
			if nonFinite(ws.lower(v - 1)) {
				continue // "the ability of crates to have": an infinitive, or a verb after a modal
			}
			switch w := ws.lower(v); {
			case plural && singularVerb(w):
				return v, pluralOf[w]
			case singular && singularOf[w] != "":
				return v, singularOf[w]
			}
		}
		return -1, ""
	}
	return -1, ""
}

// relativeNoun reports a noun that a clause follows with no "that" (the
// reason people use it, the way users work, the time it takes).
func relativeNoun(w string) bool {
	switch w {
	case "reason", "way", "time", "day", "moment", "place", "extent":
		return true
	}
	return false
}

// nonFinite reports a word after which a verb is an infinitive or follows
// a modal, and so agrees with no subject: "to", "can", "will", ...
func nonFinite(w string) bool {
	switch w {
	case "to", "can", "could", "will", "would", "shall", "should", "may", "might", "must":
		return true
	}
	return false
}

// numberIn reports a number among words from..to: "the first 100
// requests is free" counts an amount.
func (ws sentenceWords) numberIn(from, to int) bool {
	for k := from; k <= to; k++ {
		if w := ws.lower(k); w != "" && (w[0] >= '0' && w[0] <= '9' || pluralCount(w)) {
			return true
		}
	}
	return false
}

// singularHead reports a word, after det, that reads as a singular noun
// whose number "of" and a plural do not change: "the list of", "the
// value of", "the number of" (but "a number of" is many). It ends in no
// "s", has only letters, and is none of the nouns that take the number
// of what follows "of" (partitives, collectives, amounts: the rest, a
// majority, a group, a lot of, a total of, a variety of), no plural
// without an "s" (people, data, criteria) and no superlative (the best
// of them are).
func singularHead(w, det string) bool {
	if len(w) < 3 || strings.HasSuffix(w, "s") || strings.HasSuffix(w, "est") || strings.Trim(w, "abcdefghijklmnopqrstuvwxyz") != "" {
		return false
	}
	switch w {
	case "number":
		return det != "a" && det != "an"
	case "rest", "majority", "minority", "remainder", "bulk", "half", "most", "lot", "plenty", "percent", "percentage",
		"proportion", "fraction", "portion", "part", "share", "kind", "sort", "type", "variety", "range", "couple", "pair",
		"group", "team", "family", "staff", "set", "subset", "handful", "dozen", "hundred", "thousand", "million", "billion",
		"total", "host", "array", "collection", "multitude", "plethora", "myriad", "slew", "ton", "heap", "pile", "load",
		"bunch", "mass", "body", "whole", "entirety", "few", "middle", "top", "bottom", "first", "last", "least", "best", "worst",
		"people", "children", "men", "women", "data", "criteria", "media", "phenomena", "feet", "teeth", "police", "cattle",
		"personnel", "crew", "audience", "committee", "government", "company", "public", "majority's", "other", "latter",
		"former", "same", "following", "remaining", "each", "none", "all", "any", "some", "one", "both", "either", "neither":
		return false
	}
	return true
}

// quantityOpening returns how many words open the sentence with a
// quantity that makes the noun after it plural ("a number of", "a couple
// of", "both", "all the", "most of the"), or 0.
func (ws sentenceWords) quantityOpening() int {
	w := func(i int) string { return ws.lower(i) }
	switch {
	case w(0) == "a" && (w(1) == "number" || w(1) == "couple" || w(1) == "lot") && w(2) == "of":
		return 3
	case (w(0) == "lots" || w(0) == "plenty") && w(1) == "of":
		return 2
	case w(0) == "both":
		return 1
	case w(0) == "all" && w(1) == "the":
		return 2
	case (w(0) == "most" || w(0) == "many" || w(0) == "some" || w(0) == "few" || w(0) == "all" || w(0) == "several") && w(1) == "of" && w(2) == "the":
		return 3
	}
	return 0
}

// agreementQuantity finds, opening the sentence, a quantity of
// quantityOpening, at most one plain word, a plural noun and a singular
// verb, all adjacent: "A number of issues was fixed" → "were", "Both
// servers is" → "are". Units (hours, bytes) are amounts and match nothing
// ("A couple of hours is enough").
func (ws sentenceWords) agreementQuantity() int {
	q := ws.quantityOpening()
	if q == 0 || !ws.plainRun(0, q-1) {
		return -1
	}
	for n := q; n <= q+1 && n+1 < len(ws.at); n++ {
		if !ws.plainRun(q-1, n) {
			return -1
		}
		if w := ws.lower(n); pluralNoun(w) && !invariantPlural(w) {
			if singularVerb(ws.lower(n+1)) && ws.near(n, n+1) {
				return n + 1
			}
			return -1
		}
	}
	return -1
}

// agreementBoth finds "both", a noun phrase, "and", a noun phrase and a
// singular verb, opening a clause: "Both the base backup and the WAL
// archive is needed" → "are". Each phrase is one to four plain words.
func (ws sentenceWords) agreementBoth(i int) int {
	if ws.lower(i) != "both" || !clauseStart(ws, i) {
		return -1
	}
	and := -1
	for k := i + 2; k <= i+5 && k < len(ws.at); k++ {
		if ws.lower(k) == "and" {
			and = k
			break
		}
	}
	if and < 0 || !ws.plainRun(i+1, and-1) || !ws.near(and-1, and) || !ws.near(and, and+1) {
		return -1
	}
	for v := and + 2; v <= and+5 && v < len(ws.at); v++ {
		if !ws.plainRun(and+1, v-1) {
			return -1
		}
		if singularVerb(ws.lower(v)) && ws.near(v-1, v) {
			return v
		}
	}
	return -1
}

// agreementOneOf finds "one of", a determiner, at most one plain word, a
// plural noun and a plural verb, all adjacent: "One of the files are
// missing" → "is", "one of our main reasons have been" → "has". A verb
// after a second plural
// noun ("one of the reasons users are leaving": users own the verb).
// "one" must open a clause (clauseOpening).
func (ws sentenceWords) agreementOneOf(i int) int {
	if ws.lower(i+1) != "of" || !clauseOpening(ws, i) {
		return -1
	}
	switch ws.lower(i + 2) {
	case "the", "these", "those", "its", "our", "your", "their", "my", "his", "her":
	default:
		return -1
	}
	for n := i + 3; n <= i+4 && n+1 < len(ws.at); n++ {
		if !ws.plainRun(i, n) {
			return -1
		}
		if w := ws.lower(n); pluralNoun(w) && !invariantPlural(w) {
			if singularOf[ws.lower(n+1)] != "" && ws.near(n, n+1) {
				return n + 1
			}
			return -1
		}
	}
	return -1
}

// clauseOpening reports whether word i opens a clause, so that it can be
// its subject: it opens the sentence or follows punctuation, or a word
// that opens a clause or counts ("if one of", "each one of", "at least
// one of"). After a verb or a preposition it is an object ("packages
// matching one of the names are removed"), and "more than one of" is
// left alone.
func clauseOpening(ws sentenceWords, i int) bool {
	if i == 0 || !ws.near(i-1, i) {
		return true
	}
	switch ws.lower(i - 1) {
	case "each", "every", "if", "when", "whenever", "because", "since", "while", "and", "but", "that", "where", "unless", "least", "though", "although", "so", "only":
		return true
	}
	return false
}
