package loop

import (
	"bytes"

	"github.com/kaigi-dev/kaigi/finding"
)

// FrontMatter returns the lines of a document's front matter: a leading
// block that opens with a line "---" and closes with the next line "---"
// (or "..."), holding a title, emoji, tags and the like. A leading BOM, CR
// line endings and trailing spaces on the fence lines are allowed. ok is
// false when the document has no closed front matter block.
func FrontMatter(doc []byte) (lines finding.LineRange, ok bool) {
	doc = bytes.TrimPrefix(doc, []byte("\xef\xbb\xbf"))
	n := 0
	for len(doc) > 0 {
		var line []byte
		if i := bytes.IndexByte(doc, '\n'); i >= 0 {
			line, doc = doc[:i], doc[i+1:]
		} else {
			line, doc = doc, nil
		}
		n++
		t := string(bytes.TrimRight(line, " \t\r"))
		if n == 1 {
			if t != "---" {
				return finding.LineRange{}, false
			}
			continue
		}
		if t == "---" || t == "..." {
			return finding.LineRange{Start: 1, End: n}, true
		}
	}
	return finding.LineRange{}, false
}

// overlaps reports whether two line ranges share a line.
func overlaps(a, b finding.LineRange) bool {
	return a.Start <= b.End && b.Start <= a.End
}
