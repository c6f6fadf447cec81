package offline

// The English phrase fixes of anti-ai-slop: deleting an intensifier or a
// wordy phrase with its space, and the word tests that decide whether the
// deletion is safe (articles, capitals, what follows).

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// deletion records the deletion of an English phrase at raw[a:b]
// (s.text[i:]) with one adjoining space. It turns into advice when the
// deletion would leave a wrong article ("a very old" → "a old") that
// cannot be told for sure, or a sentence starting with a word whose
// capitalisation is unclear.
func (r *run) deletion(s sentence, p phrase, i, a, b int) {
	raw := r.doc.raw
	a0, b0 := a, b
	if b < len(raw) && raw[b] == ' ' {
		b++
	} else if a > 0 && raw[a-1] == ' ' {
		a--
	}
	fix := ""
	if p.adj {
		// "a very important" becomes "an important", "an extremely fast" "a fast"
		if art, at := articleBefore(raw, a); at >= 0 {
			want, sure := articleFor(nextWord(raw[b:s.end]))
			if !sure {
				r.e.advise(p.rule, p.sev, p.conf, a0, b0, "%s", p.issue)
				return
			}
			if !strings.EqualFold(art, want) {
				if art[0] == 'A' {
					want = capitalize(want)
				}
				fix, a = want+" ", at
			}
		}
	}
	if atSentenceStart(s.text, i) && b < s.end {
		w := nextWord(raw[b:s.end])
		c, _ := utf8.DecodeRuneInString(w)
		switch {
		case w == "" || c < 'a' || c > 'z' && !unicode.IsLower(c) || c <= 'z' && keepsCase(w):
			// a capital, code, a digit, or a name written in lower case ("npm", "iOS")
		case isLowerWord(w):
			fix += strings.ToUpper(w[:1])
			b++
		default:
			r.e.advise(p.rule, p.sev, p.conf, a0, b0, "%s", p.issue)
			return
		}
	}
	r.e.fix(p.rule, p.sev, p.conf, a, b, fix, "%s", p.issue)
}

// asciiLower lowers ASCII letters only, so byte offsets stay valid.
func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			b := []byte(s)
			for k := i; k < len(b); k++ {
				if b[k] >= 'A' && b[k] <= 'Z' {
					b[k] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '\'' || c == '-' || c == '_'
}

// wordBounded reports whether s[i:j] starts and ends on word boundaries.
func wordBounded(s string, i, j int) bool {
	if i > 0 && isWordByte(s[i-1]) && isWordByte(s[i]) {
		return false
	}
	return j >= len(s) || !isWordByte(s[j]) || !isWordByte(s[j-1])
}

// atSentenceStart reports whether only masks, spaces and opening quotes
// precede s[i].
func atSentenceStart(s string, i int) bool {
	return strings.TrimLeft(s[:i], "\x1f \t\"“「『(（") == ""
}

// setOff reports whether the phrase at s[i:j] (lower case) stands as an
// aside or leads a clause, as a stock phrase used figuratively does:
// after a comma, a semicolon, a colon, a dash or an opening parenthesis,
// or after "but", "because", "yet" or "so" ("X is, at the end of the
// day, Y"; "because at the end of the day you have"); after the
// sentence's start, or "and", "or", "that" or "since", only when a comma
// follows it ("At the end of the day, Y"; "and at the end of the day,
// Y"): there the literal phrase is common ("the job runs daily and at
// the end of the day sends a report").
func setOff(s string, i, j int) bool {
	comma := j < len(s) && s[j] == ','
	before := strings.TrimRight(s[:i], " ")
	if atSentenceStart(before, len(before)) {
		return comma
	}
	if strings.HasSuffix(before, "—") || strings.HasSuffix(before, "–") {
		return true
	}
	if c := before[len(before)-1]; c == ',' || c == ';' || c == ':' || c == '(' {
		return true
	}
	k := len(before)
	for k > 0 && isASCIILetter(before[k-1]) {
		k--
	}
	switch before[k:] {
	case "but", "because", "yet", "so":
		return true
	case "and", "or", "that", "since":
		if comma {
			return true
		}
		rest := strings.TrimRight(before[:k], " ")
		return atSentenceStart(rest, len(rest)) || strings.HasSuffix(rest, ",")
	}
	return false
}

// notAdjective reports a word after an intensifier that must stay
// ("very much").
func notAdjective(w string) bool {
	switch w {
	case "much", "many", "few", "little", "well", "same", "first", "last", "own", "end", "beginning", "start", "least", "most":
		return true
	}
	return false
}

// plainWordFollows reports whether s starts with a space and a lower-case
// word that an intensifier can be dropped before.
func plainWordFollows(s string) bool {
	if !strings.HasPrefix(s, " ") {
		return false
	}
	s = s[1:]
	n := 0
	for n < len(s) && s[n] >= 'a' && s[n] <= 'z' {
		n++
	}
	return n > 0 && !notAdjective(s[:n])
}

// afterNoun reports whether the text before a phrase ends in a noun-like
// character: kanji, katakana, a Latin letter or a digit.
func afterNoun(before []byte) bool {
	c, _ := utf8.DecodeLastRune(before)
	return nounChar(c) || c < utf8.RuneSelf && isWordByte(byte(c)) && c != '\'' && c != '-'
}

// intensifier reports an English intensifier that en-weasel deletes.
func intensifier(w string) bool {
	switch w {
	case "very", "really", "extremely", "incredibly", "truly", "literally", "so", "too":
		return true
	}
	return false
}

// afterIntensifier reports whether before (lower case) ends in an
// intensifier and a space or a comma: the second word of "very, very"
// stays.
func afterIntensifier(before string) bool {
	t := strings.TrimRight(before, " ,")
	if len(t) == len(before) {
		return false
	}
	k := len(t)
	for k > 0 && isASCIILetter(t[k-1]) {
		k--
	}
	return intensifier(t[k:])
}

// nextWord returns the run of non-space bytes that b starts with, without
// closing punctuation.
func nextWord(b []byte) string {
	n := 0
	for n < len(b) && b[n] != ' ' && b[n] != '\t' && b[n] != '\n' && b[n] != '\r' {
		n++
	}
	return strings.TrimRight(string(b[:n]), ".,;:!?)\"'”’")
}

// isLowerWord reports a word of lower-case ASCII letters, with inner
// hyphens or apostrophes.
func isLowerWord(w string) bool {
	if w == "" {
		return false
	}
	for i := 0; i < len(w); i++ {
		if c := w[i]; !(c >= 'a' && c <= 'z' || (c == '-' || c == '\'') && i > 0) {
			return false
		}
	}
	return true
}

// keepsCase reports a word that keeps its case at the start of a sentence:
// an identifier with capitals, digits, dots or underscores after a
// lower-case letter ("iOS", "gRPC", "io.Reader"), or a name written in
// lower case.
func keepsCase(w string) bool {
	if !isLowerWord(w) {
		return strings.IndexFunc(w, func(c rune) bool { return c >= utf8.RuneSelf }) < 0
	}
	switch w {
	case "npm", "npx", "pnpm", "yarn", "pip", "pipx", "git", "kubectl", "helm", "webpack", "esbuild", "vite",
		"curl", "wget", "grep", "sed", "awk", "make", "cargo", "rustc", "gcc", "clang", "vim", "emacs",
		"bash", "zsh", "ssh", "sudo", "apt", "brew", "systemd", "nginx", "gofmt", "gopls", "jq", "tmux", "deno", "bun":
		return true
	}
	return false
}

// articleBefore returns the article "a" or "an" that ends just before
// raw[at] (after one space), and its offset, or -1.
func articleBefore(raw []byte, at int) (string, int) {
	if at < 2 || raw[at-1] != ' ' {
		return "", -1
	}
	for _, art := range [...]string{"an", "a"} {
		k := at - 1 - len(art)
		if k >= 0 && strings.EqualFold(string(raw[k:at-1]), art) && (k == 0 || !isWordByte(raw[k-1])) {
			return string(raw[k : at-1]), k
		}
	}
	return "", -1
}

// articleFor returns the indefinite article for w and whether it is
// certain from the spelling: words in u, h, "eu", "ew", "one" and "once",
// and anything not a plain lower-case word (acronyms, digits) are not.
func articleFor(w string) (art string, sure bool) {
	if !isLowerWord(w) {
		return "", false
	}
	switch c := w[0]; {
	case c == 'u' || c == 'h',
		strings.HasPrefix(w, "eu"), strings.HasPrefix(w, "ew"), strings.HasPrefix(w, "one"), strings.HasPrefix(w, "once"):
		return "", false
	case strings.IndexByte("aeio", c) >= 0:
		return "an", true
	}
	return "a", true
}

// pluralFollows reports whether s (lower case) starts with a space and a
// plain word that looks plural ("tools", not "0" or "class").
func pluralFollows(s string) bool {
	w := nextWord([]byte(strings.TrimPrefix(s, " ")))
	return strings.HasPrefix(s, " ") && isLowerWord(w) && len(w) > 2 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss")
}

// determinerFollows reports whether s (lower case) starts with a space and
// a determiner: the phrase before it is a verb ("leverage the cache").
func determinerFollows(s string) bool {
	return strings.HasPrefix(s, " ") && determiner(nextWord([]byte(s[1:])))
}

// verbFollows reports whether s (lower case) starts with a space and a
// plain word that is neither a determiner nor a number: "in order to
// give", not "in order to the end".
func verbFollows(s string) bool {
	if !strings.HasPrefix(s, " ") {
		return false
	}
	w := nextWord([]byte(s[1:]))
	return isLowerWord(w) && !determiner(w)
}

// determiner reports an English determiner or possessive.
func determiner(w string) bool {
	switch w {
	case "the", "a", "an", "this", "that", "these", "those", "my", "your", "our", "their", "his", "her", "its",
		"each", "every", "all", "some", "any", "no", "both", "one", "two", "three", "many", "several":
		return true
	}
	return false
}

func capitalize(s string) string {
	c, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(c)) + s[n:]
}
