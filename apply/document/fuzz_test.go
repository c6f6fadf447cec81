package document

import (
	"bytes"
	"crypto/sha256"
	"testing"
)

var fuzzSeeds = []string{
	"---\ntitle: x\n---\n# H\n\nText.\n",
	"\uFEFF+++\r\na = 1\r\n+++\r\nBody",
	"---\nunclosed\n",
	"# A {#S1.12}\n## <a id=\"x\"></a>B\nC\n===\n```go\n# no\n```\n| a | b |\n|---|---|\n",
	"- item\n    ```\n    code\n    ```\n> q\n[^1]: n\n<div>\n\n$$\nx\n$$\n<!-- c\n-->\n",
	"\n\n\r\n\r\r\n-\n--\n=\n",
	"a\x00\xff\xfe<!--\x1f-->",
	"> [!WARNING]\n> a (b\n> ```\n> c\nd\n> > e\n>\n::: tip x\n<pre>\n:::\n</pre>\n:::\n",
}

// FuzzFrontMatter: any input, no panic; a block found lies at the start,
// within the text, opens and closes with its delimiter, and holds its body.
func FuzzFrontMatter(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		text := []byte(in)
		fm, ok := FindFrontMatter(text)
		opens := OpensFrontMatter(text)
		if !ok {
			if fm != (FrontMatter{}) {
				t.Fatalf("not found, yet %+v", fm)
			}
			return
		}
		bomLen := NewLines(text).BOM()
		if opens != fm.Format || fm.Span.Start != bomLen || fm.Span.End > len(text) ||
			fm.Body.Start < fm.Span.Start || fm.Body.End < fm.Body.Start || fm.Body.End > fm.Span.End {
			t.Fatalf("front matter %+v (opens %q) out of bounds in %d bytes", fm, opens, len(text))
		}
		delim := map[Format]string{YAML: "---", TOML: "+++"}[fm.Format]
		if !bytes.HasPrefix(text[fm.Span.Start:], []byte(delim)) {
			t.Fatalf("block %q does not open with %q", text[fm.Span.Start:fm.Span.End], delim)
		}
		x := NewLines(text)
		if fm.Lines.Start != 1 || fm.Lines.End < 2 || fm.Lines.End > x.Count() || x.Start(fm.Lines.End) != fm.Body.End {
			t.Fatalf("lines %v, body %v, %d lines", fm.Lines, fm.Body, x.Count())
		}
		if end := x.Span(fm.Lines.End, fm.Lines.End).End; end != fm.Span.End {
			t.Fatalf("span ends at %d, the closing line at %d", fm.Span.End, end)
		}
		if o := Parse(text); o.FrontMatter == nil || *o.FrontMatter != fm {
			t.Fatalf("Parse disagrees: %+v", o.FrontMatter)
		}
	})
}

// FuzzParse: any input, no panic; blocks, sections and comments in order
// and in bounds; and every section resolves by its slug or says why not.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		text := []byte(in)
		o := Parse(text)
		checkOutline(t, text, o)
		for _, s := range o.Sections[:min(len(o.Sections), 8)] {
			r, err := Target{Heading: "#" + s.Slug}.Resolve(text)
			if err != nil {
				continue // a title may spell another heading's "#slug"
			}
			if r.Span.Start < 0 || r.Span.End > len(text) || r.Span.End < r.Span.Start || r.Hash != sha256.Sum256(text[r.Span.Start:r.Span.End]) {
				t.Fatalf("region %+v out of bounds or with a wrong hash", r)
			}
		}
	})
}
