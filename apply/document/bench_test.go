package document

import (
	"bytes"
	"fmt"
	"testing"
)

// benchText builds about size bytes of Markdown: front matter, then
// sections with prose, lists, a table, code and comments, in Japanese and
// English, every heading distinct.
func benchText(size int) []byte {
	var b bytes.Buffer
	b.WriteString("---\ntitle: bench\ntags: [a, b]\n---\n\n")
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "## Section %d {#S%d}\n\n", i, i)
		b.WriteString("This paragraph explains the design in plain words.\nIt continues on a second line.\n\n")
		b.WriteString("これは日本語の段落です。設定を行います。\n\n")
		b.WriteString("- one item\n- two items with `code`\n  continued\n\n")
		b.WriteString("| a | b |\n|---|---|\n| 1 | 2 |\n\n")
		b.WriteString("```go\nfunc main() {}\n```\n\n<!-- a comment -->\n\n")
		fmt.Fprintf(&b, "### Detail %d\n\nText with a [link](https://example.com/%d).\n\n", i, i)
	}
	return b.Bytes()
}

// BenchmarkParse parses 100 KB and 1 MB: compare ns/op for linearity.
func BenchmarkParse(b *testing.B) {
	for _, size := range []int{100 << 10, 1 << 20} {
		text := benchText(size)
		b.Run(fmt.Sprintf("%dKB", size>>10), func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			for b.Loop() {
				Parse(text)
			}
		})
	}
}

// BenchmarkResolve resolves a section near the end of a 1 MB text, as a
// loop does every round.
func BenchmarkResolve(b *testing.B) {
	text := benchText(1 << 20)
	t := Target{ID: "S1000", Level: 2}
	if _, err := t.Resolve(text); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := t.Resolve(text); err != nil {
			b.Fatal(err)
		}
	}
}
