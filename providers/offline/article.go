package offline

import (
	"strings"

	"github.com/kaigi-dev/kaigi/finding"
)

// articleRule reports "a" before a vowel sound and "an" before a
// consonant sound.
const articleRule = "en-article"

// article reports an indefinite article that does not fit the sound of
// the word after it, with the other article as the fix: "a update" → "an
// update", "an user" → "a user", "a API" → "an API", "an URL" → "a URL",
// "a 8-core" → "an 8-core". Only spellings whose sound is settled are
// read (see soundOf): "a/an historic", "a/an SQL", "a/an FAQ" and
// letters named by a vowel sound ("an nginx", "an f-string") are left
// alone, and so is an "a" that names a letter or a variable ("where a
// is", "a or b", "Plan A"). A Japanese document gets none.
func (nr *narrative) article(s sentence, ws sentenceWords) {
	if !nr.e.on(articleRule) || nr.doc.kana {
		return
	}
	if ws.foreign() {
		return
	}
	for i := 0; i+1 < len(ws.at); i++ {
		art := ws.lower(i)
		if art != "a" && art != "an" || !ws.adjacent(i, i+1) || ws.joined(i) || ws.joined(i+1) {
			continue
		}
		if written := ws.text[ws.at[i][0]:ws.at[i][1]]; written == "A" && i > 0 || letterBefore(ws.lower(i-1)) {
			continue // "Plan A", "where a", "option a"
		}
		if a, b := ws.at[i+1][0], ws.at[i+1][1]; b < len(ws.text) && (ws.text[b] == '.' || ws.text[b] == '\'') || a > 0 && ws.text[a-1] == '\'' {
			continue // "a e.g.", an abbreviation or a quoted letter
		}
		next := ws.text[ws.at[i+1][0]:ws.at[i+1][1]]
		read := next
		if right, ok := misspellings()[strings.ToLower(next)]; ok {
			read = right // "a unqiue" is "a unique"
		}
		vowel, sure := soundOf(read)
		if !sure || vowel == (art == "an") || art == "a" && letterAfter(strings.ToLower(next)) {
			continue
		}
		a, b := ws.at[i][0], ws.at[i][1]
		if art == "an" && (noArticleBefore(ws.lower(i+1)) || strings.HasSuffix(ws.lower(i+1), "ly")) {
			// "an no other", "an correctly": a slip for "and" or "can", not for "a"
			nr.e.advise(articleRule, finding.Low, 75, s.start+a, s.start+ws.at[i+1][1], nr.say("%q: no article fits here; is \"an\" a slip for another word (\"and\", \"can\")?", "「%s」: ここに冠詞は入りません"), s.text[a:ws.at[i+1][1]])
			continue
		}
		fix := "a"
		if vowel {
			fix = "an"
		}
		fix = ws.asWritten(i, fix)
		nr.e.fix(articleRule, finding.Low, 85, s.start+a, s.start+b, fix, nr.say("%q before %q: the word opens with a %s sound; write %q", "「%s」は「%s」の前では使えません（%sの音）。「%s」と書いてください"), s.text[a:b], next, soundName(vowel), fix)
	}
}

func soundName(vowel bool) string {
	if vowel {
		return "vowel"
	}
	return "consonant"
}

// letterBefore reports a word before which a lone "a" names a letter or a
// variable rather than being an article.
func letterBefore(w string) bool {
	switch w {
	case "where", "if", "let", "suppose", "variable", "letter", "vector", "point", "column", "row", "option", "plan",
		"type", "appendix", "exhibit", "step", "part", "section", "item", "case", "group", "class", "grade", "equals", "than", "then":
		return true
	}
	return false
}

// noArticleBefore reports a word no article precedes: after "an" it shows
// that "an" is a slip for another word.
func noArticleBefore(w string) bool {
	switch w {
	case "no", "not", "by", "the", "to", "for", "with", "from", "that", "this", "these", "those", "then", "than",
		"be", "been", "can", "will", "would", "should", "could", "may", "must", "do", "does", "did", "has", "have", "had",
		"was", "were", "we", "you", "they", "he", "she", "so", "but", "nor", "yet", "which", "who", "what", "when", "where", "how":
		return true
	}
	return false
}

// foreign reports a sentence in another European language that writes
// "a" and "an" as words of its own (Romanian "pentru a instala",
// Spanish "dar a un", Portuguese, Italian, French, German): it holds
// two or more of their common function words.
func (ws sentenceWords) foreign() bool {
	n := 0
	for i := range ws.at {
		switch ws.lower(i) {
		case "de", "la", "el", "los", "las", "que", "para", "pentru", "și", "sau", "une", "des", "les", "und", "der",
			"die", "das", "ist", "nicht", "il", "di", "che", "est", "pas", "un", "una", "uno", "pe", "cu", "în", "este", "del", "por", "con", "lo", "em", "os", "não":
			if n++; n >= 2 {
				return true
			}
		}
	}
	return false
}

// letterAfter reports a word after which a lone "a" is a letter or a
// variable ("a and b", "a is 3", "a or an"): function words opening with
// a vowel that no article precedes.
func letterAfter(w string) bool {
	switch w {
	case "and", "or", "is", "are", "as", "at", "in", "on", "of", "if", "it", "its", "into", "onto", "an", "a", "am",
		"also", "any", "all", "each", "either", "else", "even", "ever", "equals", "ends", "only", "other", "otherwise",
		"over", "out", "up", "upon", "until", "unless", "under", "after", "again", "always", "about", "above", "across",
		"along", "among", "around", "away", "instead", "itself", "or's", "and's":
		return true
	}
	return false
}

// soundOf reports whether w, as written, opens with a vowel sound, and
// whether its spelling settles that. A lower-case or capitalised word
// is read by its letters: a, e, i, o open a vowel sound, except "one"
// and its compounds (a oneof field), "once" and "eu", "ew" (a European,
// a ewe); u is a vowel in "un", "up",
// "ult", "umb", "urg", "ush", "ugl" and the like and a consonant in
// "uni", "use", "usu", "uti", "uri", "url", "ubi" (an unused, a unique,
// a user); h is silent in "hour", "honest", "honor", "heir" only, and
// "historic", "hotel", "herb" and "humble" are left alone (both are
// written); any other consonant is a consonant when a vowel or "y"
// follows it ("a Rust crate"; "an nginx", "an f-string", "an lvalue" are
// letter names). An acronym in capitals opening with A, E (not "EU"), I,
// O is a vowel sound ("an API", "an IDE"), with U (up to four letters:
// an UPDATE statement is a word) or another letter whose name opens
// with a consonant it is a consonant ("a URL", "a CPU"); F, H, L, M, N, R, S and X are read as letters or as words ("a
// SQL" and "an SQL", "a NAT") and are left alone. A number opening with
// 8, or 11 and 18 alone, is a vowel sound; other digits a consonant.
func soundOf(w string) (vowel, sure bool) {
	if w == "" {
		return false, false
	}
	if c := w[0]; c >= '0' && c <= '9' {
		return digitSound(w)
	}
	if acronym(w) {
		if strings.HasPrefix(w, "EU") {
			return false, false
		}
		switch w[0] {
		case 'A', 'E', 'I', 'O':
			return true, true
		case 'F', 'H', 'L', 'M', 'N', 'R', 'S', 'X':
			return false, false
		}
		if w[0] == 'U' && len(w) > 4 {
			return false, false // UPDATE, UNIQUE, UNSIGNED: a word, not letters
		}
		return false, w[0] >= 'A' && w[0] <= 'Z'
	}
	l := strings.ToLower(w)
	if !isLowerWord(l) || len(l) < 2 || l != w && strings.ToLower(w[1:]) != w[1:] {
		return false, false // code, a digit inside, or camel case ("iOS", "eBPF")
	}
	switch c := l[0]; {
	case c == 'u':
		return uSound(l)
	case c == 'h':
		return hSound(l)
	case c == 'a' || c == 'i':
		return true, true
	case c == 'e':
		if strings.HasPrefix(l, "eu") || strings.HasPrefix(l, "ew") {
			return false, true
		}
		return true, true
	case c == 'o':
		if strings.HasPrefix(l, "one") && !strings.HasPrefix(l, "oner") || l == "once" {
			return false, true // one, one-time, oneof, oneway; not onerous
		}
		return true, true
	case c == 'y':
		return false, strings.IndexByte("aeiou", l[1]) >= 0
	}
	return false, strings.IndexByte("aeiouy", l[1]) >= 0
}

// acronym reports a word of two or more capitals (digits allowed after
// the first).
func acronym(w string) bool {
	if len(w) < 2 {
		return false
	}
	caps := 0
	for i := 0; i < len(w); i++ {
		switch c := w[i]; {
		case c >= 'A' && c <= 'Z':
			caps++
		case c >= '0' && c <= '9' && i > 0, c == '-' && i > 0:
		default:
			return false
		}
	}
	return caps >= 2
}

// uSound reads a word opening with u.
func uSound(l string) (vowel, sure bool) {
	for _, p := range [...]string{"unin", "unim", "unaff", "unaw", "unav", "unann"} {
		if strings.HasPrefix(l, p) {
			return true, true // uninstall, unimplemented, unaware, unavailable
		}
	}
	for _, p := range [...]string{"uni", "unanim", "unary", "use", "usa", "usi", "usu", "uti", "uto", "uri", "url", "ubi", "ukr"} {
		if strings.HasPrefix(l, p) {
			return false, true // unique, unanimous, unary, user, usage, using, usual, utility, uri
		}
	}
	for _, p := range [...]string{"un", "up", "ult", "umb", "urg", "ush", "ugl", "ump", "utter", "unde"} {
		if strings.HasPrefix(l, p) {
			return true, true // unused, update, ultimate, umbrella, urgent, ugly
		}
	}
	return false, false
}

// hSound reads a word opening with h: silent in a few words, spoken in
// the rest, and left alone where both are written.
func hSound(l string) (vowel, sure bool) {
	for _, p := range [...]string{"hour", "honest", "honor", "honour", "heir"} {
		if strings.HasPrefix(l, p) {
			return true, true
		}
	}
	for _, p := range [...]string{"histor", "hotel", "herb", "humble", "hypo", "hyster", "heroic", "habitual", "hilarious", "homage"} {
		if strings.HasPrefix(l, p) {
			return false, false
		}
	}
	return false, strings.IndexByte("aeiouy", l[1]) >= 0
}

// digitSound reads a number: "8", "80", "800" and "8-core" open with a
// vowel sound, as do "11" and "18" standing alone ("an 11-byte header");
// four digits opening with 11 or 18 (a year, "eleven hundred") are not
// settled; any other number opens with a consonant.
func digitSound(w string) (vowel, sure bool) {
	n := 0
	for n < len(w) && w[n] >= '0' && w[n] <= '9' {
		n++
	}
	d := w[:n]
	switch {
	case d[0] == '8':
		return true, true
	case d == "11" || d == "18":
		return true, true
	case strings.HasPrefix(d, "11") || strings.HasPrefix(d, "18"):
		return false, false
	}
	return false, true
}
