package document

import (
	"fmt"
	"strings"
	"testing"
)

// quoted renders the outline's blocks as "kind lines q<depth> alert" items.
func quoted(o *Outline) string {
	var out []string
	for _, b := range o.Blocks {
		out = append(out, fmt.Sprintf("%s %d-%d q%d %s", b.Kind, b.Lines.Start, b.Lines.End, b.Quote, b.Alert))
	}
	return strings.Join(out, ", ")
}

func TestParseBlockQuotes(t *testing.T) {
	for _, c := range []struct{ name, text, want string }{
		{"a wrapped quote paragraph is one block", "> One (a\n> b) two.\n> three\n", "block quote 1-3 q1 "},
		{"lazy continuation", "> One\ntwo\n\nAfter\n", "block quote 1-2 q1 , paragraph 4-4 q0 "},
		{"a '>' line alone splits paragraphs", "> a\n>\n> b\n", "block quote 1-1 q1 , block quote 3-3 q1 "},
		{"fenced code inside a quote", "> Run:\n> ```go\n> x := (1\n> ```\n> Done.\n", "block quote 1-1 q1 , fenced code 2-4 q1 , block quote 5-5 q1 "},
		{"a fence ends with its quote", "> ```\n> code\nText\n", "fenced code 1-2 q1 , paragraph 3-3 q0 "},
		{"nested quotes", "> a\n> > b\n> > c\n", "block quote 1-1 q1 , block quote 2-3 q2 "},
		{"a list and a heading in a quote", "> ## T\n> - a\n>   b\n", "heading 1-1 q1 , list item 2-3 q1 "},
		{"a quote interrupts a paragraph", "Text\n> q\n", "paragraph 1-1 q0 , block quote 2-2 q1 "},
		{"a github alert", "> [!WARNING]\n> This may lose data.\n\nText\n", "block quote 1-2 q1 warning, paragraph 4-4 q0 "},
		{"a bold label alert over several paragraphs", "> **Warning**\n>\n> It may fail.\n", "block quote 1-1 q1 warning, block quote 3-3 q1 warning"},
		{"a plain quote is no alert", "> **Bold** words.\n", "block quote 1-1 q1 "},
		{"a container", ":::warning\nIt may fail.\n:::\nText\n", "container fence 1-1 q0 warning, paragraph 2-2 q0 warning, container fence 3-3 q0 , paragraph 4-4 q0 "},
		{"a titled container with code", "::: tip Title\n```\n:::\n```\n:::\n", "container fence 1-1 q0 tip, fenced code 2-4 q0 tip, container fence 5-5 q0 "},
		{"an unclosed container runs to the end", "::: danger\nText\n", "container fence 1-1 q0 danger, paragraph 2-2 q0 danger"},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := Parse([]byte(c.text))
			if got := quoted(o); got != c.want {
				t.Errorf("blocks: %s\nwant:   %s", got, c.want)
			}
			checkOutline(t, []byte(c.text), o)
		})
	}
}

func TestQuoteMarkers(t *testing.T) {
	text := "> a\n> > b\n>\n  > c\nlazy\n"
	o := Parse([]byte(text))
	var got []string
	for _, m := range o.QuoteMarkers {
		got = append(got, fmt.Sprintf("%q", text[m.Start:m.End]))
	}
	if want := `"> " "> > " ">" "> "`; strings.Join(got, " ") != want {
		t.Errorf("quote markers %s, want %s", strings.Join(got, " "), want)
	}
	if len(o.Sections) != 0 {
		t.Errorf("sections %+v", o.Sections)
	}
	if o := Parse([]byte("> # Quoted\n")); len(o.Sections) != 0 {
		t.Errorf("a heading inside a quote opens a section: %+v", o.Sections)
	}
}
