package offline

import (
	"bytes"
	"unicode"
	"unicode/utf8"
)

// liquidBlocks are the Liquid tags (Jekyll's template language) whose
// body, up to the matching end tag, is code or markup rather than prose:
// {% highlight ruby %} ... {% endhighlight %} is a code block.
var liquidBlocks = []struct{ open, end string }{
	{"highlight", "endhighlight"}, {"raw", "endraw"}, {"comment", "endcomment"}, {"capture", "endcapture"},
}

// maskLiquid masks the Liquid tags of b in place: a tag "{% name ... %}"
// closed on its line, and for the tags of liquidBlocks everything up to
// and past the end tag, blank lines included. A tag with no "%}" on its
// line (within maxLiquidTag bytes), or a block tag with no end tag, is
// text. It runs in one pass:
// once a block's end tag is not found, later tags of that name are not
// searched for again.
func maskLiquid(b []byte) {
	noEnd := make([]bool, len(liquidBlocks))
	for i := 0; i+1 < len(b); i++ {
		if b[i] != '{' || b[i+1] != '%' {
			continue
		}
		end := liquidTagEnd(b, i)
		if end < 0 {
			continue
		}
		name := liquidName(b[i+2 : end-2])
		for k, lb := range liquidBlocks {
			if name != lb.open || noEnd[k] {
				continue
			}
			if closeAt := liquidEndTag(b[end:], lb.end); closeAt >= 0 {
				end += closeAt
			} else {
				noEnd[k] = true
			}
			break
		}
		fill(b, i, end)
		i = end - 1
	}
}

// maxLiquidTag is the longest Liquid tag read, so that a line of many
// unclosed "{%" costs linear time.
const maxLiquidTag = 512

// liquidTagEnd returns the offset after the "%}" that closes the tag
// opening at b[i] on its line within maxLiquidTag bytes, or -1.
func liquidTagEnd(b []byte, i int) int {
	line := b[i:min(len(b), i+maxLiquidTag)]
	if nl := bytes.IndexByte(line, '\n'); nl >= 0 {
		line = line[:nl]
	}
	j := bytes.Index(line[2:], []byte("%}"))
	if j < 0 {
		return -1
	}
	return i + 2 + j + 2
}

// liquidName returns the tag name of a tag's body ("- highlight ruby -"
// gives "highlight"), or "" when the body does not open with a letter.
func liquidName(body []byte) string {
	body = bytes.TrimLeft(body, " \t-")
	n := 0
	for n < len(body) && isASCIILetter(body[n]) {
		n++
	}
	return string(body[:n])
}

// liquidEndTag returns the offset in b after the first tag named end
// ("{% endhighlight %}"), or -1.
func liquidEndTag(b []byte, end string) int {
	for off := 0; ; {
		j := bytes.Index(b[off:], []byte("{%"))
		if j < 0 {
			return -1
		}
		at := off + j
		if e := liquidTagEnd(b, at); e > 0 && liquidName(b[at+2:e-2]) == end {
			return e
		}
		off = at + 2
	}
}

// markDefinitions reads kramdown's definition lists (Jekyll's Markdown):
// a paragraph with a line led by ": " is a term and its definition, and
// one led by it is a definition whose term is the one-line paragraph
// before it. Neither is a body sentence: they become list items, so that
// the sentence-ending rules leave "1.8系" and ": 1.8.5以前の全てのバージョン"
// alone.
func (d *document) markDefinitions() {
	for i := range d.blocks {
		b := &d.blocks[i]
		if b.kind != paragraph {
			continue
		}
		text := d.raw[b.start:b.end]
		if definitionLine(text) {
			b.kind = listItem
			if i > 0 && d.blocks[i-1].kind == paragraph && bytes.IndexByte(d.raw[d.blocks[i-1].start:d.blocks[i-1].end], '\n') < 0 {
				d.blocks[i-1].kind = listItem
			}
			continue
		}
		for nl := bytes.IndexByte(text, '\n'); nl >= 0; {
			text = text[nl+1:]
			if definitionLine(text) {
				b.kind = listItem
				break
			}
			nl = bytes.IndexByte(text, '\n')
		}
	}
}

// definitionLine reports whether line (up to its end) opens with kramdown's
// definition marker: a colon, then a space or a tab.
func definitionLine(line []byte) bool {
	return len(line) > 1 && line[0] == ':' && (line[1] == ' ' || line[1] == '\t')
}

// emphasisUnderscore reports whether the '_' at b[i] (inside [s, e))
// opens or closes emphasis: it stands between a space, a line's edge or
// a sign and a character that is none of these ("_再度_", "_not yet_"),
// where an underscore inside a word (snake_case) stands between letters.
func emphasisUnderscore(b []byte, s, e, i int) bool {
	edge := func(k int) bool { // b[k] is a space, a sign, or out of the span
		if k < s || k >= e {
			return true
		}
		c := b[k]
		return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == mask || c < utf8.RuneSelf && c != '_' && unicode.IsPunct(rune(c))
	}
	return edge(i-1) != edge(i+1)
}
