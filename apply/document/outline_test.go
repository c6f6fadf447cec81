package document

import (
	"fmt"
	"strings"
	"testing"
)

// kinds renders the outline's blocks as "kind lines" items.
func kinds(o *Outline) string {
	var out []string
	for _, b := range o.Blocks {
		out = append(out, fmt.Sprintf("%s %d-%d", b.Kind, b.Lines.Start, b.Lines.End))
	}
	return strings.Join(out, ", ")
}

func TestParseBlocks(t *testing.T) {
	for _, c := range []struct{ name, text, want string }{
		{"paragraph with continuation", "One\ntwo\n\nThree\n", "paragraph 1-2, paragraph 4-4"},
		{"yaml front matter", "---\na: 1\n---\n# H\n", "front matter 1-3, heading 4-4"},
		{"toml front matter", "+++\na = 1\n+++\nText\n", "front matter 1-3, paragraph 4-4"},
		{"unclosed front matter is a break and text", "---\nText\n", "thematic break 1-1, paragraph 2-2"},
		{"atx and setext headings", "# A\n\nB\n===\n\nC\n-\n", "heading 1-1, heading 3-4, heading 6-7"},
		{"a multi-line setext heading", "B\nC\n---\n", "heading 1-3"},
		{"thematic breaks", "***\n\n- - -\n\n___\n", "thematic break 1-1, thematic break 3-3, thematic break 5-5"},
		{"fenced code with info", "```go\nx := 1\n\n# no\n```\nAfter\n", "fenced code 1-5, paragraph 6-6"},
		{"unclosed fence runs to the end", "~~~\ncode\n\nmore", "fenced code 1-4"},
		{"longer closing fence", "````\n```\n````\n", "fenced code 1-3"},
		{"indented code with a blank line inside", "Intro\n\n    a\n\n    b\n\nAfter\n", "paragraph 1-1, indented code 3-5, paragraph 7-7"},
		{"math", "$$\nx = 1\n$$\n$$ y $$\n", "math block 1-3, math block 4-4"},
		{"html block to a blank line", "<div>\nx\n</div>\n\nText\n", "HTML block 1-3, paragraph 5-5"},
		{"html pre block to its end tag", "<pre>\nx\n\ny\n</pre>\nText\n", "HTML block 1-5, paragraph 6-6"},
		{"gfm table", "a | b\n--- | ---\n1 | 2\n\nText\n", "table 1-3, paragraph 5-5"},
		{"pipe rows", "| a |\n| b |\nText\n", "table 1-2, paragraph 3-3"},
		{"lists", "- a\n  more\n- [ ] b\n1. c\n・d\n", "list item 1-2, list item 3-3, list item 4-4, list item 5-5"},
		{"fence in a list item", "1. Do:\n    ```sh\n    go test\n    ```\n2. Done\n", "list item 1-1, fenced code 2-4, list item 5-5"},
		{"quotes, notes, definitions, captions", "> q\n\n[^1]: n\n\n[go]: https://go.dev\n\nFigure 1: x\n", "block quote 1-1, footnote 3-3, link definition 5-5, caption 7-7"},
		// CommonMark: an ordered item that interrupts a paragraph starts at 1, and no empty item does
		{"an ordered line other than 1 continues a paragraph", "Steps are\n3) restart it\n", "paragraph 1-2"},
		{"a 1. line interrupts a paragraph", "Steps are\n1. restart it\n", "paragraph 1-1, list item 2-2"},
		{"an empty item continues a paragraph", "A sum\n*\nmore\n", "paragraph 1-3"},
		{"a bullet interrupts a paragraph", "Steps are\n- restart it\n", "paragraph 1-1, list item 2-2"},
		{"a second item after a paragraph inside the first", "1. a\n\n   more\n2. b\n", "list item 1-1, paragraph 3-3, list item 4-4"},
		{"a definition's destination on the next line", "[go]:\n  https://go.dev\nText\n", "link definition 1-2, paragraph 3-3"},
		{"a definition's title on the next line", "[go]: https://go.dev\n  \"The Go site\"\nText\n", "link definition 1-2, paragraph 3-3"},
		{"comment lines read as blank", "A\n<!-- c -->\nB\n", "paragraph 1-1, paragraph 3-3"},
		{"CRLF and BOM", "\uFEFF# T\r\n\r\nText\r\n", "heading 1-1, paragraph 3-3"},
		{"no final newline", "Text", "paragraph 1-1"},
		{"empty", "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := Parse([]byte(c.text))
			if got := kinds(o); got != c.want {
				t.Errorf("blocks: %s\nwant:   %s", got, c.want)
			}
			checkOutline(t, []byte(c.text), o)
		})
	}
}

func TestParseMarkersAndInfo(t *testing.T) {
	text := "## T ##\n- [x] done\n> > deep\n[^n]: note\n```go {.x}\n```\n"
	o := Parse([]byte(text))
	var got []string
	for _, b := range o.Blocks {
		got = append(got, fmt.Sprintf("%q/%d/%q", text[b.Marker.Start:b.Marker.End], b.Level, b.Info))
	}
	want := `"##"/2/"", "- [x] "/0/"", "> > "/0/"", "[^n]:"/0/"", ""/0/"go {.x}"`
	if strings.Join(got, ", ") != want {
		t.Errorf("markers %s\nwant    %s", strings.Join(got, ", "), want)
	}
}

func TestSections(t *testing.T) {
	text := "---\ntitle: # not a heading\n---\n" + // 1-3
		"# Spec\n" + // 4
		"\n" +
		"## Retry `policy` {#S1.12}\n" + // 6
		"text\n" +
		"### Detail ###\n" + // 8
		"\n" +
		"## <a id=\"S1.13\"></a>Timeouts\n" + // 10
		"```\n# in code\n```\n" + // 11-13
		"## Timeouts\n" + // 14
		"Setext は\n" + // 15
		"---\n" + // 16
		"#### <a name=\"x\">Named</a> <!-- note -->\n" + // 17
		"# Appendix {.unnumbered}\n" + // 18
		"## Set {a, b}\n" // 19
	o := Parse([]byte(text))
	type sec struct {
		level           int
		title, id, slug string
		heading, lines  LineRange
	}
	want := []sec{
		{1, "Spec", "", "spec", LineRange{4, 4}, LineRange{4, 17}},
		{2, "Retry `policy`", "S1.12", "retry-policy", LineRange{6, 6}, LineRange{6, 9}},
		{3, "Detail", "", "detail", LineRange{8, 8}, LineRange{8, 9}},
		{2, "Timeouts", "S1.13", "timeouts", LineRange{10, 10}, LineRange{10, 13}},
		{2, "Timeouts", "", "timeouts-1", LineRange{14, 14}, LineRange{14, 14}},
		{2, "Setext は", "", "setext-は", LineRange{15, 16}, LineRange{15, 17}},
		{4, `<a name="x">Named</a>`, "x", "named", LineRange{17, 17}, LineRange{17, 17}},
		{1, "Appendix", "", "appendix", LineRange{18, 18}, LineRange{18, 19}},
		{2, "Set {a, b}", "", "set-a-b", LineRange{19, 19}, LineRange{19, 19}},
	}
	if len(o.Sections) != len(want) {
		t.Fatalf("%d sections, want %d: %+v", len(o.Sections), len(want), o.Sections)
	}
	for i, w := range want {
		s := o.Sections[i]
		got := sec{s.Level, s.Title, s.ID, s.Slug, s.Heading, s.Lines}
		if got != w {
			t.Errorf("section %d:\n got %+v\nwant %+v", i, got, w)
		}
		if b := o.Blocks[s.Block]; b.Kind != Heading || b.Lines != s.Heading {
			t.Errorf("section %d: block %d is %s %v", i, s.Block, b.Kind, b.Lines)
		}
	}
}

func TestSlug(t *testing.T) {
	for title, want := range map[string]string{
		"Hello, World!":             "hello-world",
		"API v2.0 (beta)":           "api-v20-beta",
		"snake_case and kebab-case": "snake_case-and-kebab-case",
		"[Link](https://x.y) text":  "link-text",
		"はじめに：概要":                   "はじめに概要",
		"Ünïcode  spaces":           "ünïcode--spaces",
		"<kbd>Ctrl</kbd> key":       "ctrl-key",
	} {
		if got := slug(title); got != want {
			t.Errorf("slug(%q) = %q, want %q", title, got, want)
		}
	}
	seen := map[string]int{}
	var got []string
	for _, s := range []string{"a", "a", "a-1", "a"} {
		got = append(got, uniqueSlug(seen, s))
	}
	if strings.Join(got, " ") != "a a-1 a-1-1 a-2" {
		t.Errorf("unique slugs %q", got)
	}
}

func TestComments(t *testing.T) {
	text := "A <!-- one --> b\n<!--\ntwo\n-->\n```\n<!-- in code -->\n```\n<!-- unclosed\nend"
	o := Parse([]byte(text))
	var got []string
	for _, c := range o.Comments {
		got = append(got, text[c.Start:c.End])
	}
	want := []string{"<!-- one -->", "<!--\ntwo\n-->", "<!-- unclosed\nend"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("comments %q, want %q", got, want)
	}
}

// checkOutline checks the invariants of every outline.
func checkOutline(t testing.TB, text []byte, o *Outline) {
	t.Helper()
	n := o.Lines.Count()
	prevEnd := 0
	for i, b := range o.Blocks {
		if b.Lines.Start < 1 || b.Lines.End < b.Lines.Start || b.Lines.End > n {
			t.Fatalf("block %d (%s): lines %v outside 1..%d", i, b.Kind, b.Lines, n)
		}
		if b.Lines.Start <= prevEnd {
			t.Fatalf("block %d (%s): lines %v overlap the block before (to %d)", i, b.Kind, b.Lines, prevEnd)
		}
		prevEnd = b.Lines.End
		first, last := o.Lines.Span(b.Lines.Start, b.Lines.Start), o.Lines.Span(b.Lines.End, b.Lines.End)
		if b.Span.Start < first.Start || b.Span.Start > first.End || b.Span.End < last.Start || b.Span.End > last.End || b.Span.End < b.Span.Start {
			t.Fatalf("block %d (%s): span %v does not match lines %v", i, b.Kind, b.Span, b.Lines)
		}
		if b.Marker.Len() > 0 && (b.Marker.Start < b.Span.Start || b.Marker.End > b.Span.End) {
			t.Fatalf("block %d (%s): marker %v outside span %v", i, b.Kind, b.Marker, b.Span)
		}
		if (b.Kind == Heading) != (b.Level >= 1 && b.Level <= 6) {
			t.Fatalf("block %d (%s): level %d", i, b.Kind, b.Level)
		}
	}
	for i, s := range o.Sections {
		if s.Block < 0 || s.Block >= len(o.Blocks) || o.Blocks[s.Block].Kind != Heading {
			t.Fatalf("section %d: block %d is no heading", i, s.Block)
		}
		if s.Lines.Start != s.Heading.Start || s.Lines.End < s.Heading.End || s.Lines.End > n {
			t.Fatalf("section %d: lines %v, heading %v, %d lines", i, s.Lines, s.Heading, n)
		}
	}
	prev := 0
	for _, c := range o.Comments {
		if c.Start < prev || c.End < c.Start || c.End > len(text) {
			t.Fatalf("comment %v out of order or bounds", c)
		}
		prev = c.End
	}
	prev = 0
	for _, m := range o.QuoteMarkers {
		if m.Start < prev || m.End <= m.Start || m.End > len(text) || text[m.Start] != '>' {
			t.Fatalf("quote marker %v out of order or bounds, or not at a '>'", m)
		}
		prev = m.End
	}
	if fm := o.FrontMatter; fm != nil && (fm.Span.End > len(text) || fm.Lines.End > n || o.Blocks[0].Kind != FrontMatterBlock) {
		t.Fatalf("front matter %+v", fm)
	}
}
