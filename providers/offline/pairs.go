package offline

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/kaigi-dev/kaigi/finding"
)

// unmatchedPairs follows textlint no-unmatched-pair: brackets and quotes
// are matched within each sentence of the block, nested pairs included,
// and every mark left open at the sentence's end is reported. The
// sentences are split as textlint's sentence-splitter splits a paragraph
// (see pairSentences), so a pair that splitter holds together ("...",
// (...), 「...」) may span sentences, and any other pair ([...], ［...］,
// «...») may not. Beyond textlint, a closer never opened is reported too,
// except the ")" of an enumerator ("a) first", "1) one", 「、b) データが」) and the closer of
// a mark an earlier sentence of the block left open (one mistake, one
// finding, at the opener), and the mouth of an emoticon (":-)", ";)",
// ":("); 〈〉, 《》 and “” are paired as well. A bracket
// closed by its other-width twin ("（...)") is one finding, at the opener,
// as textlint reports one; a closer whose opener lies deeper in the stack
// ("« ‹ »") closes it, and the marks opened after it are the findings.
func (r *run) unmatchedPairs(b block) {
	type open struct {
		c  rune
		at int
	}
	var stack []open
	lastOpen := func(st []open, o rune) int { // the top-most o within 16 marks of the top: prose nests no deeper, and the scan stays linear
		for k := len(st) - 1; k >= 0 && k >= len(st)-16; k-- {
			if st[k].c == o {
				return k
			}
		}
		return -1
	}
	neverClosed := func(st []open) { // marks a closer skipped over: opened after its opener, never closed
		for _, u := range st {
			at := b.start + u.at
			uc, ok := closerOf(u.c)
			if !ok {
				uc = u.c
			}
			r.e.advise("no-unmatched-pair", finding.Medium, 60, at, at+utf8.RuneLen(u.c), r.say("%q is never closed (no %q)", "「%c」が閉じられていません（「%c」がありません）"), u.c, uc)
		}
	}
	left := map[rune]int{} // openers left open by the block's earlier sentences
	text := string(r.doc.masked[b.start:b.end])
	for s, e := range pairSentences(text) {
		stack = stack[:0]
		var orphan rune // the last closer of this sentence that closed nothing
		for i, c := range text[s:e] {
			i += s
			if c == '"' { // the same mark opens and closes; what opened inside it and is still open never closed
				k := lastOpen(stack, '"')
				if k < 0 {
					stack = append(stack, open{c, i})
					continue
				}
				neverClosed(stack[k+1:])
				stack = stack[:k]
				continue
			}
			if (c == '(' || c == ')') && emoticon(text, i) {
				continue
			}
			if (c == '{' || c == '}') && !r.doc.kana {
				continue // English prose has no braces: they are code ('for { ... }', func(){...}) or a placeholder
			}
			if k := len(stack); k > 0 && interval(text, stack[k-1].c, stack[k-1].at, i, c) {
				stack = stack[:k-1]
				continue
			}
			if _, ok := closerOf(c); ok {
				stack = append(stack, open{c, i})
				continue
			}
			o, ok := openerOf(c)
			if !ok {
				continue
			}
			if k := len(stack); k > 0 && stack[k-1].c == o {
				stack = stack[:k-1]
				continue
			}
			if k := lastOpen(stack, o); k >= 0 {
				// « ‹ »: the closer closes its opener, and what opened after it never closed
				neverClosed(stack[k+1:])
				stack = stack[:k]
				continue
			}
			if k := len(stack); k > 0 && otherWidth(stack[k-1].c) == o { // （...): one mistake, one finding
				at := b.start + stack[k-1].at
				stack = stack[:k-1]
				r.e.advise("no-unmatched-pair", finding.Medium, 60, at, at+utf8.RuneLen(otherWidth(o)), r.say("%q is closed by %q of the other width", "「%c」が幅の違う「%c」で閉じられています"), otherWidth(o), c)
				continue
			}
			if c == ')' && i > 0 && (text[i-1] >= '0' && text[i-1] <= '9' || text[i-1] >= 'a' && text[i-1] <= 'z') && (i < 2 || !latinOrDigit(text[i-2])) {
				continue // an enumerator: "a) first", 「、b) データが」, 「確認応答はa)を」
			}
			if (c == '»' || c == '›') && lineLead(text, i) {
				continue // a line led by » is a pointer ("» Read more"), not a closing quote
			}
			if left[o] > 0 { // the closer of a mark an earlier sentence left open: reported there
				left[o]--
				continue
			}
			if c == orphan && (c == '”' || c == '’') {
				orphan = 0
				continue // ”word”: one pair written with the closing mark twice, reported once
			}
			orphan = c
			at := b.start + i
			r.e.advise("no-unmatched-pair", finding.Medium, 60, at, at+utf8.RuneLen(c), r.say("%q closes no %q", "「%c」に対応する「%c」がありません"), c, o)
		}
		for _, o := range stack {
			left[o.c]++
			at := b.start + o.at
			c, ok := closerOf(o.c)
			if !ok {
				c = o.c // '"' closes itself
			}
			r.e.advise("no-unmatched-pair", finding.Medium, 60, at, at+utf8.RuneLen(o.c), r.say("%q is never closed (no %q)", "「%c」が閉じられていません（「%c」がありません）"), o.c, c)
		}
	}
}

// lineLead reports whether only spaces or tabs stand between the start
// of text's line and text[i]. It reads back over those spaces alone, so a
// long line costs nothing more.
func lineLead(text string, i int) bool {
	for i > 0 && (text[i-1] == ' ' || text[i-1] == '\t') {
		i--
	}
	return i == 0 || text[i-1] == '\n'
}

// interval reports whether closer c at text[i] closes a half-open
// interval ("[0,n)", "(a, b]") opened by o at text[at]: a bracket and a
// parenthesis around a short span that holds a comma.
func interval(text string, o rune, at, i int, c rune) bool {
	return (o == '[' && c == ')' || o == '(' && c == ']') && i-at <= 24 && strings.Contains(text[at:i], ",")
}

// splitterPairs are the pairs that hold a sentence open: no sentence
// ends between an opener and its closer. textlint's sentence-splitter
// holds "...", 「...」, （...）, (...), 『...』, 【...】 and 《...》; “...” is
// held too, so that a quotation ending in ! or ? ("“Thanks for all your
// work!” – ...") is one sentence.
var splitterPairs = map[rune]rune{'"': '"', '「': '」', '（': '）', '(': ')', '『': '』', '【': '】', '《': '》', '“': '”'}

// maxPairDepth is the deepest nesting of splitterPairs pairSentences
// follows; prose nests no deeper.
const maxPairDepth = 8

// pairSentences yields the byte spans of the sentences of text as
// textlint's sentence-splitter splits a paragraph: a sentence ends after
// a run of . ． 。 ? ! ？ ！ (a '.' only when white space or the end follows
// it and the word before it is no abbreviation: "Dr. Carr"), except while
// a pair of splitterPairs is open. Unlike there, pairs nest (up to
// maxPairDepth), so that a parenthesis inside a quotation inside a
// parenthesis ('(she asked "Do you want (a, b) in it? ..."') does not
// release the outer ones; an open pair holds the sentence for at most
// maxHold bytes. A line break is white space. Mask bytes (code, markup)
// are read as nothing. It runs in one pass over text.
func pairSentences(text string) func(yield func(start, end int) bool) {
	return func(yield func(start, end int) bool) {
		start := 0
		var closers []rune // the closers that release the open pairs, innermost last
		holdFrom := 0
		for i := 0; i < len(text); {
			c, n := utf8.DecodeRuneInString(text[i:])
			if len(closers) > 0 && i-holdFrom > maxHold {
				closers = closers[:0] // held open too long: as splitSentences, the pair is taken for unclosed
			}
			switch {
			case len(closers) > 0 && c == closers[len(closers)-1]:
				closers = closers[:len(closers)-1]
			case c == '"' && slices.Contains(closers, '"'): // closes its quotation and what opened inside it
				closers = closers[:slices.Index(closers, '"')]
			case splitterPairs[c] != 0 && len(closers) < maxPairDepth && (c != '"' || !slices.Contains(closers, '"')):
				if len(closers) == 0 {
					holdFrom = i
				}
				closers = append(closers, splitterPairs[c])
			case len(closers) > 0:
			case sentenceEnd(text, i, c, n):
				j := i + n
				for j < len(text) {
					d, m := utf8.DecodeRuneInString(text[j:])
					if !sentenceEnd(text, j, d, m) {
						break
					}
					j += m
				}
				if !yield(start, j) {
					return
				}
				start, i = j, j
				continue
			}
			i += n
		}
		if start < len(text) {
			yield(start, len(text))
		}
	}
}

// sentenceEnd reports whether c, of n bytes at text[i], ends a sentence
// for pairSentences.
func sentenceEnd(text string, i int, c rune, n int) bool {
	switch c {
	case '．', '。', '?', '!', '？', '！':
		return true
	case '.':
		if i+n < len(text) && text[i+n] != ' ' && text[i+n] != '\t' && text[i+n] != '\n' && text[i+n] != '\r' {
			return false
		}
		return !abbreviation([]byte(text[max(0, i-16):i]), []byte(text[i+n:min(len(text), i+n+4)]))
	}
	return false
}

// otherWidth returns the opener of the other width of opener o (（ for (,
// ( for （, ［ for [, ...), or 0.
func otherWidth(o rune) rune {
	switch o {
	case '(':
		return '（'
	case '（':
		return '('
	case '[':
		return '［'
	case '［':
		return '['
	case '{':
		return '｛'
	case '｛':
		return '{'
	}
	return 0
}

// closerOf returns the closing bracket or quote of an opening one.
func closerOf(c rune) (rune, bool) {
	switch c {
	case '「':
		return '」', true
	case '『':
		return '』', true
	case '（':
		return '）', true
	case '(':
		return ')', true
	case '［':
		return '］', true
	case '[':
		return ']', true
	case '【':
		return '】', true
	case '〈':
		return '〉', true
	case '《':
		return '》', true
	case '“':
		return '”', true
	case '{':
		return '}', true
	case '｛':
		return '｝', true
	case '〚':
		return '〛', true
	case '«':
		return '»', true
	case '‹':
		return '›', true
	}
	return 0, false
}

// openerOf returns the opening bracket or quote of a closing one.
func openerOf(c rune) (rune, bool) {
	switch c {
	case '」':
		return '「', true
	case '』':
		return '『', true
	case '）':
		return '（', true
	case ')':
		return '(', true
	case '］':
		return '［', true
	case ']':
		return '[', true
	case '】':
		return '【', true
	case '〉':
		return '〈', true
	case '》':
		return '《', true
	case '”':
		return '“', true
	case '}':
		return '{', true
	case '｝':
		return '｛', true
	case '〛':
		return '〚', true
	case '»':
		return '«', true
	case '›':
		return '‹', true
	}
	return 0, false
}

// emoticon reports whether the '(' or ')' at text[i] is the mouth of an
// emoticon: ":)", ";)", ":(" or, with a nose or a tear, ":-)", ";-(", ":')", after white
// space or at the start.
func emoticon(text string, i int) bool {
	j := i - 1
	if j >= 0 && (text[j] == '-' || text[j] == '\'') {
		j-- // a nose, or a tear: ":-)", ":')"
	}
	if j < 0 || text[j] != ':' && text[j] != ';' {
		return false
	}
	return j == 0 || text[j-1] == ' ' || text[j-1] == '\n' || text[j-1] == '\t' || text[j-1] == mask
}
