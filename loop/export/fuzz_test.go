package export

import (
	"io"
	"testing"

	"github.com/kaigi-dev/kaigi/apply/document"
	"github.com/kaigi-dev/kaigi/finding"
)

// FuzzLocate checks, for any text, quote, fix and hint, that every format
// writes, and that a result's positions name its span again: line start
// plus byte column is the span's offset, and the UTF-16 column counts the
// units between the line's first character and the span.
func FuzzLocate(f *testing.F) {
	f.Add(catText, "名前はまだ無い。", "名前は無い。", 3)
	f.Add("\uFEFFa\r\nb", "a\r\nb", "", 1)
	f.Add("x\n", "x\n", "y", 1)
	f.Add("\xff\xfe\r\r\n🐈", "🐈", "猫", 2)
	f.Fuzz(func(t *testing.T, text, quote, fix string, line int) {
		line = max(1, min(line, 1<<20))
		r := Result{File: "f.md", Text: []byte(text), Finding: finding.Finding{
			Category: "c", Severity: finding.Medium, LineRange: finding.LineRange{Start: line, End: line}, Quotes: []string{quote}, Fix: fix,
		}}
		for _, format := range Formats() {
			if err := Write(io.Discard, format, Report{Tool: tool, Results: []Result{r}}); err != nil {
				t.Fatalf("%s: %v", format, err)
			}
		}
		loc := locate(r)
		if !loc.cols {
			return
		}
		idx := document.NewLines(r.Text)
		if loc.snippet != text[loc.span.Start:loc.span.End] {
			t.Fatalf("snippet %q is not the span %v", loc.snippet, loc.span)
		}
		for _, pt := range []struct {
			p   position
			off int
		}{{loc.start, loc.span.Start}, {loc.end, loc.span.End}} {
			if pt.p.line > idx.Count() { // just past a final line terminator
				if pt.off != len(text) || pt.p.byteCol != 1 {
					t.Fatalf("position %+v past the last line for offset %d of %d", pt.p, pt.off, len(text))
				}
				continue
			}
			start := idx.Start(pt.p.line)
			if start+pt.p.byteCol-1 != pt.off {
				t.Fatalf("line %d column %d is offset %d, not %d", pt.p.line, pt.p.byteCol, start+pt.p.byteCol-1, pt.off)
			}
			from := start
			if pt.p.line == 1 {
				from = min(idx.BOM(), pt.off)
			}
			if got := utf16Len(r.Text[from:pt.off]) + 1; got != pt.p.utf16Col {
				t.Fatalf("UTF-16 column %d, want %d", pt.p.utf16Col, got)
			}
		}
	})
}
