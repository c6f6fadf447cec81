package export

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/finding"
)

// benchReport is a long Japanese CRLF document (about 1 MB, 10,000
// lines) with one finding every 50 lines, each quoting its own line.
func benchReport() Report {
	var b strings.Builder
	for i := range 10_000 {
		fmt.Fprintf(&b, "第%d行：吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。\r\n", i+1)
	}
	text := []byte(b.String())
	rep := Report{Tool: tool}
	for i := 0; i < 10_000; i += 50 {
		q := fmt.Sprintf("第%d行：吾輩", i+1)
		rep.Results = append(rep.Results, Result{File: "long.md", Text: text, Reviewer: "editor", Finding: finding.Finding{
			ID: fmt.Sprintf("F%d", i), Category: "style", Severity: finding.Low, LineRange: finding.LineRange{Start: i + 1, End: i + 1},
			Issue: "example", Quotes: []string{q}, Fix: q + "輩",
		}})
	}
	return rep
}

// BenchmarkWrite writes the long report in every format.
func BenchmarkWrite(b *testing.B) {
	rep := benchReport()
	for _, f := range Formats() {
		b.Run(string(f), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := Write(io.Discard, f, rep); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
