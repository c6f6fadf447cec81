package document

import "bytes"

// Format is the language of a front matter block.
type Format string

// The front matter formats, named by their delimiter lines.
const (
	YAML Format = "yaml" // delimited by "---" lines
	TOML Format = "toml" // delimited by "+++" lines
)

// FrontMatter is the metadata block at the very start of a text (title,
// tags and the like), as static site generators read it.
//
// What counts, exactly: the first line of the text, after an optional
// UTF-8 BOM, is "---" (YAML) or "+++" (TOML), with nothing before it on
// the line and only spaces or tabs after it, and it ends with a line
// terminator. The block closes at the first later line that is the same
// delimiter (for YAML also "...", YAML's end-of-document marker), again
// with only spaces or tabs after it. A closing delimiter is required: a
// text whose first line opens a block that never closes has no front
// matter (OpensFrontMatter still tells which delimiter it opened with).
// Nothing inside the block is parsed or checked, so an empty block
// ("---\n---\n") is front matter too.
type FrontMatter struct {
	// Format says which delimiter opened the block.
	Format Format
	// Span runs from the opening delimiter (after any BOM) through the
	// closing delimiter's line terminator, when it has one.
	Span Span
	// Body is the bytes between the two delimiter lines: the lines after
	// the opening one, with their terminators, up to the closing one.
	// Empty when the delimiters are adjacent.
	Body Span
	// Lines runs from the opening delimiter's line (1) to the closing
	// one's.
	Lines LineRange
}

// FindFrontMatter returns the front matter of text. ok is false when text
// has none; see FrontMatter for what counts. It reads text once, up to the
// closing delimiter (to the end when there is none).
func FindFrontMatter(text []byte) (fm FrontMatter, ok bool) {
	start := 0
	if bytes.HasPrefix(text, []byte(bom)) {
		start = len(bom)
	}
	format, next := opening(text[start:])
	if format == "" {
		return FrontMatter{}, false
	}
	body := start + next
	for off, line := body, 2; off < len(text); line++ {
		end := len(text)
		if i := bytes.IndexByte(text[off:], '\n'); i >= 0 {
			end = off + i + 1
		}
		if closes(format, text[off:end]) {
			return FrontMatter{Format: format, Span: Span{start, end}, Body: Span{body, off}, Lines: LineRange{1, line}}, true
		}
		off = end
	}
	return FrontMatter{}, false
}

// OpensFrontMatter returns the format whose delimiter is text's first
// line (after an optional BOM), whether or not the block is closed, or ""
// when the first line is no front matter delimiter. With FindFrontMatter
// it tells an unclosed block (an error worth reporting in a file that must
// have front matter) from a text without one.
func OpensFrontMatter(text []byte) Format {
	format, _ := opening(bytes.TrimPrefix(text, []byte(bom)))
	return format
}

// opening reads the first line of t as an opening delimiter; next is the
// offset of the line after it.
func opening(t []byte) (format Format, next int) {
	i := bytes.IndexByte(t, '\n')
	if i < 0 {
		return "", 0 // a delimiter with no line after it opens nothing
	}
	switch string(trimDelimiter(t[:i])) {
	case "---":
		return YAML, i + 1
	case "+++":
		return TOML, i + 1
	}
	return "", 0
}

// closes reports whether line (with its terminator) closes a block of
// format.
func closes(format Format, line []byte) bool {
	t := string(trimDelimiter(bytes.TrimSuffix(line, []byte("\n"))))
	if format == TOML {
		return t == "+++"
	}
	return t == "---" || t == "..."
}

// trimDelimiter drops the spaces, tabs and the '\r' of a CRLF pair that
// may follow a delimiter.
func trimDelimiter(line []byte) []byte {
	return bytes.TrimRight(line, " \t\r")
}
