package offline

import (
	"strings"

	"github.com/kaigi-dev/kaigi/finding"
)

// agreementRule reports a verb that does not agree with its subject
// where the words next to it leave no other reading.
const agreementRule = "en-agreement"

// pluralOf and singularOf turn a verb into its plural or singular form
// for agreement's fixes.
var (
	pluralOf   = map[string]string{"is": "are", "was": "were", "has": "have", "isn't": "aren't", "wasn't": "weren't", "doesn't": "don't", "does": "do"}
	singularOf = map[string]string{"are": "is", "were": "was", "have": "has", "aren't": "isn't", "weren't": "wasn't", "don't": "doesn't"}
)

// pluralCount reports a word that makes the noun after it plural:
// "several", "many", "multiple", a number word from two to ten.
func pluralCount(w string) bool {
	switch w {
	case "several", "many", "multiple", "numerous", "various", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten":
		return true
	}
	return false
}

// pluralNoun reports a word that reads as a regular plural noun: ending
// in "s" but not in "ss", "us" or "is" (class, status, analysis), and
// not a unit of time, size or money, which a singular verb can sum up
// ("several hours is a long time").
func pluralNoun(w string) bool {
	switch w {
	case "seconds", "minutes", "hours", "days", "weeks", "months", "years", "times", "bytes", "kilobytes", "megabytes", "gigabytes", "dollars", "euros", "miles", "meters", "steps", "lines":
		return false
	}
	return len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is") && !strings.Contains(w, "'")
}

// vagueCount reports a count without a number, after which a noun and
// a singular verb cannot be read as one amount ("two weeks is enough").
func vagueCount(w string) bool {
	switch w {
	case "several", "many", "multiple", "numerous", "various":
		return true
	}
	return false
}

// agreement reports, each with a fix of the verb, the shapes whose
// subject the next words settle:
//
//   - "there is" or "there was" before a plural count ("there is several
//     ways" → "there are"; "is there many" too), or before "no", "some"
//     or "any" and a plural noun that ends its phrase ("there is no
//     files left"; not "there is no users table");
//   - "here is" or "here's" before a determiner and a plural noun that
//     ends its phrase ("Here's the steps" → "Here are");
//   - opening the sentence, "several", "many", "multiple", "numerous" or
//     "various" and one plural noun before a singular verb ("Several
//     options is" → "are", "Many users has" → "have");
//   - opening the sentence, "each" or "every" and one noun before a
//     plural verb ("Each file are" → "is");
//   - and the shapes of agreementHead, agreementQuantity, agreementBoth,
//     agreementOneOf and agreementPronoun.
//
// The sentence-opening shapes need the count to open the sentence:
// elsewhere the noun may be a preposition's object or a gerund's ("reads
// from multiple inputs was waiting", "sending multiple buffers is
// faster", "releases appearing each October have").
//
// A word joined to code or a path, or a count opening a compound
// ("two-factor"), matches nothing. A Japanese document gets none of
// these: its English is quoted, not written.
func (nr *narrative) agreement(s sentence, ws sentenceWords) {
	if !nr.e.on(agreementRule) || nr.doc.kana {
		return
	}
	text, adjacent := ws.lower, ws.adjacent
	plain := func(i int) bool { return !ws.joined(i) }
	for i := range ws.at {
		verb, fix := -1, ""
		switch w := text(i); {
		case (w == "is" || w == "was") && (text(i-1) == "there" && adjacent(i-1, i) || text(i+1) == "there" && adjacent(i, i+1)):
			n := i + 1
			if text(n) == "there" {
				n++
			}
			if (pluralCount(text(n)) || ws.noPlural(n)) && adjacent(n-1, n) && plain(n) {
				verb, fix = i, pluralOf[w]
			}
		case w == "there's" && (pluralCount(text(i+1)) || ws.noPlural(i+1)) && adjacent(i, i+1) && plain(i+1):
			verb, fix = i, "there are"
		case (w == "here's" || w == "here" && text(i+1) == "is" && ws.near(i, i+1)) && clauseStart(ws, i):
			n := i + 1
			if w == "here" {
				n++
			}
			if ws.pluralPhrase(n) {
				verb, fix = i, "here are"
				if w == "here" {
					verb, fix = i+1, "are"
				}
			}
		case i == 0 && vagueCount(w) && pluralNoun(text(i+1)) && pluralOf[text(i+2)] != "" && adjacent(i, i+1) && adjacent(i+1, i+2) && plain(i) && plain(i+1):
			verb, fix = i+2, pluralOf[text(i+2)]
		case i == 0 && (w == "each" || w == "every") && singularOf[text(i+2)] != "" && adjacent(i, i+1) && adjacent(i+1, i+2) && plain(i+1):
			if n := text(i + 1); n != "of" && n != "other" && n != "one's" {
				verb, fix = i+2, singularOf[text(i+2)]
			}
		case w == "one":
			if verb = ws.agreementOneOf(i); verb >= 0 {
				fix = singularOf[text(verb)]
			}
		case w == "both" && ws.agreementBoth(i) >= 0:
			verb = ws.agreementBoth(i)
			fix = pluralOf[text(verb)]
		case i == 0 && ws.quantityOpening() > 0:
			if verb = ws.agreementQuantity(); verb >= 0 {
				fix = pluralOf[text(verb)]
			}
		default:
			if verb, fix = ws.agreementHead(i); verb < 0 {
				verb, fix = ws.agreementRelative(i)
			}
		}
		if verb < 0 {
			verb, fix = ws.agreementPronoun(i)
		}
		if verb < 0 || ws.joined(verb) {
			if at := ws.barePercent(i); at >= 0 {
				a, b := ws.at[i][0], ws.at[at][1]
				nr.e.advise(agreementRule, finding.Low, 80, s.start+a, s.start+b, nr.say("%q lacks its noun: a percentage takes no article (\"a 10%% chance of\", \"10%% of\")", "「%s」には名詞が欠けています"), s.text[a:b])
			}
			continue
		}
		a, b := ws.at[verb][0], ws.at[verb][1]
		fix = ws.asWritten(verb, fix)
		nr.e.fix(agreementRule, finding.Low, 85, s.start+a, s.start+b, fix, nr.say("%q does not agree with its subject: %q", "「%s」は主語と一致しません: 「%s」"), s.text[a:b], fix)
	}
}
