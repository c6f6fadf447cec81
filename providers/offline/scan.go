package offline

import (
	"bytes"
	"cmp"
	"slices"
	"unicode"
	"unicode/utf8"

	mdoc "github.com/kaigi-dev/kaigi/apply/document"
)

// mask replaces every byte the rules must not read (front matter, code,
// URLs, Markdown syntax, HTML) in document.masked. It is an ASCII control
// byte that never occurs in prose, so byte offsets stay identical to the
// original and rules can tell masked bytes from real spaces.
const mask = 0x1f

// blockKind says what a block of lines is in Markdown terms.
type blockKind uint8

const (
	paragraph blockKind = iota
	heading
	listItem
	tableRow
	quote   // block quote: someone else's words
	caption // "Figure 1: ..." or "図1 ..."
	note    // footnote definition
)

// block is a run of lines that forms one Markdown element worth reviewing.
type block struct {
	kind       blockKind
	start, end int    // byte span in the document, end exclusive
	introColon bool   // a paragraph ending in ':' that introduces code or a list
	alert      string // the admonition the block lies in ("warning"), or "" (see document.Block.Alert)
	lastMask   int    // the offset of the block's last masked byte (code, markup), or -1
}

// link is a Markdown link or image target found in the document.
type link struct {
	target     string
	start, end int // byte span of the target in the document
	image      bool
	from, to   int // byte span of the whole image or link syntax, "![alt](target "title")"
}

// sentence is one sentence of a block.
type sentence struct {
	start, end int    // byte span in the document, trimmed of space
	text       string // masked text of the span
	blk        int    // index into document.blocks
	prose      bool   // a body sentence: ending, length and style rules apply
	ja         bool   // contains kana or kanji: Japanese rules apply
	last       bool   // the block's last sentence
}

// document is a parsed Markdown (or plain text) file: the original bytes,
// a masked copy with the same offsets, its lines, blocks and links.
type document struct {
	raw    []byte
	masked []byte
	lines  mdoc.Lines
	blocks []block
	links  []link
	kana   bool // the document is Japanese (see language): Japanese rules and messages
	cjk    bool // the document is written in Han characters, Japanese or not: the rules of Japanese text apply
}

// line returns the 1-based line number of byte offset off.
func (d *document) line(off int) int { return d.lines.Line(off) }

// lineCount returns the number of lines.
func (d *document) lineCount() int { return d.lines.Count() }

// lineStart returns the offset of line i's (0-based) first byte.
func (d *document) lineStart(i int) int { return d.lines.Start(i + 1) }

// lineBounds returns the content span of the line holding off, without
// its line ending and, on the first line, without a leading BOM: a quote
// never holds the BOM.
func (d *document) lineBounds(off int) (start, end int) {
	start, end = d.contentSpan(d.line(off) - 1)
	if off < start {
		start = 0 // off is inside the BOM
	}
	return start, end
}

// contentSpan is lineSpan without a leading BOM on the first line.
func (d *document) contentSpan(i int) (start, end int) {
	start, end = d.lineSpan(i)
	if start == 0 && bytes.HasPrefix(d.raw[:end], []byte("\uFEFF")) {
		start = 3
	}
	return start, end
}

// parse reads src's blocks with the module's one Markdown scanner
// (package apply/document) and masks everything that is not prose: front
// matter, code, HTML blocks and comments (a code element such as
// <docs-code> to its closing tag, past CommonMark's end), MDX comments, Liquid tags and their code
// blocks ({% highlight %}), math, breaks, link definitions,
// block markers, table pipes, then inline code, links and URLs. It never
// fails: any byte sequence is a document.
func parse(src []byte) *document {
	o := mdoc.Parse(src)
	d := &document{raw: src, masked: bytes.Clone(src), lines: o.Lines}
	if o.Lines.BOM() > 0 {
		fill(d.masked, 0, o.Lines.BOM())
	}
	maskTemplates(d.masked)
	maskLiquid(d.masked)
	maskMDXComments(d.masked)
	for _, c := range o.Comments {
		fill(d.masked, c.Start, c.End)
	}
	for _, m := range o.QuoteMarkers {
		fill(d.masked, m.Start, m.End)
	}
	hidden := 0 // the end of the code element open, if any
	for _, b := range o.Blocks {
		if b.Span.Start < hidden {
			fill(d.masked, b.Span.Start, min(b.Span.End, hidden))
			if b.Span.End <= hidden {
				continue
			}
			b.Span.Start = hidden
		}
		if end := codeElementEnd(src, b); end > 0 {
			hidden = end
		}
		d.addBlock(b)
	}
	for i := range d.blocks {
		d.maskInline(d.blocks[i].start, d.blocks[i].end)
	}
	d.markDefinitions()
	slices.SortStableFunc(d.links, func(a, b link) int { return cmp.Compare(a.start, b.start) })
	d.kana, d.cjk = d.language()
	for i := range d.blocks {
		b := &d.blocks[i]
		if b.lastMask = bytes.LastIndexByte(d.masked[b.start:b.end], mask); b.lastMask >= 0 {
			b.lastMask += b.start
		}
		if b.kind == paragraph {
			t := bytes.TrimRight(d.masked[b.start:b.end], " \t\r\n\x1f")
			b.introColon = bytes.HasSuffix(t, []byte(":")) || bytes.HasSuffix(t, []byte("："))
		}
	}
	return d
}

// reviewed maps the kinds of blocks that hold prose to the offline kinds.
var reviewed = map[mdoc.Kind]blockKind{
	mdoc.Paragraph: paragraph, mdoc.Heading: heading, mdoc.ListItem: listItem,
	mdoc.BlockQuote: quote, mdoc.Caption: caption, mdoc.Footnote: note,
}

// addBlock masks what b's syntax is and records the prose it holds: a
// table as one block a row, a setext heading without its underline; any
// block inside a block quote is a quote.
func (d *document) addBlock(b mdoc.Block) {
	fill(d.masked, b.Marker.Start, b.Marker.End)
	kind := reviewed[b.Kind]
	if b.Quote > 0 {
		kind = quote
	}
	add := func(k blockKind, s, e int) {
		d.blocks = append(d.blocks, block{kind: k, start: s, end: e, alert: b.Alert})
	}
	switch {
	case b.Kind == mdoc.Table:
		for l := b.Lines.Start; l <= b.Lines.End; l++ {
			s, e := d.lineSpan(l - 1)
			maskPipes(d.masked, s, e)
			add(tableRow, s, e)
		}
	case b.Kind == mdoc.Heading && b.Marker.Len() == 0 && b.Lines.End > b.Lines.Start:
		us, ue := d.lineSpan(b.Lines.End - 1)
		fill(d.masked, us, ue)
		_, e := d.lineSpan(b.Lines.End - 2)
		add(heading, b.Span.Start, e)
	case b.Kind == mdoc.Paragraph && b.Quote == 0 && esm(d.raw[b.Span.Start:b.Span.End]):
		fill(d.masked, b.Span.Start, b.Span.End)
	case b.Kind.Prose():
		add(kind, b.Span.Start, b.Span.End)
	case b.Kind == mdoc.LinkDefinition:
		d.addDefinition(b.Span.Start, b.Span.End)
		fill(d.masked, b.Span.Start, b.Span.End)
	default: // code, HTML, math, breaks, link definitions, front matter, container fences
		fill(d.masked, b.Span.Start, b.Span.End)
	}
}

func fill(b []byte, start, end int) {
	for i := start; i < end; i++ {
		if b[i] != '\n' && b[i] != '\r' {
			b[i] = mask
		}
	}
}

// lineSpan returns line i's (0-based) content span without its ending
// (any run of '\r' and '\n').
func (d *document) lineSpan(i int) (start, end int) {
	sp := d.lines.Span(i+1, i+1)
	start, end = sp.Start, sp.End
	for end > start && (d.raw[end-1] == '\n' || d.raw[end-1] == '\r') {
		end--
	}
	return start, end
}

// maskPipes masks the cell separators of a table row in b[s:e].
func maskPipes(b []byte, s, e int) {
	for j := s; j < e; j++ {
		if b[j] == '|' && (j == s || b[j-1] != '\\') {
			b[j] = mask
		}
	}
}

func fenceLen(t []byte) int {
	n := 0
	for n < len(t) && t[n] == t[0] {
		n++
	}
	return n
}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// maskInline masks inline code, links' syntax and targets, images, URLs,
// inline HTML, Hugo shortcodes and emphasis markers in [s, e), recording
// link targets. It runs in time linear in e-s: code spans are masked first, remembering
// which backtick runs have no closing run; brackets and parentheses are
// then paired in one pass.
func (d *document) maskInline(s, e int) {
	b := d.masked
	maskCode(b, s, e)
	closeAt := pairBrackets(b, s, e)
	gt := s - 1             // the next '>' at or after i, once searched for; e when there is none
	var noShortcode [2]bool // no ">}}" (index 0) or "%}}" (1) closes after i
	for i := s; i < e; i++ {
		switch c := b[i]; c {
		case '\\':
			if i+1 < e && b[i+1] < utf8.RuneSelf && unicode.IsPunct(rune(b[i+1])) {
				b[i] = mask
				i++
			}
		case '*', '~':
			b[i] = mask
		case '_':
			switch {
			case i+1 < e && b[i+1] == '_':
				b[i], b[i+1] = mask, mask
				i++
			case emphasisUnderscore(b, s, e, i):
				b[i] = mask // "_再度_": one underscore's emphasis, not snake_case
			}
		case '<':
			if gt < i || gt < e && b[gt] != '>' { // not searched yet, or the '>' found was masked since
				if gt = bytes.IndexByte(b[i:e], '>'); gt < 0 {
					gt = e
				} else {
					gt += i
				}
			}
			if j := gt - i; gt < e && j > 1 && (isASCIILetter(b[i+1]) || b[i+1] == '/') && bytes.IndexByte(b[i:gt], '\n') < 0 {
				fill(b, i, gt+1)
				i = gt
			} else if end := htmlTagEnd(b, i, e); end > 0 { // a tag whose attributes span lines
				fill(b, i, end)
				i = end - 1
			}
		case '{': // a Hugo shortcode, {{< name args >}} or {{% name %}}: template markup
			if i+2 < e && b[i+1] == '{' && (b[i+2] == '<' || b[i+2] == '%') && !noShortcode[b[i+2]&1] {
				closer := []byte("%}}")
				if b[i+2] == '<' {
					closer[0] = '>'
				}
				if j := bytes.Index(b[i+3:e], closer); j >= 0 {
					fill(b, i, i+3+j+3)
					i += 3 + j + 2
				} else {
					noShortcode[b[i+2]&1] = true // none closes later either: stay linear
				}
			}
		case '!', '[':
			i = d.maskLink(i, s, e, closeAt)
		case 'h':
			if bytes.HasPrefix(b[i:e], []byte("http://")) || bytes.HasPrefix(b[i:e], []byte("https://")) {
				j, depth := i, 0
				for ; j < e && !urlStop(b[j]); j++ { // a ')' closes the URL only when unbalanced: ".../foo_(bar)"
					if b[j] == '(' {
						depth++
					} else if b[j] == ')' {
						if depth == 0 {
							break
						}
						depth--
					}
				}
				for j > i && bytes.IndexByte([]byte(".,;:!?"), b[j-1]) >= 0 {
					j--
				}
				fill(b, i, j)
				i = j - 1
			}
		}
	}
}

// maskCode masks the code spans of b[s:e]: a run of n backticks up to the
// next run of n backticks. A run with no closing run is text; once a
// search for n backticks fails, later runs of n are not searched again.
func maskCode(b []byte, s, e int) {
	var unclosed map[int]bool
	for i := s; i < e; i++ {
		switch b[i] {
		case '\\':
			i++ // an escaped backtick opens nothing
		case '`':
			n := fenceLen(b[i:e])
			if !unclosed[n] {
				if j := bytes.Index(b[i+n:e], b[i:i+n]); j >= 0 {
					fill(b, i, i+n+j+n)
					i += n + j + n - 1
					continue
				}
				if unclosed == nil {
					unclosed = map[int]bool{}
				}
				unclosed[n] = true
			}
			i += n - 1
		}
	}
}

// pairBrackets pairs the square brackets and the parentheses of b[s:e]
// (nested, escapes skipped) in one pass: closeAt[k] is the offset of the
// ']' or ')' closing the '[' or '(' at s+k, or -1.
func pairBrackets(b []byte, s, e int) []int32 {
	closeAt := make([]int32, e-s)
	var squares, rounds []int32
	for i := s; i < e; i++ {
		closeAt[i-s] = -1
		switch b[i] {
		case '\\':
			if i+1 < e {
				i++
				closeAt[i-s] = -1
			}
		case '[':
			squares = append(squares, int32(i))
		case '(':
			rounds = append(rounds, int32(i))
		case ']':
			if k := len(squares); k > 0 {
				closeAt[int(squares[k-1])-s] = int32(i)
				squares = squares[:k-1]
			}
		case ')':
			if k := len(rounds); k > 0 {
				closeAt[int(rounds[k-1])-s] = int32(i)
				rounds = rounds[:k-1]
			}
		}
	}
	return closeAt
}

func urlStop(c byte) bool {
	return c <= ' ' || c == mask || c == '>' || c == '"' || c == '\'' || c >= utf8.RuneSelf
}

// maskLink masks "[text](target)", "![alt](target)", "[text][ref]" and
// "[^1]" starting at i, records the target, and returns the index of the
// last byte it consumed. closeAt pairs the brackets of b[s:e] (see
// pairBrackets).
func (d *document) maskLink(i, s, e int, closeAt []int32) int {
	b := d.masked
	image := b[i] == '!'
	open := i
	if image {
		if i+1 >= e || b[i+1] != '[' {
			return i
		}
		open = i + 1
	}
	close := int(closeAt[open-s])
	if close < 0 {
		return i
	}
	if bytes.HasPrefix(b[open:], []byte("[^")) || bytes.HasPrefix(b[open:], []byte("[!")) { // footnote, GitHub alert
		fill(b, i, close+1)
		return close
	}
	if close+1 < e && b[close+1] == '(' {
		end := int(closeAt[close+1-s])
		if end < 0 {
			return i
		}
		ts, te := linkTarget(b, close+2, end)
		d.links = append(d.links, link{target: string(d.raw[ts:te]), start: ts, end: te, image: image, from: i, to: end + 1})
		if image {
			fill(b, i, end+1)
		} else {
			fill(b, i, open+1)
			fill(b, close, end+1)
			// the link text may hold code or emphasis: mask it too
			d.maskInline(open+1, close)
		}
		return end
	}
	if close+1 < e && b[close+1] == '[' {
		if end := int(closeAt[close+1-s]); end >= 0 {
			if image {
				fill(b, i, end+1)
			} else {
				fill(b, i, open+1)
				fill(b, close, end+1)
			}
			return end
		}
	}
	return i
}

// linkTarget returns the span of the destination in a link's parentheses,
// b[s:e] (between "(" and ")"): without the space, tab or line break before
// it (a target may stand on the line after the "("), the angle brackets
// around it, and the title after it.
func linkTarget(b []byte, s, e int) (ts, te int) {
	ts, te = s, e
	for ts < te && (b[ts] == ' ' || b[ts] == '\t' || b[ts] == '\n' || b[ts] == '\r' || b[ts] == '<') {
		ts++
	}
	if sp := bytes.IndexAny(b[ts:te], " \t\r\n>"); sp >= 0 {
		te = ts + sp
	}
	return ts, te
}

// addDefinition records the target of the link reference definition
// "[label]: target" on the line raw[s:e], so that reference-style links
// ("[text][label]") are checked as inline ones are.
func (d *document) addDefinition(s, e int) {
	j := bytes.Index(d.raw[s:e], []byte("]:"))
	if j < 0 {
		return
	}
	ts, te := linkTarget(d.raw, s+j+2, e)
	if ts < te {
		d.links = append(d.links, link{target: string(d.raw[ts:te]), start: ts, end: te})
	}
}

// maskTemplates masks the Go template actions of b in place: "{{" and
// an action name or a '.' ({{raw `...`}}, {{play "x.go" `/A/`}},
// {{.Title}}) up to the "}}" that closes it outside back-quoted and
// double-quoted strings. A raw string may span lines and blank lines (the
// Go website's code blocks); outside one, a blank line ends the search and
// the "{{" is text. Hugo shortcodes ({{< >}}, {{% %}}) are left to
// maskInline. It runs in one pass: a failed search is not started again
// inside the text it read.
func maskTemplates(b []byte) {
	for i := 0; i+2 < len(b); i++ {
		if b[i] != '{' || b[i+1] != '{' {
			continue
		}
		j := i + 2
		for j < len(b) && (b[j] == ' ' || b[j] == '-') {
			j++
		}
		if j == len(b) || !(isASCIILetter(b[j]) || b[j] == '.') {
			continue
		}
		end, stop := templateEnd(b, j)
		if end < 0 {
			i = stop - 1
			continue
		}
		fill(b, i, end)
		i = end - 1
	}
}

// templateEnd returns the offset after the "}}" closing the template
// action whose body starts at b[j], or -1 and the offset where the search
// stopped.
func templateEnd(b []byte, j int) (end, stop int) {
	var quote byte // the open string's delimiter, or 0
	for ; j < len(b); j++ {
		c := b[j]
		switch {
		case quote == '"' && c == '\\':
			j++
		case quote != 0:
			if c == quote || quote == '"' && c == '\n' {
				quote = 0
			}
		case c == '`' || c == '"':
			quote = c
		case c == '}' && j+1 < len(b) && b[j+1] == '}':
			return j + 2, j + 2
		case c == '\n' && blankAfter(b, j+1):
			return -1, j
		}
	}
	return -1, j
}

// blankAfter reports whether the line starting at b[i] is blank.
func blankAfter(b []byte, i int) bool {
	for ; i < len(b) && b[i] != '\n'; i++ {
		if b[i] != ' ' && b[i] != '\t' && b[i] != '\r' {
			return false
		}
	}
	return true
}

// language reads the document's language from its prose (the masked
// text of its blocks, so code and markup do not count): it is Japanese
// (kana) when it holds at least one Japanese character (kana or kanji)
// for every eight English words and either kana or, in prose of kanji
// only (第五章, 三十回), none of the function characters of Chinese
// (的, 了, 这, 們, ...); it is written in Han characters (cjk) when it
// holds such characters in that share, kana or not. One Japanese
// sentence, or a rune literal '世' in code, does not make an English
// document Japanese; English names in Japanese text do not make it
// English.
func (d *document) language() (kana, cjk bool) {
	jaChars, enWords := 0, 0
	chinese := false
	for _, b := range d.blocks {
		inWord := false
		for _, r := range string(d.masked[b.start:b.end]) {
			switch {
			case r < utf8.RuneSelf && isASCIILetter(byte(r)):
				if !inWord {
					enWords++
				}
				inWord = true
				continue
			case r >= 0x3040 && isKana(r):
				jaChars++
				kana = true
			case r >= 0x3040 && isKanji(r):
				jaChars++
				chinese = chinese || bytes.ContainsRune([]byte(chineseMarks), r)
			}
			inWord = false
		}
	}
	cjk = jaChars > 0 && jaChars*8 >= enWords
	return (kana || !chinese) && cjk, cjk
}

// chineseMarks are Han characters Chinese prose is seldom without and
// Japanese prose written in kanji only seldom holds.
const chineseMarks = "的了这這们們个個吗嗎呢么麼说說"

// words reports whether the document's prose holds a letter: a
// document of digits and symbols only has no language.
func (d *document) words() bool {
	for _, b := range d.blocks {
		for _, r := range string(d.masked[b.start:b.end]) {
			if r != mask && unicode.IsLetter(r) {
				return true
			}
		}
	}
	return false
}
