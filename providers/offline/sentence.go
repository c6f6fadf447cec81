package offline

import (
	"bytes"
	"iter"
	"strings"
	"unicode"
	"unicode/utf8"
)

// sentences yields every sentence of every block in document order. The
// last sentence of a block is marked last; that of a paragraph that ends
// in a colon is not prose: it introduces code or a list.
func (d *document) sentences() iter.Seq[sentence] {
	return func(yield func(sentence) bool) {
		for bi, b := range d.blocks {
			var prev *sentence // held back one step to know which is last
			for s, e := range splitSentences(d.masked, b.start, b.end) {
				st := sentence{start: s, end: e, text: string(d.masked[s:e]), blk: bi, prose: b.kind == paragraph}
				if !hasLetter(st.text) {
					continue
				}
				st.ja = d.kana && isJapanese(st.text)
				if prev != nil && !yield(*prev) {
					return
				}
				prev = &st
			}
			if prev != nil {
				prev.prose = prev.prose && !b.introColon
				prev.last = true
				if !yield(*prev) {
					return
				}
			}
		}
	}
}

// maxHold is the most bytes an open bracket holds a sentence together
// for: past it, a bracket that has not closed is taken for unclosed, and
// sentences end again at their periods. Without it one stray （ would make
// the rest of a long paragraph (a whole document held on one line) one
// sentence.
const maxHold = 2 << 10

// splitSentences yields the trimmed spans of the sentences in b[s:e].
// A sentence ends at 。！？!? (with any closing brackets after them) outside
// 「」『』（）【】《》 and ASCII "…" pairs (held open for at most maxHold
// bytes, and never past a 。 that ends a line: a bracket still open there
// was never closed), at '.' followed by white space or the end when the word before
// it is not an abbreviation or a number and it stands outside a "…" pair,
// and after a "…" pair that ends in . ! or ? (He said "stop." Then left.).
func splitSentences(b []byte, s, e int) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		start := s
		depth := 0       // open 「『（【《 brackets: a 。 inside a quotation does not end the sentence, as in textlint's sentence-splitter
		quoted := false  // inside an ASCII "…" pair, which holds a '.' as the brackets hold a 。
		opening := false // that pair opens the sentence: a quoted passage, whose sentences split (see quotedEnd)
		holdFrom := 0
		for i := s; i < e; {
			r, n := utf8.DecodeRune(b[i:e])
			end := -1
			if depth > 0 && i-holdFrom > maxHold {
				depth, quoted = 0, false // a bracket never closed holds no more: the rest of a long line splits as text
			}
			switch r {
			case '"':
				switch {
				case quoted:
					quoted, depth = false, max(depth-1, 0)
					if depth == 0 && i > 0 && strings.IndexByte(".!?", b[i-1]) >= 0 && (i+n == e || isSpaceByte(b[i+n])) {
						end = i + n // He said "stop." Then left.
					}
				case (i == start || isSpaceByte(b[i-1])) && bytes.IndexByte(b[i+1:min(e, i+maxHold)], '"') >= 0:
					// a quotation closed later in the block: She said "A. B".
					if depth == 0 {
						holdFrom = i
					}
					ts, _ := trimSpan(b, start, e)
					quoted, depth, opening = true, depth+1, depth == 0 && ts == i
				}
			case '「', '『', '（', '【', '《':
				if depth == 0 {
					holdFrom = i
				}
				depth++
			case '」', '』', '）', '】', '》':
				depth = max(depth-1, 0)
			case '!', '?':
				if depth == 0 || quoted && opening && depth == 1 && quotedEnd(b[i+n:e]) {
					end = i + n
				}
			case '。', '！', '？', '．':
				if depth > 0 && r != '!' && r != '?' && (i+n == e || b[i+n] == '\n' || b[i+n] == '\r') {
					depth, quoted = 0, false // a bracket still open where a line ends with a 。 was never closed: it holds no more
				}
				if depth == 0 {
					end = i + n
				}
			case '.':
				if !quoted && (i+n == e || isSpaceByte(b[i+n]) || isCloser(b[i+n:e])) || quoted && opening && depth == 1 && quotedEnd(b[i+n:e]) {
					if !abbreviation(b[start:i], b[i+n:e]) {
						end = i + n
					}
				}
			}
			i += n
			if end < 0 {
				continue
			}
			for end < e { // absorb closers and repeated terminators: "」", "!?"
				r2, n2 := utf8.DecodeRune(b[end:e])
				if !strings.ContainsRune("」』）)\"”’]】〕!?！？。", r2) {
					break
				}
				end += n2
			}
			i = end
			if ts, te := trimSpan(b, start, end); te > ts && !yield(ts, te) {
				return
			}
			start = end
		}
		if ts, te := trimSpan(b, start, e); te > ts {
			yield(ts, te)
		}
	}
}

// quotedEnd reports whether rest, the text after a '.', '!' or '?' inside
// a quoted passage that opens its sentence ("I've always been fascinated
// by it. It was ..." said Jeffrey), starts the passage's next sentence:
// one space and a capital. A quotation inside a sentence holds its
// stops (She said "A. B").
func quotedEnd(rest []byte) bool {
	return len(rest) >= 2 && rest[0] == ' ' && rest[1] >= 'A' && rest[1] <= 'Z'
}

func isSpaceByte(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == mask
}

func isCloser(b []byte) bool {
	r, _ := utf8.DecodeRune(b)
	return strings.ContainsRune(")\"”’」』）]", r)
}

// abbreviated reports a word (lower case, without its final period)
// whose period does not end a sentence.
func abbreviated(w string) bool {
	switch w {
	case "e.g", "i.e", "vs", "mr", "mrs", "ms", "dr", "prof", "fig", "no", "cf", "approx", "st", "jr", "sr", "inc", "ltd":
		return true
	}
	return false
}

// abbreviation reports whether the text before a '.' ends with an
// abbreviation, an initial, or a version/number ("v1."); after is the
// text after the '.'. A word glued to a number is a unit ("100ms."). A capital letter alone is an initial only next to
// another initial or after a capitalised name ("J. R. R. Tolkien",
// "George W. Bush"); "module A. Notice" is two sentences.
func abbreviation(before, after []byte) bool {
	i := len(before)
	for i > 0 && (isASCIILetter(before[i-1]) || before[i-1] == '.') {
		i--
	}
	if i > 0 && before[i-1] >= '0' && before[i-1] <= '9' {
		return false // a unit after a number ("100ms."), not the title Ms.
	}
	w := strings.ToLower(string(before[i:]))
	if len(w) == 1 && w[0] >= 'a' && w[0] <= 'z' && unicode.IsUpper(rune(before[i])) {
		return initialNext(after) || nameBefore(before[:i])
	}
	return abbreviated(w)
}

// initialNext reports whether b starts, after white space, with an
// initial: a capital letter and a period.
func initialNext(b []byte) bool {
	j := 0
	for j < len(b) && isSpaceByte(b[j]) {
		j++
	}
	return j+1 < len(b) && b[j] >= 'A' && b[j] <= 'Z' && b[j+1] == '.'
}

// nameBefore reports whether b ends, before white space, with an initial
// ("R.") or a capitalised word ("George").
func nameBefore(b []byte) bool {
	j := len(b)
	for j > 0 && isSpaceByte(b[j-1]) {
		j--
	}
	if j == len(b) {
		return false // the letter is glued to what precedes it
	}
	if j >= 2 && b[j-1] == '.' && b[j-2] >= 'A' && b[j-2] <= 'Z' && (j == 2 || !isASCIILetter(b[j-3])) {
		return true
	}
	k := j
	for k > 0 && b[k-1] >= 'a' && b[k-1] <= 'z' {
		k--
	}
	return k > 0 && j-k >= 1 && b[k-1] >= 'A' && b[k-1] <= 'Z' && (k == 1 || !isASCIILetter(b[k-2]))
}

// trimSpan trims white space and mask bytes from both ends of b[s:e].
func trimSpan(b []byte, s, e int) (int, int) {
	for s < e && isSpaceByte(b[s]) {
		s++
	}
	for e > s && isSpaceByte(b[e-1]) {
		e--
	}
	// a full-width space also trims
	for e-s >= 3 && bytes.HasPrefix(b[s:e], []byte("\u3000")) {
		s += 3
	}
	return s, e
}

// hasLetter reports whether s holds any letter or digit.
func hasLetter(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

// isJapanese reports whether s contains kana or kanji.
func isJapanese(s string) bool {
	for _, r := range s {
		if r >= 0x3040 && (isKana(r) || isKanji(r)) {
			return true
		}
	}
	return false
}

// hasKana reports whether s holds hiragana or katakana, which tells
// Japanese from Chinese.
func hasKana(s string) bool {
	for _, r := range s {
		if r >= 0x3041 && isKana(r) {
			return true
		}
	}
	return false
}

func isKana(r rune) bool {
	return (r >= 0x3041 && r <= 0x30FF && r != 0x30FB) || (r >= 0xFF66 && r <= 0xFF9F)
}

func isKatakana(r rune) bool { return r >= 0x30A1 && r <= 0x30FA || r == 'ー' }

// nounChar reports kanji or katakana: what nouns are written in.
func nounChar(r rune) bool { return isKanji(r) || isKatakana(r) }

func isKanji(r rune) bool {
	return unicode.Is(unicode.Han, r) || r == '々' || r == '〇' || r == '〻'
}

// runeCount counts the runes of s that are not mask bytes, counting every
// run of white space as one.
func runeCount(s string) int {
	n, space := 0, false
	for _, r := range s {
		switch {
		case r == mask:
		case unicode.IsSpace(r):
			if !space {
				n++
			}
			space = true
			continue
		default:
			n++
		}
		space = false
	}
	return n
}

// words yields the byte spans (relative to s) of the words of English text:
// runs of letters, digits, apostrophes and inner hyphens.
func words(s string) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		start := -1
		for i, r := range s {
			in := unicode.IsLetter(r) || unicode.IsDigit(r) || ((r == '\'' || r == '’' || r == '-') && start >= 0)
			if in && start < 0 {
				start = i
			}
			if !in && start >= 0 {
				if !yield(start, trimWordEnd(s, start, i)) {
					return
				}
				start = -1
			}
		}
		if start >= 0 {
			yield(start, trimWordEnd(s, start, len(s)))
		}
	}
}

func trimWordEnd(s string, start, end int) int {
	for end > start && (s[end-1] == '\'' || s[end-1] == '-') {
		end--
	}
	return end
}

// wordCount counts the words of English text.
func wordCount(s string) int {
	n := 0
	for range words(s) {
		n++
	}
	return n
}
