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
	for s := range r.doc.sentences() {
		if err := tick(ctx, n); err != nil {
			return err
		}
		n++
		covered := r.matchPhrases(s)
		if s.ja {
			r.exclamations(s, covered)
		} else if s.prose {
			r.thereIs(s)
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
// returns the spans they cover.
func (r *run) matchPhrases(s sentence) []span {
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
			if p.adj && !plainWordFollows(hay[j:]) {
				continue
			}
			covered = append(covered, span{i, j})
			r.emitPhrase(s, p, i, j)
		}
	}
	return covered
}

// emitPhrase records one phrase match at s.text[i:j].
func (r *run) emitPhrase(s sentence, p phrase, i, j int) {
	raw := r.doc.raw
	a, b := s.start+i, s.start+j
	switch {
	case p.advice, p.noun && !afterNoun(raw[:a]):
		r.e.advise(p.rule, p.sev, p.conf, a, b, "%s", p.issue)
	case p.del && p.ja:
		r.e.fix(p.rule, p.sev, p.conf, a, b, "", "%s", p.issue)
	case p.del:
		if b < len(raw) && raw[b] == ' ' {
			b++
		} else if a > 0 && raw[a-1] == ' ' {
			a--
		}
		fix := ""
		if p.adj && b < len(raw) && strings.IndexByte("aeiouAEIOU", raw[b]) >= 0 {
			// "a very important" must become "an important"
			if a >= 2 && raw[a-1] == ' ' && (raw[a-2] == 'a' || raw[a-2] == 'A') && (a == 2 || !isWordByte(raw[a-3])) {
				fix = string(raw[a-2]) + "n "
				a -= 2
			}
		}
		if atSentenceStart(s.text, i) && b < s.end {
			if c, n := utf8.DecodeRune(raw[b:]); unicode.IsLower(c) {
				fix = string(unicode.ToUpper(c))
				b += n
			}
		}
		r.e.fix(p.rule, p.sev, p.conf, a, b, fix, "%s", p.issue)
	default:
		fix := p.fix
		if c, _ := utf8.DecodeRune(raw[a:]); !p.ja && unicode.IsUpper(c) {
			fix = capitalize(fix)
		}
		r.e.fix(p.rule, p.sev, p.conf, a, b, fix, "%s (suggest %q)", p.issue, fix)
	}
}

// exclamations reports ！ and ？ in Japanese sentences (textlint
// no-exclamation-question-mark). A sentence-final ！ becomes 。.
func (r *run) exclamations(s sentence, covered []span) {
	for i, c := range s.text {
		if c != '！' && c != '？' && c != '!' && c != '?' {
			continue
		}
		n := utf8.RuneLen(c)
		if overlaps(covered, i, i+n) {
			continue
		}
		a := s.start + i
		if (c == '！' || c == '!') && i+n == len(s.text) && !strings.HasSuffix(s.text[:i], "！") {
			r.e.fix("no-exclamation-question-mark", finding.Low, 70, a, a+n, "。", "感嘆符「%c」は技術文書では使いません", c)
			continue
		}
		r.e.advise("no-exclamation-question-mark", finding.Low, 55, a, a+n, "「%c」は技術文書では避け、平叙文で書いてください", c)
	}
}

// thereIs reports English sentences that open with "There is/are".
func (r *run) thereIs(s sentence) {
	t := strings.TrimLeft(s.text, "\x1f \"“")
	for _, p := range [...]string{"There is ", "There are ", "There was ", "There were ", "There's "} {
		if strings.HasPrefix(t, p) {
			a := s.start + len(s.text) - len(t)
			r.e.advise("en-there-is", finding.Low, 55, a, a+len(p)-1, `"%s" opener delays the subject; start with what the sentence is about`, strings.TrimSpace(p))
			return
		}
	}
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
			r.e.advise("em-dash", finding.Low, 60, a, a+len("—"), "%d em dashes in one paragraph (limit %d); machine-written prose overuses them: use commas, parentheses or two sentences", count, r.lim.MaxEmDashes)
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

// notAdjectives follow an intensifier that must stay ("very much").
var notAdjectives = map[string]bool{"much": true, "many": true, "few": true, "little": true, "well": true,
	"same": true, "first": true, "last": true, "own": true, "end": true, "beginning": true, "start": true, "least": true, "most": true}

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
	return n > 0 && !notAdjectives[s[:n]]
}

// afterNoun reports whether the text before a phrase ends in a noun-like
// character: kanji, katakana, a Latin letter or a digit.
func afterNoun(before []byte) bool {
	c, _ := utf8.DecodeLastRune(before)
	return isKanji(c) || (c >= 0x30A1 && c <= 0x30FA) || c == 'ー' || c < utf8.RuneSelf && isWordByte(byte(c)) && c != '\'' && c != '-'
}

func capitalize(s string) string {
	c, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(c)) + s[n:]
}
