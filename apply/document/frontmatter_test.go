package document

import (
	"testing"
)

func TestFindFrontMatter(t *testing.T) {
	for _, c := range []struct {
		name, text string
		ok         bool
		format     Format
		body       string // text[Body]
		block      string // text[Span]
		lines      LineRange
	}{
		{"yaml", "---\ntitle: x\n---\nBody\n", true, YAML, "title: x\n", "---\ntitle: x\n---\n", LineRange{1, 3}},
		{"toml", "+++\ntitle = 'x'\n+++\nBody\n", true, TOML, "title = 'x'\n", "+++\ntitle = 'x'\n+++\n", LineRange{1, 3}},
		{"yaml closed by ...", "---\na: 1\n...\nBody", true, YAML, "a: 1\n", "---\na: 1\n...\n", LineRange{1, 3}},
		{"empty block", "---\n---\nBody", true, YAML, "", "---\n---\n", LineRange{1, 2}},
		{"closing line is the last, no newline", "---\na: 1\n---", true, YAML, "a: 1\n", "---\na: 1\n---", LineRange{1, 3}},
		{"BOM before", "\uFEFF---\na: 1\n---\n", true, YAML, "a: 1\n", "---\na: 1\n---\n", LineRange{1, 3}},
		{"CRLF", "---\r\na: 1\r\n---\r\nBody\r\n", true, YAML, "a: 1\r\n", "---\r\na: 1\r\n---\r\n", LineRange{1, 3}},
		{"trailing spaces on delimiters", "--- \t\na: 1\n---  \n", true, YAML, "a: 1\n", "--- \t\na: 1\n---  \n", LineRange{1, 3}},
		{"japanese body", "---\ntitle: はじめに\ntags: [a]\n---\n本文\n", true, YAML, "title: はじめに\ntags: [a]\n", "---\ntitle: はじめに\ntags: [a]\n---\n", LineRange{1, 4}},
		{"the first closing line wins", "---\na\n---\nb\n---\n", true, YAML, "a\n", "---\na\n---\n", LineRange{1, 3}},

		{"unclosed is not front matter", "---\ntitle: x\nBody\n", false, "", "", "", LineRange{}},
		{"toml is not closed by ---", "+++\na = 1\n---\n", false, "", "", "", LineRange{}},
		{"toml is not closed by ...", "+++\na = 1\n...\n", false, "", "", "", LineRange{}},
		{"yaml is not closed by +++", "---\na: 1\n+++\n", false, "", "", "", LineRange{}},
		{"delimiter alone, no line break", "---", false, "", "", "", LineRange{}},
		{"not at the start", "\n---\na: 1\n---\n", false, "", "", "", LineRange{}},
		{"indented delimiter", " ---\na: 1\n---\n", false, "", "", "", LineRange{}},
		{"indented closing delimiter", "---\na: 1\n ---\n", false, "", "", "", LineRange{}},
		{"four dashes", "----\na: 1\n----\n", false, "", "", "", LineRange{}},
		{"text after the delimiter", "--- yaml\na: 1\n---\n", false, "", "", "", LineRange{}},
		{"BOM twice", "\uFEFF\uFEFF---\na\n---\n", false, "", "", "", LineRange{}},
		{"empty", "", false, "", "", "", LineRange{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			fm, ok := FindFrontMatter([]byte(c.text))
			if ok != c.ok {
				t.Fatalf("ok = %v, want %v (%+v)", ok, c.ok, fm)
			}
			if !ok {
				if fm != (FrontMatter{}) {
					t.Errorf("no front matter, yet %+v", fm)
				}
				return
			}
			if fm.Format != c.format || c.text[fm.Body.Start:fm.Body.End] != c.body || c.text[fm.Span.Start:fm.Span.End] != c.block || fm.Lines != c.lines {
				t.Errorf("got %s body %q block %q lines %v, want %s %q %q %v", fm.Format, c.text[fm.Body.Start:fm.Body.End],
					c.text[fm.Span.Start:fm.Span.End], fm.Lines, c.format, c.body, c.block, c.lines)
			}
		})
	}
}

func TestOpensFrontMatter(t *testing.T) {
	for text, want := range map[string]Format{
		"---\nunclosed\n":     YAML,
		"\uFEFF+++\nx\n":      TOML,
		"---\r\na\r\n---\r\n": YAML,
		"---":                 "", // no line after the delimiter
		"# Title\n":           "",
		"":                    "",
	} {
		if got := OpensFrontMatter([]byte(text)); got != want {
			t.Errorf("OpensFrontMatter(%q) = %q, want %q", text, got, want)
		}
	}
}
