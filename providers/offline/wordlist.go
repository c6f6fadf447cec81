package offline

import "strings"

// sentenceWords are the words of a sentence's text, for the rules that
// read a word by its neighbours (en-confusable, en-agreement).
type sentenceWords struct {
	text string
	at   [][2]int // each word's start and end in text
}

// wordsIn lists the words of text (see words).
func wordsIn(text string) sentenceWords {
	w := sentenceWords{text: text}
	for a, b := range words(text) {
		w.at = append(w.at, [2]int{a, b})
	}
	return w
}

// lower returns word i in lower case, with ’ read as ', or "" when there
// is no word i.
func (w sentenceWords) lower(i int) string {
	if i < 0 || i >= len(w.at) {
		return ""
	}
	return strings.ReplaceAll(strings.ToLower(w.text[w.at[i][0]:w.at[i][1]]), "’", "'")
}

// adjacent reports words i and j (i < j) with only spaces between them.
func (w sentenceWords) adjacent(i, j int) bool {
	return i >= 0 && j < len(w.at) && strings.Trim(w.text[w.at[i][1]:w.at[j][0]], " ") == ""
}

// near reports words i and j (i < j) with only white space between them.
func (w sentenceWords) near(i, j int) bool {
	return i >= 0 && j < len(w.at) && strings.TrimSpace(w.text[w.at[i][1]:w.at[j][0]]) == ""
}

// joined reports word i joined to code or a path (see joined).
func (w sentenceWords) joined(i int) bool { return joined(w.text, w.at[i][0], w.at[i][1]) }

// asWritten gives fix the capital the text's word i opens with.
func (w sentenceWords) asWritten(i int, fix string) string {
	if old := w.text[w.at[i][0]:w.at[i][1]]; old[0] >= 'A' && old[0] <= 'Z' {
		return strings.ToUpper(fix[:1]) + fix[1:]
	}
	return fix
}
