package loop

import (
	"bytes"
	"fmt"

	"github.com/kaigi-dev/kaigi/apply/document"
)

// ReplaceTarget returns text with the part t resolves to (see
// document.Target.Resolve) replaced by with, which is written in the
// part's own conventions: its line endings become CRLF when the part's
// first line ends in CRLF, its trailing line terminators are replaced by
// the part's own (the blank lines before the next section stay; a part at
// the end of a text without a final newline stays without one), and a BOM
// the part began with is kept. text is not
// modified. The errors are Resolve's (document.ErrNotFound,
// document.ErrAmbiguous), naming t.
func ReplaceTarget(text []byte, t document.Target, with []byte) ([]byte, error) {
	r, err := t.Resolve(text)
	if err != nil {
		return nil, fmt.Errorf("replace %s: %w", t, err)
	}
	part := text[r.Span.Start:r.Span.End]
	bom := 0
	if r.Span.Start == 0 {
		bom = document.NewLines(text).BOM()
	}
	with = bytes.TrimPrefix(with, []byte("\uFEFF"))
	with = bytes.ReplaceAll(with, []byte("\r\n"), []byte("\n"))
	with = bytes.TrimRight(with, "\n")
	if nl := bytes.IndexByte(part, '\n'); nl > 0 && part[nl-1] == '\r' {
		with = bytes.ReplaceAll(with, []byte("\n"), []byte("\r\n"))
	}
	with = append(with, part[len(bytes.TrimRight(part, "\r\n")):]...)
	out := make([]byte, 0, len(text)-len(part)+bom+len(with))
	out = append(out, text[:r.Span.Start+bom]...)
	out = append(out, with...)
	return append(out, text[r.Span.End:]...), nil
}
