package document

import (
	"bytes"
	"unicode/utf8"
)

// hidden stands in the scanner's copy of a line for the bytes of a comment
// or a BOM: classification skips it like indentation.
const hidden = 0x1f

// noKind is the kind of the block a line continues when there is none.
const noKind Kind = 255

// scanner is the state of one Parse: one pass over the lines, deciding
// each line's block from the line and the state the lines before left.
type scanner struct {
	text []byte
	o    *Outline
	line []byte // the current line with comments and a BOM hidden

	cur       int       // index of the block a lazy continuation line extends, or -1
	open      int       // index of the open fenced code, math or HTML block
	fence     []byte    // the opening fence of the code block we are in
	math      bool      // inside a $$ math block
	html      htmlBlock // the HTML block we are in
	table     int       // index of the table whose rows need no outer pipes, or -1 when none
	comment   bool      // inside a multi-line HTML comment
	prevBlank bool      // the previous line was blank (or the start of the text)
	listCol   int       // content column of the list item we may be in, or 0
	curPipe   bool      // the paragraph cur holds a '|' outside comments
	defOpen   int       // index of a link reference definition whose destination is on the next line, or -1
	defTitle  int       // index of a link reference definition whose title may be on the next line, or -1

	quote      int      // depth of the block quote the open blocks lie in
	quoteAlert string   // the admonition of that block quote, or ""
	lineQuote  int      // quote markers of the current line
	linePrefix int      // length of the current line's quote markers, with the indentation before them
	lineMark   Span     // the current line's quote markers
	containers []string // names of the open custom containers, innermost last
}

// lineSpan returns line i's (0-based) content span without its line
// ending (any run of '\r' and '\n').
func (sc *scanner) lineSpan(i int) (start, end int) {
	sp := sc.o.Lines.Span(i+1, i+1)
	start, end = sp.Start, sp.End
	for end > start && (sc.text[end-1] == '\n' || sc.text[end-1] == '\r') {
		end--
	}
	return start, end
}

func (sc *scanner) add(b Block) int {
	b.Quote, b.Alert = sc.quote, sc.alert()
	sc.o.Blocks = append(sc.o.Blocks, b)
	return len(sc.o.Blocks) - 1
}

// extend makes block k end with line i (0-based), whose content ends at e.
func (sc *scanner) extend(k, i, e int) {
	b := &sc.o.Blocks[k]
	b.Lines.End, b.Span.End = i+1, e
}

func (sc *scanner) run() {
	n := sc.o.Lines.Count()
	i := 0
	if fm, ok := FindFrontMatter(sc.text); ok {
		sc.o.FrontMatter = &fm
		_, e := sc.lineSpan(fm.Lines.End - 1)
		sc.add(Block{Kind: FrontMatterBlock, Lines: fm.Lines, Span: Span{fm.Span.Start, e}})
		i = fm.Lines.End
	}
	sc.prevBlank, sc.table, sc.defOpen, sc.defTitle = true, -1, -1, -1
	for ; i < n; i++ {
		s, e := sc.lineSpan(i)
		raw := sc.text[s:e]
		if sc.fence != nil || sc.math || sc.html.open {
			if body, ok := sc.within(raw, s); ok {
				sc.continueBlock(i, body, e)
				continue
			}
			sc.fence, sc.math, sc.html.open = nil, false, false // the block ended with its quote
		}
		sc.line = append(sc.line[:0], raw...)
		if s == 0 && bytes.HasPrefix(sc.line, []byte(bom)) {
			copy(sc.line, []byte{hidden, hidden, hidden})
		}
		sc.comment = sc.hideComments(s, sc.comment)
		q, ms, me := quotePrefix(sc.line, maxQuoteDepth)
		sc.lineQuote, sc.linePrefix = q, 0
		if q > 0 {
			sc.linePrefix, sc.lineMark = me, Span{s + ms, s + me}
			sc.o.QuoteMarkers = append(sc.o.QuoteMarkers, sc.lineMark)
		}
		sc.block(i, s, e)
	}
}

// continueBlock extends the open fenced code, math or HTML block with line
// i (0-based), whose content inside the block's quote is body and ends at
// e, and closes the block at its end.
func (sc *scanner) continueBlock(i int, body []byte, e int) {
	switch {
	case sc.fence != nil:
		if t := bytes.TrimLeft(body, " "); bytes.HasPrefix(t, sc.fence) && len(bytes.Trim(t, string(sc.fence[:1])+" \t")) == 0 {
			sc.fence = nil
		}
	case sc.math:
		sc.math = !bytes.HasSuffix(bytes.TrimRight(body, " \t"), []byte("$$"))
	case sc.html.open:
		if sc.html.end == nil && len(bytes.TrimSpace(body)) == 0 {
			sc.html.open, sc.prevBlank = false, true
			return
		}
		if sc.html.end != nil && bytes.Contains(bytes.ToLower(body), sc.html.end) {
			sc.html.open = false
		}
	}
	sc.extend(sc.open, i, e)
}

// block classifies line i (0-based, content [s, e), comments hidden in
// sc.line) outside code, math and HTML blocks.
func (sc *scanner) block(i, s, e int) {
	line := sc.line[sc.linePrefix:]
	curKind := noKind
	if sc.cur >= 0 {
		curKind = sc.o.Blocks[sc.cur].Kind
	}
	trim := bytes.TrimLeft(line, " \t\x1f")
	blank := len(bytes.TrimRight(trim, " \t\x1f")) == 0
	sc.enterQuote(sc.lineQuote, trim, blank, curKind)
	if sc.cur < 0 {
		curKind = noKind
	}
	blocks := sc.o.Blocks
	indent := len(line) - len(bytes.TrimLeft(line, " "))
	inItem := sc.listCol == 0 || indent >= sc.listCol // a paragraph before this line would be the one it continues
	if !blank && indent < sc.listCol && (sc.prevBlank || listMarker(trim) > 0) {
		sc.listCol = 0 // the list item has ended
	}
	rel := indent - sc.listCol // indentation relative to the list item's content (CommonMark)
	off := s + len(sc.line) - len(trim)
	def, title := sc.defOpen, sc.defTitle
	sc.defOpen, sc.defTitle = -1, -1
	switch {
	case blank:
		sc.cur, sc.prevBlank, sc.table = -1, true, -1
		return
	case def >= 0 && sc.lineQuote == sc.quote:
		// "[label]:" and, on this line, its destination (and maybe its title)
		sc.extend(def, i, e)
		if !bytes.ContainsAny(bytes.TrimSpace(trim), " \t") {
			sc.defTitle = def
		}
		sc.cur, sc.prevBlank = -1, false
		return
	case title >= 0 && sc.lineQuote == sc.quote && isLinkTitle(bytes.TrimRight(trim, " \t")):
		sc.extend(title, i, e)
		sc.cur, sc.prevBlank = -1, false
		return
	case rel < 4 && trim[0] == ':' && sc.containerLine(i, s, e, trim):
		return
	case rel < 4 && (bytes.HasPrefix(trim, []byte("```")) || bytes.HasPrefix(trim, []byte("~~~"))):
		sc.fence = bytes.Clone(trim[:fenceLen(trim)])
		info := bytes.Trim(trim[len(sc.fence):], " \t\x1f")
		sc.open = sc.add(Block{Kind: FencedCode, Lines: LineRange{i + 1, i + 1}, Span: Span{s, e}, Info: string(info)})
		sc.cur, sc.prevBlank, sc.table = -1, false, -1
		return
	case (line[0] == '\t' && sc.listCol == 0 || rel >= 4) && sc.prevBlank && curKind != ListItem:
		if k := len(blocks) - 1; k >= 0 && blocks[k].Kind == IndentedCode && sc.cur < 0 && sc.indentedRun(k, i) {
			sc.extend(k, i, e) // only blank lines since the block's last line
		} else {
			sc.add(Block{Kind: IndentedCode, Lines: LineRange{i + 1, i + 1}, Span: Span{s, e}})
		}
		sc.cur = -1
		return
	case rel < 4 && bytes.HasPrefix(trim, []byte("$$")):
		sc.math = !bytes.HasSuffix(bytes.TrimRight(trim[2:], " \t"), []byte("$$"))
		sc.open = sc.add(Block{Kind: MathBlock, Lines: LineRange{i + 1, i + 1}, Span: Span{s, e}})
		sc.cur, sc.prevBlank, sc.table = -1, false, -1
		return
	case rel < 4 && startsHTMLBlock(trim, curKind != Paragraph, &sc.html):
		sc.html.open = sc.html.end == nil || !bytes.Contains(bytes.ToLower(trim), sc.html.end)
		sc.open = sc.add(Block{Kind: HTMLBlock, Lines: LineRange{i + 1, i + 1}, Span: Span{s, e}})
		sc.cur, sc.prevBlank, sc.table = -1, false, -1
		return
	case sc.table >= 0:
		sc.extend(sc.table, i, e)
		sc.cur, sc.prevBlank = -1, false
		return
	case curKind == Paragraph && sc.curPipe && blocks[sc.cur].Lines.Start == i && isDelimiterRow(trim):
		// the one-line paragraph above is the table's header row
		blocks[sc.cur].Kind, sc.table = Table, sc.cur
		sc.extend(sc.cur, i, e)
		sc.cur, sc.prevBlank = -1, false
		return
	case curKind == Paragraph && rel < 4 && isSetext(trim):
		b := &blocks[sc.cur]
		b.Kind, b.Level = Heading, 2
		if trim[0] == '=' {
			b.Level = 1
		}
		sc.extend(sc.cur, i, e)
		sc.cur, sc.prevBlank = -1, false
		return
	}
	sc.prevBlank = false
	kind, marker := classify(trim)
	if kind == ListItem && curKind == Paragraph && inItem && !interruptsParagraph(trim, marker) {
		kind = Paragraph // "3) restart it" inside a paragraph is its text (CommonMark)
	}
	switch kind {
	case ThematicBreak:
		sc.add(Block{Kind: kind, Lines: LineRange{i + 1, i + 1}, Span: Span{s, e}})
		sc.cur = -1
		return
	case LinkDefinition:
		k := sc.add(Block{Kind: kind, Lines: LineRange{i + 1, i + 1}, Span: Span{s, e}})
		switch rest := bytes.TrimSpace(trim[bytes.Index(trim, []byte("]:"))+2:]); {
		case len(rest) == 0:
			sc.defOpen = k
		case !bytes.ContainsAny(rest, " \t"):
			sc.defTitle = k
		}
		sc.cur = -1
		return
	case Paragraph:
		if curKind == Paragraph || curKind == ListItem || curKind == BlockQuote || curKind == Footnote {
			sc.extend(sc.cur, i, e) // a continuation line
			return
		}
	case Table:
		if k := len(blocks) - 1; k >= 0 && blocks[k].Kind == Table && blocks[k].Lines.End == i && sc.cur < 0 {
			sc.extend(k, i, e) // the next row of a table without a delimiter row
			return
		}
	}
	b := Block{Kind: kind, Lines: LineRange{i + 1, i + 1}, Span: Span{s, e}, Marker: Span{off, off + marker}}
	if kind == Paragraph && sc.quote > 0 {
		b.Kind, b.Marker = BlockQuote, sc.lineMark
		if sc.lineQuote == 0 { // a lazy line cannot start a quote paragraph, but be safe
			b.Marker = Span{off, off}
		}
	}
	switch kind {
	case Heading:
		b.Level = marker
	case ListItem:
		sc.listCol = indent + marker
	case Paragraph:
		sc.curPipe = bytes.IndexByte(trim, '|') >= 0
	}
	sc.cur = sc.add(b)
	if kind == Heading || kind == Table || kind == Caption {
		sc.cur = -1
	}
}

// containerLine reads line i (0-based, content [s, e), text trim) as a
// custom container fence when it is one: an opening fence pushes the
// container, a closing fence (":::" alone) pops the innermost. It reports
// whether the line was a fence.
func (sc *scanner) containerLine(i, s, e int, trim []byte) bool {
	name, ok := containerFence(trim)
	switch {
	case !ok, name == "" && len(sc.containers) == 0, name != "" && len(sc.containers) == maxContainers:
		return false
	case name == "":
		sc.containers = sc.containers[:len(sc.containers)-1]
	default:
		sc.containers = append(sc.containers, name)
	}
	sc.add(Block{Kind: ContainerFence, Lines: LineRange{i + 1, i + 1}, Span: Span{s, e}})
	sc.cur, sc.prevBlank, sc.table = -1, false, -1
	return true
}

// indentedRun reports whether only blank lines lie between the last line of
// indented code block k and line i (0-based).
func (sc *scanner) indentedRun(k, i int) bool {
	for j := sc.o.Blocks[k].Lines.End; j < i; j++ { // 0-based j is 1-based line j+1
		s, e := sc.lineSpan(j)
		if len(bytes.Trim(sc.text[s:e], " \t")) > 0 {
			return false
		}
	}
	return true
}

// hideComments hides the HTML comments of sc.line (line content starting
// at offset s of the text) and records them in Outline.Comments; open says
// whether the line starts inside a comment. It returns whether the line
// ends inside one.
func (sc *scanner) hideComments(s int, open bool) bool {
	b := sc.line
	cs := &sc.o.Comments
	for i := 0; i < len(b); {
		if open {
			j := bytes.Index(b[i:], []byte("-->"))
			end := len(b)
			if j >= 0 {
				end = i + j + 3
			}
			for k := i; k < end; k++ {
				b[k] = hidden
			}
			(*cs)[len(*cs)-1].End = s + end // the comment opened on this line or before
			if j < 0 {
				return true
			}
			i, open = end, false
			continue
		}
		j := bytes.Index(b[i:], []byte("<!--"))
		if j < 0 {
			return false
		}
		i += j
		*cs = append(*cs, Span{s + i, s + i})
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

// isSetext reports a setext underline: only '=' or only '-', then spaces.
func isSetext(t []byte) bool {
	t = bytes.TrimRight(t, " \t")
	return len(t) >= 1 && (len(bytes.Trim(t, "=")) == 0 || len(bytes.Trim(t, "-")) == 0)
}

// classify returns the kind of block a line (without its indentation)
// starts and the length of its marker. Code, math, HTML blocks, tables
// without outer pipes and setext underlines are recognised before, by
// the scanner.
func classify(t []byte) (kind Kind, marker int) {
	switch c := t[0]; {
	case c == '#':
		n := fenceLen(t)
		if n <= 6 && (n == len(t) || t[n] == ' ' || t[n] == '\t') {
			return Heading, n
		}
	case c == '>':
		n := 0
		for n < len(t) && (t[n] == '>' || t[n] == ' ') {
			n++
		}
		return BlockQuote, n
	case c == '|':
		return Table, 1
	case c == '[' && bytes.HasPrefix(t, []byte("[^")):
		if j := bytes.Index(t, []byte("]:")); j > 0 {
			return Footnote, j + 2
		}
	case c == '[':
		// link reference definition: "[label]: target"
		if j := bytes.Index(t, []byte("]:")); j > 0 && bytes.IndexByte(t[1:j], '[') < 0 {
			return LinkDefinition, 0
		}
	}
	if isRule(t) {
		return ThematicBreak, 0
	}
	if n := listMarker(t); n > 0 {
		return ListItem, n
	}
	if isCaption(t) {
		return Caption, 0
	}
	return Paragraph, 0
}

// interruptsParagraph reports whether the list item that t starts with
// (its marker marker bytes long) may interrupt a paragraph: in CommonMark
// an ordered item must start at 1, and no item may be empty, so that
// "the steps are:\n2) restart it" and a lone "-" stay the paragraph's.
func interruptsParagraph(t []byte, marker int) bool {
	if len(bytes.TrimSpace(t[marker:])) == 0 {
		return false
	}
	if t[0] < '0' || t[0] > '9' {
		return true
	}
	n := bytes.IndexAny(t, ".)")
	return n > 0 && string(t[:n]) == "1"
}

// isLinkTitle reports a link title alone on its line: "\"Title\"",
// "'Title'" or "(Title)".
func isLinkTitle(t []byte) bool {
	if len(t) < 2 {
		return false
	}
	closer := map[byte]byte{'"': '"', '\'': '\'', '(': ')'}[t[0]]
	return closer != 0 && t[len(t)-1] == closer
}

// isRule reports a thematic break: three or more '-', '*' or '_', with
// spaces between them allowed. Three or more '=' that underline nothing
// count too (CommonMark reads them as text): they separate, they do not
// say anything.
func isRule(t []byte) bool {
	t = bytes.TrimRight(t, " \t")
	if len(t) < 3 {
		return false
	}
	c := t[0]
	if c != '-' && c != '*' && c != '_' && c != '=' {
		return false
	}
	n := 0
	for _, b := range t {
		switch b {
		case c:
			n++
		case ' ', '\t':
		default:
			return false
		}
	}
	return n >= 3
}

// listMarker returns the length of a list marker ("- ", "1. ", "- [ ] ",
// "・") at the start of t with the white space after it, or 0.
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
