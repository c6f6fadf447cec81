package apply

import (
	"bytes"
	"sort"
	"strings"
)

// eolView is a document with the '\r' of every "\r\n" removed, so that a
// quote written with "\n" line breaks, the way a prompt shows a CRLF
// document, matches it byte for byte. Every offset of the view maps back to
// exactly one offset of the document, never between a '\r' and its '\n',
// so a match in the view is an exact match up to line endings.
type eolView struct {
	text []byte
	lf   []int // view offsets of the '\n's whose '\r' was removed, ascending
}

// crlf is the line terminator eolView folds.
var crlf = []byte("\r\n")

// newEOLView builds the view of doc. A document without "\r\n" is its own
// view and is not copied.
func newEOLView(doc []byte) *eolView {
	n := bytes.Count(doc, crlf)
	if n == 0 {
		return &eolView{text: doc}
	}
	v := &eolView{text: make([]byte, 0, len(doc)-n), lf: make([]int, 0, n)}
	for off := 0; ; {
		i := bytes.Index(doc[off:], crlf)
		if i < 0 {
			v.text = append(v.text, doc[off:]...)
			return v
		}
		v.text = append(v.text, doc[off:off+i]...)
		v.lf = append(v.lf, len(v.text))
		v.text = append(v.text, '\n')
		off += i + 2
	}
}

// toOrig maps a view offset to the document: every removed '\r' before it
// adds one, and an offset just before a folded '\n' lands before its '\r'.
func (v *eolView) toOrig(i int) int { return i + sort.SearchInts(v.lf, i) }

// fromOrig maps a document offset to the view (an offset between a '\r'
// and its '\n' maps to the '\n').
func (v *eolView) fromOrig(off int) int {
	// The k-th removed '\r' (from 0) stands at document offset lf[k]+k.
	k := sort.Search(len(v.lf), func(k int) bool { return v.lf[k]+k >= off })
	return off - k
}

// lfOnly returns s with every "\r\n" written "\n".
func lfOnly(s string) string {
	if !strings.Contains(s, "\r\n") {
		return s
	}
	return strings.ReplaceAll(s, "\r\n", "\n")
}
