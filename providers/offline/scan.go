package offline

import (
	"bytes"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
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
	start, end int  // byte span in the document, end exclusive
	introColon bool // a paragraph ending in ':' that introduces code or a list
}

// link is a Markdown link or image target found in the document.
type link struct {
	target     string
	start, end int // byte span of the target in the document
	image      bool
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
	raw        []byte
	masked     []byte
	lineStarts []int // byte offset of each line's first byte
	blocks     []block
	links      []link
	kana       bool // the document holds kana: its kanji-only sentences are Japanese too
}

// line returns the 1-based line number of byte offset off.
func (d *document) line(off int) int {
	return sort.Search(len(d.lineStarts), func(i int) bool { return d.lineStarts[i] > off })
}

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

// parse splits src into lines and blocks and masks everything that is not
// prose. It never fails: any byte sequence is a document.
func parse(src []byte) *document {
	d := &document{raw: src, masked: bytes.Clone(src)}
	d.lineStarts = append(d.lineStarts, 0)
	for i, c := range src {
		if c == '\n' && i+1 < len(src) {
			d.lineStarts = append(d.lineStarts, i+1)
		}
	}
	if bytes.HasPrefix(src, []byte("\uFEFF")) {
		fill(d.masked, 0, 3)
	}
	d.kana = hasKana(string(src))
	d.scanBlocks()
	for i := range d.blocks {
		d.maskInline(d.blocks[i].start, d.blocks[i].end)
	}
	for i := range d.blocks {
		b := &d.blocks[i]
		if b.kind == paragraph {
			t := bytes.TrimRight(d.masked[b.start:b.end], " \t\r\n\x1f")
			b.introColon = bytes.HasSuffix(t, []byte(":")) || bytes.HasSuffix(t, []byte("："))
		}
	}
	return d
}

func fill(b []byte, start, end int) {
	for i := start; i < end; i++ {
		if b[i] != '\n' && b[i] != '\r' {
			b[i] = mask
		}
	}
}

// lineSpan returns line i's (0-based) content span without its ending.
func (d *document) lineSpan(i int) (start, end int) {
	start = d.lineStarts[i]
	end = len(d.raw)
	if i+1 < len(d.lineStarts) {
		end = d.lineStarts[i+1]
	}
	for end > start && (d.raw[end-1] == '\n' || d.raw[end-1] == '\r') {
		end--
	}
	return start, end
}

// scanBlocks classifies lines into blocks, masking front matter, code,
// HTML blocks, comments and block markers.
func (d *document) scanBlocks() {
	n := len(d.lineStarts)
	i := d.frontMatter()
	var fence []byte   // the opening fence of the code block we are in
	inComment := false // inside a multi-line HTML comment
	prevBlank := true  // previous line was blank (or start of document)
	var cur *block     // the block that a lazy continuation line extends
	listCol := 0       // content column of the list item we may be in, or 0
	var html htmlBlock // the HTML block we are in
	math := false      // inside a $$ math block
	table := false     // inside a table whose rows need no outer pipes
	for ; i < n; i++ {
		s, e := d.lineSpan(i)
		line := d.masked[s:e]
		switch {
		case fence != nil:
			if t := bytes.TrimLeft(line, " "); bytes.HasPrefix(t, fence) && len(bytes.Trim(t, string(fence[:1])+" \t")) == 0 {
				fence = nil
			}
			fill(d.masked, s, e)
			continue
		case math:
			math = !bytes.HasSuffix(bytes.TrimRight(line, " \t"), []byte("$$"))
			fill(d.masked, s, e)
			continue
		case html.open:
			if html.end == nil && len(bytes.TrimSpace(line)) == 0 {
				html.open, prevBlank = false, true
				continue
			}
			if html.end != nil && bytes.Contains(bytes.ToLower(line), html.end) {
				html.open = false
			}
			fill(d.masked, s, e)
			continue
		}
		inComment = maskComments(d.masked, s, e, inComment)
		line = d.masked[s:e]
		trim := bytes.TrimLeft(line, " \t\x1f")
		indent := len(line) - len(bytes.TrimLeft(line, " "))
		blank := len(bytes.TrimRight(trim, " \t\x1f")) == 0
		if !blank && indent < listCol && (prevBlank || listMarker(trim) > 0) {
			listCol = 0 // the list item has ended
		}
		rel := indent - listCol // indentation relative to the list item's content (CommonMark)
		switch {
		case blank:
			cur, prevBlank, table = nil, true, false
			continue
		case rel < 4 && (bytes.HasPrefix(trim, []byte("```")) || bytes.HasPrefix(trim, []byte("~~~"))):
			fence = bytes.Clone(trim[:fenceLen(trim)])
			fill(d.masked, s, e)
			cur, prevBlank = nil, false
			continue
		case (line[0] == '\t' && listCol == 0 || rel >= 4) && prevBlank && (cur == nil || cur.kind != listItem):
			fill(d.masked, s, e) // indented code block
			cur = nil
			continue
		case rel < 4 && bytes.HasPrefix(trim, []byte("$$")):
			math = !bytes.HasSuffix(bytes.TrimRight(trim[2:], " \t"), []byte("$$"))
			fill(d.masked, s, e)
			cur, prevBlank = nil, false
			continue
		case rel < 4 && startsHTMLBlock(trim, cur == nil || cur.kind != paragraph, &html):
			html.open = html.end == nil || !bytes.Contains(bytes.ToLower(trim), html.end)
			fill(d.masked, s, e)
			cur, prevBlank = nil, false
			continue
		case table || isDelimiterRow(trim) && cur != nil && cur.kind == paragraph && cur.start == d.lineStarts[i-1] &&
			bytes.IndexByte(d.masked[cur.start:cur.end], '|') >= 0:
			if !table { // the paragraph above is the table's header row
				cur.kind, table = tableRow, true
				maskPipes(d.masked, cur.start, cur.end)
			}
			maskPipes(d.masked, s, e)
			d.blocks = append(d.blocks, block{kind: tableRow, start: s, end: e})
			cur, prevBlank = nil, false
			continue
		}
		prevBlank = false
		kind, body := classify(trim)
		off := s + len(line) - len(trim)
		switch kind {
		case -1: // thematic break, HTML block, link definition
			if cur != nil && cur.kind == paragraph && isSetext(trim) {
				cur.kind = heading
			}
			fill(d.masked, s, e)
			cur = nil
			continue
		case int(paragraph):
			if cur != nil && (cur.kind == paragraph || cur.kind == listItem || cur.kind == quote || cur.kind == note) {
				cur.end = e // continuation line
				continue
			}
		}
		fill(d.masked, off, off+body) // block marker: "#", "- ", "> ", "|"
		if kind == int(tableRow) {
			maskPipes(d.masked, s, e)
		}
		if kind == int(listItem) {
			listCol = indent + body
		}
		d.blocks = append(d.blocks, block{kind: blockKind(kind), start: s, end: e})
		cur = &d.blocks[len(d.blocks)-1]
		if kind == int(heading) || kind == int(tableRow) || kind == int(caption) {
			cur = nil
		}
	}
}

// htmlBlock is an open CommonMark HTML block.
type htmlBlock struct {
	open bool
	end  []byte // the closing tag that ends it (lower case), or nil: a blank line ends it
}

// htmlBlockTags start a CommonMark HTML block of type 6, which may
// interrupt a paragraph.
func htmlBlockTag(name string) bool {
	switch name {
	case "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col",
		"colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure",
		"footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr",
		"html", "iframe", "legend", "li", "link", "main", "menu", "menuitem", "nav", "noframes", "ol",
		"optgroup", "option", "p", "param", "search", "section", "summary", "table", "tbody", "td", "tfoot",
		"th", "thead", "title", "tr", "track", "ul":
		return true
	}
	return false
}

// startsHTMLBlock reports whether the line t (without its indentation)
// opens a CommonMark HTML block and sets h.end to what closes it: the
// closing tag of <script>, <pre>, <style> and <textarea>, or a blank line.
// A block of any other tag alone on its line (type 7) needs interrupt:
// it cannot interrupt a paragraph. Comments are masked separately.
func startsHTMLBlock(t []byte, interrupt bool, h *htmlBlock) bool {
	if len(t) < 2 || t[0] != '<' {
		return false
	}
	closing := t[1] == '/'
	k := 1
	if closing {
		k++
	}
	j := k
	for j < len(t) && (isASCIILetter(t[j]) || j > k && (t[j] >= '0' && t[j] <= '9' || t[j] == '-')) {
		j++
	}
	if j == k {
		return t[1] == '!' && len(t) > 2 && isASCIILetter(t[2]) // <!DOCTYPE ...>
	}
	name := strings.ToLower(string(t[k:j]))
	after := j == len(t) || t[j] == ' ' || t[j] == '\t' || t[j] == '>' || bytes.HasPrefix(t[j:], []byte("/>"))
	switch {
	case !after:
		return false
	case !closing && (name == "script" || name == "pre" || name == "style" || name == "textarea"):
		h.end = []byte("</" + name + ">")
		return true
	case htmlBlockTag(name):
		h.end = nil
		return true
	}
	// type 7: a complete tag and nothing else on the line
	gt := bytes.IndexByte(t, '>')
	if !interrupt || gt < 0 || len(bytes.TrimSpace(t[gt+1:])) > 0 {
		return false
	}
	h.end = nil
	return true
}

// isDelimiterRow reports a GFM table delimiter row such as "--- | :---:"
// or "|---|---|": cells of dashes with optional colons, at least one pipe.
func isDelimiterRow(t []byte) bool {
	t = bytes.TrimSpace(t)
	if bytes.IndexByte(t, '|') < 0 {
		return false
	}
	t = bytes.TrimSuffix(bytes.TrimPrefix(t, []byte("|")), []byte("|"))
	for _, cell := range bytes.Split(t, []byte("|")) {
		cell = bytes.TrimSpace(cell)
		cell = bytes.TrimSuffix(bytes.TrimPrefix(cell, []byte(":")), []byte(":"))
		if len(cell) == 0 || len(bytes.Trim(cell, "-")) != 0 {
			return false
		}
	}
	return true
}

// maskPipes masks the cell separators of a table row in b[s:e].
func maskPipes(b []byte, s, e int) {
	for j := s; j < e; j++ {
		if b[j] == '|' && (j == s || b[j-1] != '\\') {
			b[j] = mask
		}
	}
}

// frontMatter masks a leading "---" (YAML) or "+++" (TOML) block and
// returns the index of the first line after it.
func (d *document) frontMatter() int {
	s, e := d.lineSpan(0)
	first := string(bytes.TrimSpace(bytes.TrimPrefix(d.raw[s:e], []byte("\uFEFF"))))
	if first != "---" && first != "+++" {
		return 0
	}
	for i := 1; i < len(d.lineStarts); i++ {
		ls, le := d.lineSpan(i)
		t := string(bytes.TrimSpace(d.raw[ls:le]))
		if t == first || (first == "---" && t == "...") {
			fill(d.masked, 0, le)
			return i + 1
		}
	}
	return 0
}

// maskComments masks HTML comments on the line [s, e); open says whether
// the line starts inside a comment. It returns whether the line ends inside
// one.
func maskComments(b []byte, s, e int, open bool) bool {
	i := s
	for i < e {
		if open {
			j := bytes.Index(b[i:e], []byte("-->"))
			if j < 0 {
				fill(b, i, e)
				return true
			}
			fill(b, i, i+j+3)
			i += j + 3
			open = false
			continue
		}
		j := bytes.Index(b[i:e], []byte("<!--"))
		if j < 0 {
			return false
		}
		i += j
		open = true
	}
	return open
}

func fenceLen(t []byte) int {
	n := 0
	for n < len(t) && t[n] == t[0] {
		n++
	}
	return n
}

func isSetext(t []byte) bool {
	t = bytes.TrimRight(t, " \t")
	return len(t) >= 1 && (len(bytes.Trim(t, "=")) == 0 || len(bytes.Trim(t, "-")) == 0)
}

// classify returns the block kind of a line (without its indentation) and
// the length of the block marker to mask; kind -1 means the line is not
// reviewed at all. HTML blocks, math and tables without outer pipes are
// recognised before, by scanBlocks.
func classify(t []byte) (kind, marker int) {
	switch c := t[0]; {
	case c == '#':
		n := fenceLen(t)
		if n <= 6 && (n == len(t) || t[n] == ' ' || t[n] == '\t') {
			return int(heading), n
		}
	case c == '>':
		n := 0
		for n < len(t) && (t[n] == '>' || t[n] == ' ') {
			n++
		}
		return int(quote), n
	case c == '|':
		return int(tableRow), 1
	case c == '[' && bytes.HasPrefix(t, []byte("[^")):
		if j := bytes.Index(t, []byte("]:")); j > 0 {
			return int(note), j + 2
		}
	case c == '[':
		// link reference definition: "[label]: target"
		if j := bytes.Index(t, []byte("]:")); j > 0 && bytes.IndexByte(t[1:j], '[') < 0 {
			return -1, 0
		}
	}
	if isRule(t) {
		return -1, 0
	}
	if n := listMarker(t); n > 0 {
		return int(listItem), n
	}
	if isCaption(t) {
		return int(caption), 0
	}
	return int(paragraph), 0
}

// isRule reports a thematic break or setext underline: "---", "***",
// "___", "===".
func isRule(t []byte) bool {
	t = bytes.TrimRight(t, " \t")
	if len(t) < 3 {
		return false
	}
	c := t[0]
	if c != '-' && c != '*' && c != '_' && c != '=' {
		return false
	}
	for _, b := range t {
		if b != c && b != ' ' {
			return false
		}
	}
	return true
}

// listMarker returns the length of a list marker ("- ", "1. ", "- [ ] ")
// at the start of t, or 0.
func listMarker(t []byte) int {
	n := 0
	switch {
	case t[0] == '-' || t[0] == '*' || t[0] == '+':
		n = 1
	case t[0] >= '0' && t[0] <= '9':
		for n < len(t) && n < 9 && t[n] >= '0' && t[n] <= '9' {
			n++
		}
		if n == len(t) || (t[n] != '.' && t[n] != ')') {
			return 0
		}
		n++
	default:
		if bytes.HasPrefix(t, []byte("・")) {
			return len("・")
		}
		return 0
	}
	if n < len(t) && t[n] != ' ' && t[n] != '\t' {
		return 0
	}
	for n < len(t) && (t[n] == ' ' || t[n] == '\t') {
		n++
	}
	if bytes.HasPrefix(t[n:], []byte("[ ] ")) || bytes.HasPrefix(t[n:], []byte("[x] ")) || bytes.HasPrefix(t[n:], []byte("[X] ")) {
		n += 4
	}
	return n
}

// isCaption reports a figure, table or listing caption: a label that
// stands alone ("Figure 1:", "Table 2.", "図1：", "表 3 ") followed by a
// short title with no 。. "Table 2 shows ..." and "図1のとおり、..." are
// prose.
func isCaption(t []byte) bool {
	for _, p := range [...]string{"Figure ", "Fig. ", "Table ", "Listing ", "図", "表", "リスト"} {
		if !bytes.HasPrefix(t, []byte(p)) {
			continue
		}
		r := bytes.TrimLeft(t[len(p):], " ")
		n := 0
		for n < len(r) && (r[n] >= '0' && r[n] <= '9' || n > 0 && (r[n] == '.' || r[n] == '-') && n+1 < len(r) && r[n+1] >= '0' && r[n+1] <= '9') {
			n++
		}
		if n == 0 {
			return false
		}
		rest := r[n:]
		ja := p[0] >= utf8.RuneSelf
		switch {
		case bytes.HasPrefix(rest, []byte(":")), bytes.HasPrefix(rest, []byte("：")), bytes.HasPrefix(rest, []byte(".")):
		case ja && (bytes.HasPrefix(rest, []byte(" ")) || bytes.HasPrefix(rest, []byte("\u3000"))):
		case len(bytes.TrimSpace(rest)) == 0:
			return true
		default:
			return false
		}
		title := bytes.TrimSpace(rest)
		return !bytes.Contains(title, []byte("。")) && utf8.RuneCount(title) <= 80
	}
	return false
}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// maskInline masks inline code, links' syntax and targets, images, URLs,
// inline HTML and emphasis markers in [s, e), recording link targets. It
// runs in time linear in e-s: code spans are masked first, remembering
// which backtick runs have no closing run; brackets and parentheses are
// then paired in one pass.
func (d *document) maskInline(s, e int) {
	b := d.masked
	maskCode(b, s, e)
	closeAt := pairBrackets(b, s, e)
	gt := s - 1 // the next '>' at or after i, once searched for; e when there is none
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
			if i+1 < e && b[i+1] == '_' {
				b[i], b[i+1] = mask, mask
				i++
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
		ts, te := close+2, end
		for ts < te && (b[ts] == ' ' || b[ts] == '<') {
			ts++
		}
		if sp := bytes.IndexAny(b[ts:te], " >"); sp >= 0 {
			te = ts + sp
		}
		d.links = append(d.links, link{target: string(d.raw[ts:te]), start: ts, end: te, image: image})
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
