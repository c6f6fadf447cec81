package document

import (
	"bytes"
	"strings"
)

// htmlBlock is an open CommonMark HTML block.
type htmlBlock struct {
	open bool
	end  []byte // the closing tag that ends it (lower case), or nil: a blank line ends it
}

// htmlBlockTag reports the tags that start a CommonMark HTML block of type
// 6, which may interrupt a paragraph.
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
// it cannot interrupt a paragraph. Comments are hidden before.
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
	for cell := range bytes.SplitSeq(t, []byte("|")) {
		cell = bytes.TrimSpace(cell)
		cell = bytes.TrimSuffix(bytes.TrimPrefix(cell, []byte(":")), []byte(":"))
		if len(cell) == 0 || len(bytes.Trim(cell, "-")) != 0 {
			return false
		}
	}
	return true
}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
