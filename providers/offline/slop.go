package offline

import (
	"context"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kaigi-dev/kaigi/finding"
)

// checkSlop runs the anti-ai-slop rules.
func checkSlop(ctx context.Context, r *run) error {
	n := 0
	thereRun := -1 // the block whose last prose sentence opened with "There is"
	for s := range r.doc.sentences() {
		if err := tick(ctx, n); err != nil {
			return err
		}
		n++
		covered, err := r.matchPhrases(s)
		if err != nil {
			return err
		}
		if s.ja {
			if err := r.jaTokenRules(s, covered); err != nil {
				return err
			}
		}
		if r.doc.blocks[s.blk].kind != quote {
			r.exclamations(s, covered)
		}
		if !s.ja && s.prose {
			thereRun = r.thereIs(s, thereRun)
		}
	}
	r.emDashes()
	return nil
}

// span is a byte span relative to a sentence.
type span struct{ start, end int }

func overlaps(spans []span, s, e int) bool {
	for _, c := range spans {
		if s < c.end && c.start < e {
			return true
		}
	}
	return false
}

// matchPhrases reports the reviewer's phrase entries found in s and
// returns the spans they cover. It fails only when an entry needs the
// Japanese tokenizer and it cannot be loaded.
func (r *run) matchPhrases(s sentence) ([]span, error) {
	var covered []span
	hay := s.text
	if !s.ja {
		hay = asciiLower(s.text)
	}
	for _, p := range r.rev.phrases {
		if p.ja != s.ja || !r.e.on(p.rule) {
			continue
		}
		for off := 0; off < len(hay); {
			i := strings.Index(hay[off:], p.text)
			if i < 0 {
				break
			}
			i += off
			j := i + len(p.text)
			off = j
			if (!p.ja && !wordBounded(hay, i, j)) || (p.start && !atSentenceStart(hay, i)) || overlaps(covered, i, j) {
				continue
			}
			if p.adj && (!plainWordFollows(hay[j:]) || afterIntensifier(hay[:i])) {
				continue
			}
			covered = append(covered, span{i, j})
			if err := r.emitPhrase(s, p, i, j); err != nil {
				return covered, err
			}
		}
	}
	return covered, nil
}

// emitPhrase records one phrase match at s.text[i:j].
func (r *run) emitPhrase(s sentence, p phrase, i, j int) error {
	raw := r.doc.raw
	a, b := s.start+i, s.start+j
	advice := p.advice || p.noun && !afterNoun(raw[:a])
	if p.sahen {
		kind, err := r.sahenBefore(s, i)
		if err != nil {
			return err
		}
		switch kind {
		case sahenNone, sahenAllowed:
			return nil
		case sahenOther:
			advice = true
		}
	}
	after := asciiLower(s.text[j:min(len(s.text), j+64)]) // enough for the next word or two
	switch {
	case p.plural && !pluralFollows(after), p.det && !determinerFollows(after), p.verb && !verbFollows(after):
		advice = true
	}
	if !p.ja && r.doc.kana { // an English phrase in a Japanese document: lead in Japanese
		p.issue = englishPhraseLead(p.rule) + "（" + p.issue + "）"
	}
	switch {
	case advice:
		r.e.advise(p.rule, p.sev, p.conf, a, b, "%s", p.issue)
	case p.del && p.ja:
		r.e.fix(p.rule, p.sev, p.conf, a, b, "", "%s", p.issue)
	case p.del:
		r.deletion(s, p, i, a, b)
	default:
		fix := p.fix
		if c, _ := utf8.DecodeRune(raw[a:]); !p.ja && unicode.IsUpper(c) {
			fix = capitalize(fix)
		}
		r.e.fix(p.rule, p.sev, p.conf, a, b, fix, r.say("%s (suggest %q)", "%s（「%s」）"), p.issue, fix)
	}
	return nil
}

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

// sahen is what precedes 〜を行う.
type sahen int

const (
	sahenNone    sahen = iota // not a サ変接続 noun: textlint does not report it
	sahenKanji                // a サ変接続 noun in kanji: "設定を行う" → "設定する"
	sahenAllowed              // katakana or Latin letters: textlint's allow list
	sahenOther                // a サ変接続 noun of other characters: advice
)

// sahenBefore classifies the token that ends at s.text[i].
func (r *run) sahenBefore(s sentence, i int) (sahen, error) {
	tok, err := r.rev.shared.ja.tokenizer()
	if err != nil {
		return sahenNone, err
	}
	from := runeStart([]byte(s.text[:i]), max(0, i-48)) // a noun is a few runes long: tokenize only the text before it
	ts := tokens(tok, s.text[from:i], nil)
	if len(ts) == 0 {
		return sahenNone, nil
	}
	t := ts[len(ts)-1]
	if from+t.off+len(t.surface) != i || t.pos != "名詞" || t.pos1 != "サ変接続" {
		return sahenNone, nil
	}
	kanji, other := true, false
	for _, c := range t.surface {
		switch {
		case isKatakana(c) || c < utf8.RuneSelf && isASCIILetter(byte(c)):
			kanji = false
		case !isKanji(c):
			kanji, other = false, true
		}
	}
	switch {
	case kanji:
		return sahenKanji, nil
	case other:
		return sahenOther, nil
	}
	return sahenAllowed, nil
}

// thereIs reports English sentences that open with "There is/are",
// except those stating an absence ("There is no ..."): the first of a run
// of them in one paragraph (run is the block of the
// previous sentence's run, or -1). It returns the block of the run s
// continues, or -1 when s does not open so.
func (r *run) thereIs(s sentence, run int) int {
	t := strings.TrimLeft(s.text, "\x1f \"“")
	p := thereOpener(t)
	if p == "" {
		return -1
	}
	if rest := t[len(p):]; strings.HasPrefix(rest, " no ") || strings.HasPrefix(rest, " not ") {
		return -1 // "There is no plan to ...": an absence, said plainly
	}
	if run != s.blk { // one finding for a run of them in a paragraph
		a := s.start + len(s.text) - len(t)
		r.e.advise("en-there-is", finding.Low, 55, a, a+len(p), r.say(`"%s" opener delays the subject; start with what the sentence is about`, "文頭の「%s」は主題を後回しにします。文の主題から書き始めてください"), p)
	}
	return s.blk
}

// thereOpener returns the "There is" opener t starts with, or "".
func thereOpener(t string) string {
	for _, p := range [...]string{"There is ", "There are ", "There was ", "There were ", "There's "} {
		if strings.HasPrefix(t, p) {
			return strings.TrimSpace(p)
		}
	}
	return ""
}

// emDashes reports paragraphs with more em dashes than the limit.
func (r *run) emDashes() {
	for _, b := range r.doc.blocks {
		if b.kind != paragraph && b.kind != listItem {
			continue
		}
		text := string(r.doc.masked[b.start:b.end])
		count, at := 0, -1
		for i := 0; i < len(text); {
			j := strings.Index(text[i:], "—")
			if j < 0 {
				break
			}
			i += j
			count++
			if count == r.lim.MaxEmDashes+1 {
				at = i
			}
			for strings.HasPrefix(text[i:], "—") { // "——" is one dash
				i += len("—")
			}
		}
		if at >= 0 {
			a := b.start + at
			r.e.advise("em-dash", finding.Low, 60, a, a+len("—"), r.say("%d em dashes in one paragraph (limit %d); machine-written prose overuses them: use commas, parentheses or two sentences", "一つの段落にダッシュ「—」が%d個あります（上限%d個）。機械の書いた文章に多い書き方です。読点や括弧を使うか、文を分けてください"), count, r.lim.MaxEmDashes)
		}
	}
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
