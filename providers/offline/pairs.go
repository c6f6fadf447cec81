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
//
// A quotation may run over the paragraphs of a block quote (a letter
// quoted whole): a “ or " a paragraph of one leaves open is closed by the
// first ” or " a later paragraph of the same block quote closes nothing
// with, and a paragraph that opens with “ again goes on with it, as
// English writes a quotation of several paragraphs (see quoteCarry); what
// is still open where the block quote ends is reported. A " closed by ”,
// or “ by ", is one finding.
func (r *run) unmatchedPairs(bi int, b block) {
	type open = quoteMark
	r.flushQuoteCarry(bi)
	carried := r.quoteCarry.marks // quotation marks the block quote's earlier paragraphs left open
	r.quoteCarry = quoteCarry{}
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
	closeCarried := func(o rune) bool { // a closer of a quotation an earlier paragraph opened
		for k := len(carried) - 1; k >= 0; k-- {
			if carried[k].c == o {
				carried = append(carried[:k], carried[k+1:]...)
				return true
			}
		}
		return false
	}
	tail := len(strings.TrimRight(text, " \t\r\n"+string(rune(mask)))) // where the block's last sentence ends
	for s, e := range pairSentences(text) {
		stack = stack[:0]
		var orphan rune // the last closer of this sentence that closed nothing
		for i, c := range text[s:e] {
			i += s
			if c == '“' && strings.TrimLeft(text[:i], " \t>"+string(rune(mask))) == "" {
				closeCarried('“') // the next paragraph of a quotation opens with “ again
			}
			if c == '"' { // the same mark opens and closes; what opened inside it and is still open never closed
				k := lastOpen(stack, '"')
				if k < 0 && closeCarried('"') {
					continue
				}
				if k < 0 && len(stack) > 0 && stack[len(stack)-1].c == '“' { // “...": one mistake, one finding
					at := b.start + stack[len(stack)-1].at
					stack = stack[:len(stack)-1]
					r.e.advise("no-unmatched-pair", finding.Medium, 60, at, at+utf8.RuneLen('“'), r.say("%q is closed by %q; use one kind of quotation marks", "「%c」が「%c」で閉じられています。引用符の種類をそろえてください"), '“', c)
					continue
				}
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
			if k := len(stack); k > 0 && c == '”' && stack[k-1].c == '"' { // "...”: one mistake, one finding
				at := b.start + stack[k-1].at
				stack = stack[:k-1]
				r.e.advise("no-unmatched-pair", finding.Medium, 60, at, at+1, r.say("%q is closed by %q; use one kind of quotation marks", "「%c」が「%c」で閉じられています。引用符の種類をそろえてください"), '"', c)
				continue
			}
			if c == '”' && closeCarried('“') {
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
			if b.kind == quote && (o.c == '"' || o.c == '“') && e >= tail { // the block's last sentence
				r.quoteCarry.marks = append(r.quoteCarry.marks, open{o.c, b.start + o.at}) // perhaps closed in the block quote's next paragraph
				r.quoteCarry.blk = bi
				continue
			}
			left[o.c]++
			at := b.start + o.at
			c, ok := closerOf(o.c)
			if !ok {
				c = o.c // '"' closes itself
			}
			r.e.advise("no-unmatched-pair", finding.Medium, 60, at, at+utf8.RuneLen(o.c), r.say("%q is never closed (no %q)", "「%c」が閉じられていません（「%c」がありません）"), o.c, c)
		}
	}
	if b.kind == quote && len(carried) > 0 { // an earlier paragraph's quotation, perhaps closed further on in the block quote
		r.quoteCarry.marks = append(carried, r.quoteCarry.marks...)
		r.quoteCarry.blk = bi
		return
	}
	r.reportOpen(carried)
}

// quoteMark is a bracket or quotation mark no-unmatched-pair has seen
// open, at its offset in its block.
type quoteMark struct {
	c  rune
	at int
}

// quoteCarry holds the quotation marks (at document offsets) a paragraph
// of a block quote left open at its end, and the paragraph's block: the
// next paragraph of the block quote may close them (a letter quoted
// whole).
type quoteCarry struct {
	marks []quoteMark
	blk   int
}

// flushQuoteCarry reports the quotation marks a block quote's paragraph
// left open, unless block bi goes on with that block quote (its next
// block is bi). bi -1 is the document's end.
func (r *run) flushQuoteCarry(bi int) {
	c := r.quoteCarry
	if len(c.marks) == 0 || bi >= 0 && bi == c.blk+1 && r.doc.blocks[bi].kind == quote {
		return
	}
	r.reportOpen(c.marks)
	r.quoteCarry = quoteCarry{}
}

// reportOpen reports each of marks (at document offsets) as never closed.
func (r *run) reportOpen(marks []quoteMark) {
	for _, o := range marks {
		cl, ok := closerOf(o.c)
		if !ok {
			cl = o.c
		}
		r.e.advise("no-unmatched-pair", finding.Medium, 60, o.at, o.at+utf8.RuneLen(o.c), r.say("%q is never closed (no %q)", "「%c」が閉じられていません（「%c」がありません）"), o.c, cl)
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
