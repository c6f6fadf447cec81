package document

import "bytes"

// Kind says what a Block is in Markdown terms.
type Kind uint8

// The kinds of Block. A text that is not Markdown parses as paragraphs.
const (
	Paragraph        Kind = iota // prose, with its continuation lines
	Heading                      // an ATX ("## Title") or setext ("Title" over "===") heading
	ListItem                     // one item of a bulleted, numbered or task list, with its lazy continuation lines
	BlockQuote                   // a paragraph inside a block quote, with all its lines ("> a\n> b") and lazy continuation lines
	Table                        // a GFM table, or a run of lines starting with '|'; each line is one row
	Caption                      // "Figure 1: ...", "Table 2.", "図1 ..." alone on its line
	Footnote                     // a footnote definition "[^1]: ..."
	FencedCode                   // a ``` or ~~~ block, fences included; an unclosed one runs to the end
	IndentedCode                 // lines indented by four spaces or a tab after a blank line
	HTMLBlock                    // a CommonMark HTML block, to its CommonMark end
	MathBlock                    // a $$ ... $$ block
	ThematicBreak                // "---", "***", "___", and "===" under no paragraph
	LinkDefinition               // "[label]: target"
	FrontMatterBlock             // the front matter (see FrontMatter)
	ContainerFence               // a ":::name" line that opens a custom container (VitePress, Docusaurus), or the ":::" that closes it
)

var kindNames = [...]string{"paragraph", "heading", "list item", "block quote", "table", "caption", "footnote",
	"fenced code", "indented code", "HTML block", "math block", "thematic break", "link definition", "front matter",
	"container fence"}

// String names the kind in lower case ("fenced code").
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// Prose reports whether blocks of kind k hold text a reader reads as
// prose: paragraphs, headings, list items, block quotes, table rows,
// captions and footnotes. Code, HTML, math, breaks, link definitions and
// front matter do not.
func (k Kind) Prose() bool { return k <= Footnote }

// Block is one Markdown block: a run of whole lines.
type Block struct {
	// Kind says what the block is.
	Kind Kind
	// Lines are the block's lines. Blank lines belong to no block, except
	// inside code, HTML and math blocks and between the lines of one
	// indented code block.
	Lines LineRange
	// Span runs from the start of the first line (its indentation
	// included) to the end of the last line's content, without its line
	// terminator and any '\r' before it.
	Span Span
	// Marker is the block marker on the first line: the '#'s of an ATX
	// heading, the bullet or number of a list item with the spaces and task
	// box after it ("- [ ] "), the '>'s and spaces of a block quote, the
	// "[^1]:" of a footnote, the leading '|' of a table row. It is empty
	// for other kinds and for a setext heading, whose last line is its
	// underline.
	Marker Span
	// Level is a heading's level, 1 to 6; 0 for other kinds.
	Level int
	// Info is a fenced code block's info string ("go" for "```go"), or "".
	Info string
	// Quote is the depth of the block quotes the block lies in: 0 outside
	// any, 1 inside "> ", 2 inside "> > ". A paragraph inside a quote has
	// kind BlockQuote; other blocks (code, lists, headings) keep their kind.
	Quote int
	// Alert is the admonition the block lies in, in lower case ("warning",
	// "note", "tip", "caution", "danger", ...), or "": a GitHub alert
	// ("> [!WARNING]"), a block quote whose first line is a bold label alone
	// ("> **Warning**", "> **Note:**"), or a custom container
	// (":::warning" ... ":::"; its opening ContainerFence carries the name
	// too). A label in Japanese (注意, 警告) reads as "warning".
	Alert string
}

// Outline is the block structure of one Markdown (or plain text) text, as
// Parse reads it.
type Outline struct {
	// Lines indexes the text's lines.
	Lines Lines
	// FrontMatter is the text's front matter, or nil when it has none.
	FrontMatter *FrontMatter
	// Blocks are the text's blocks in order; they do not overlap.
	Blocks []Block
	// Sections are the headings in order, with the sections they head.
	Sections []Section
	// Comments are the byte spans of HTML comments ("<!-- ... -->")
	// outside code, HTML and math blocks and front matter, in order; an
	// unclosed comment runs to the end of the last line it reaches.
	Comments []Span
	// QuoteMarkers are the block quote markers of every line inside a
	// block quote, in order: the '>'s with the spaces around them ("> > "),
	// from the first '>' to the text. A lazy continuation line has none.
	QuoteMarkers []Span
}

// Section is a heading and the part of the text it heads.
type Section struct {
	// Level is 1 to 6: the number of '#'s, 1 for a setext heading
	// underlined with '=', 2 for one underlined with '-'.
	Level int
	// Title is the heading as written, without its marker, its closing
	// '#'s, its id attribute or an empty anchor element, with white space
	// trimmed; the lines of a setext heading are joined by a space.
	// Inline markup stays. Example: "Retry `policy`".
	Title string
	// ID is the heading's explicit id, or "": the id of a trailing
	// attribute list ("## Retry {#S1.12}" gives "S1.12"), else the id or
	// name attribute of an HTML element in the heading
	// (`## <a id="S1.12"></a>Retry`).
	ID string
	// Slug is the anchor GitHub derives from the title: lower case, markup
	// and punctuation other than '-' and '_' dropped, each space turned
	// into '-'; a slug seen before in the outline gets "-1", "-2", ...
	// Example: "retry-policy".
	Slug string
	// Heading are the heading's own lines (two or more for a setext
	// heading).
	Heading LineRange
	// Lines run from the heading's first line to the line before the next
	// heading of the same or a lower level, or to the last line.
	Lines LineRange
	// Block is the heading's index in Outline.Blocks.
	Block int
}

// Parse reads the block structure of text. It never fails: any byte
// sequence is a text, and one that is not Markdown is paragraphs. It runs
// in time linear in len(text) and never modifies text; the Outline holds
// no copy of it.
//
// The rules are CommonMark's and GFM's, simplified where a reviewer does
// not care: front matter (FindFrontMatter) is read first; code fences,
// indented code, $$ math, HTML blocks (with CommonMark's seven start and
// end conditions) and tables are recognised at any nesting in a list
// item; an HTML comment is not a block of its own: a line holding only
// comments reads as a blank line and the comments are listed in
// Outline.Comments; list items are one block per line that starts one,
// and nested block structure inside them is not parsed. Inside a block
// quote the blocks are parsed as outside it (a fence inside a quote is
// code; a paragraph wrapped over "> " lines is one block) and carry the
// quote's depth; a heading inside a quote opens no section. Custom
// containers (":::warning") are read as fences around ordinary blocks.
func Parse(text []byte) *Outline {
	// about one block per blank line, to spare the slice most of its growth
	o := &Outline{Lines: NewLines(text), Blocks: make([]Block, 0, bytes.Count(text, []byte("\n\n"))*5/4+8)}
	sc := scanner{text: text, o: o, cur: -1}
	sc.run()
	o.Sections = sections(o, text)
	return o
}
