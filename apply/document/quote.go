package document

import (
	"bytes"
	"strings"
)

// maxQuoteDepth bounds the block quote nesting the scanner reads: deeper
// '>' markers are text.
const maxQuoteDepth = 32

// maxContainers bounds the nesting of custom containers: a ":::" fence
// deeper than that is text.
const maxContainers = 16

// quotePrefix reads up to limit block quote markers at the start of line:
// each '>' after at most three spaces, with one space after it. It returns
// how many it read and the span [start, end) of line they cover, from the
// first '>' to the text after the last marker; start is -1 when there is
// none. Hidden bytes (a BOM, comments) are skipped like indentation.
func quotePrefix(line []byte, limit int) (depth, start, end int) {
	start = -1
	for depth < limit {
		j, sp := end, 0
		for j < len(line) && (line[j] == hidden || line[j] == ' ' && sp < 3) {
			if line[j] == ' ' {
				sp++
			}
			j++
		}
		if j >= len(line) || line[j] != '>' {
			break
		}
		if start < 0 {
			start = j
		}
		j++
		if j < len(line) && (line[j] == ' ' || line[j] == '\t') {
			j++
		}
		depth, end = depth+1, j
	}
	return depth, start, end
}

// alertLabel returns the admonition a block quote's first line (without
// its markers) announces, or "": "[!WARNING]" (a GitHub alert), or a bold
// label such as "**Warning**", "**Note:**" or "**注意**" at the start of
// the line.
func alertLabel(t []byte) string {
	t = bytes.TrimSpace(t)
	var w []byte
	switch {
	case bytes.HasPrefix(t, []byte("[!")):
		if j := bytes.IndexByte(t, ']'); j > 2 {
			w = t[2:j]
		}
	case bytes.HasPrefix(t, []byte("**")):
		if j := bytes.Index(t[2:], []byte("**")); j > 0 {
			w = bytes.TrimSuffix(bytes.TrimSpace(t[2:2+j]), []byte(":"))
			w = bytes.TrimSuffix(w, []byte("："))
		}
	}
	name := strings.ToLower(string(bytes.TrimSpace(w)))
	switch name {
	case "注意", "警告", "危険":
		return "warning"
	case "メモ", "注":
		return "note"
	case "note", "tip", "info", "important", "warning", "caution", "danger", "attention", "hint", "error":
		return name
	}
	return ""
}

// containerFence reads a custom container fence (":::warning", "::: tip
// Title", ":::"): three or more colons, then the container's name. It
// returns the name in lower case, "" for a closing fence, and whether t
// is a fence at all.
func containerFence(t []byte) (name string, ok bool) {
	n := 0
	for n < len(t) && t[n] == ':' {
		n++
	}
	if n < 3 {
		return "", false
	}
	rest := bytes.TrimSpace(t[n:])
	if len(rest) == 0 {
		return "", true
	}
	j := 0
	for j < len(rest) && (isASCIILetter(rest[j]) || rest[j] >= '0' && rest[j] <= '9' || rest[j] == '-' || rest[j] == '_') {
		j++
	}
	if j == 0 {
		return "", false // "::: {.x}" or ":::" followed by text: not a container this scanner knows
	}
	return strings.ToLower(string(rest[:j])), true
}

// alert returns the admonition the blocks being added lie in: the block
// quote's, else the innermost container's.
func (sc *scanner) alert() string {
	if sc.quote > 0 && sc.quoteAlert != "" {
		return sc.quoteAlert
	}
	if k := len(sc.containers); k > 0 {
		return sc.containers[k-1]
	}
	return ""
}

// within returns the part of line i (0-based, raw content at offset s)
// inside the quote of the open code, math or HTML block, recording its
// quote markers, or false when the line has fewer markers: the quote has
// ended, and the block with it.
func (sc *scanner) within(raw []byte, s int) ([]byte, bool) {
	d := sc.o.Blocks[sc.open].Quote
	if d == 0 {
		return raw, true
	}
	q, ms, me := quotePrefix(raw, d)
	if q < d {
		return nil, false
	}
	sc.o.QuoteMarkers = append(sc.o.QuoteMarkers, Span{s + ms, s + me})
	return raw[me:], true
}

// enterQuote updates the block quote the scanner is in for a line with q
// quote markers whose text (after them) is trim. A line with fewer
// markers than the open quote that continues its paragraph is a lazy
// continuation and stays in it; any other change of depth closes the open
// paragraph, list and table.
func (sc *scanner) enterQuote(q int, trim []byte, blank bool, curKind Kind) {
	if q == sc.quote {
		return
	}
	if q < sc.quote && !blank && sc.cur >= 0 && lazyText(trim, curKind) {
		return
	}
	if sc.quote == 0 {
		sc.quoteAlert = alertLabel(trim)
	} else if q > sc.quote {
		if a := alertLabel(trim); a != "" {
			sc.quoteAlert = a
		}
	}
	sc.quote = q
	if q == 0 {
		sc.quoteAlert = ""
	}
	sc.cur, sc.table, sc.listCol, sc.prevBlank = -1, -1, 0, true
}

// lazyText reports whether a line of text trim may continue the paragraph
// of kind curKind lazily: it starts no other block.
func lazyText(trim []byte, curKind Kind) bool {
	switch curKind {
	case Paragraph, BlockQuote, ListItem, Footnote:
	default:
		return false
	}
	if bytes.HasPrefix(trim, []byte("```")) || bytes.HasPrefix(trim, []byte("~~~")) || bytes.HasPrefix(trim, []byte("$$")) {
		return false
	}
	if _, ok := containerFence(trim); ok {
		return false
	}
	var h htmlBlock
	if startsHTMLBlock(trim, false, &h) {
		return false
	}
	k, _ := classify(trim)
	return k == Paragraph
}
