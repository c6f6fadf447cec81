package agent_test

import (
	"errors"
	"io/fs"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/kaigi-dev/kaigi/agent"
)

func TestParsePersona(t *testing.T) {
	tests := []struct {
		name string
		file string
		data string
		want agent.Persona
	}{
		{
			name: "full front matter, comma list",
			file: "personas/fact-checker.md",
			data: "---\nname: fact-checker\ncategory: fact\nlens: \"Claims, unverified\"\nstandards: sources, style\nseverity-scale: Blocker/Major/Nit\n---\nCheck at most five claims.\n",
			want: agent.Persona{Name: "fact-checker", Category: "fact", Lens: "Claims, unverified",
				Instructions: "Check at most five claims.", Standards: []string{"sources", "style"}, SeverityScale: "Blocker/Major/Nit"},
		},
		{
			name: "BOM, CRLF, dash list, comments, no final newline",
			file: "p/slop.md",
			data: "\uFEFF---\r\n# a comment\r\nName: anti-ai-slop\r\nstandards:\r\n  - style\r\n  - 'docs/jp guide.md'\r\n\r\n---\r\n定型句を探す。\r\n二行目",
			want: agent.Persona{Name: "anti-ai-slop", Instructions: "定型句を探す。\n二行目",
				Standards: []string{"style", "docs/jp guide.md"}},
		},
		{
			name: "inline list",
			file: "x.md",
			data: "---\nname: x\nstandards: [a, \"b\"]\n---\n",
			want: agent.Persona{Name: "x", Standards: []string{"a", "b"}},
		},
		{
			name: "no front matter: name from file",
			file: "dir/reader-advocate.md",
			data: "Read as the reader would.\n",
			want: agent.Persona{Name: "reader-advocate", Instructions: "Read as the reader would."},
		},
		{
			name: "trailing comments, as in the examples",
			file: "c.md",
			data: "---\nname: fact-checker   # the reviewer's name\ncategory: fact#not-a-comment\n" +
				"lens: \"Claims # numbered\"  # quoted\nstandards: sources, style      # or a \"- item\" list\n" +
				"severity-scale: it's 'a # b' # note\n---\nBody # kept\n",
			want: agent.Persona{Name: "fact-checker", Category: "fact#not-a-comment", Lens: "Claims # numbered",
				Standards: []string{"sources", "style"}, SeverityScale: "it's 'a # b'", Instructions: "Body # kept"},
		},
		{
			name: "comments after list items and an empty value",
			file: "d.md",
			data: "---\nname: d\nstandards:   # a list\n  - style   # house style\n  - 'jp # guide.md' # quoted\n---\n",
			want: agent.Persona{Name: "d", Standards: []string{"style", "jp # guide.md"}},
		},
		{
			name: "closing line at end of file",
			file: "y.md",
			data: "---\ncategory: c\n---",
			want: agent.Persona{Name: "y", Category: "c"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := agent.ParsePersona(tt.file, []byte(tt.data))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got  %#v\nwant %#v", got, tt.want)
			}
		})
	}
}

func TestParsePersonaErrors(t *testing.T) {
	tests := []struct {
		name, data string
		line       int
		wantMsg    string
	}{
		{"unclosed", "---\nname: x\n", 1, "p.md:1: front matter opened with \"---\" is not closed"},
		{"unclosed within the bound", "---\n" + strings.Repeat("# c\n", 1200), 1, "p.md:1: front matter opened with \"---\" is not closed within 1000 lines"},
		{"unknown key", "---\nname: x\r\nmodle: y\r\n---\n", 3, `p.md:3: unknown key "modle" (known: name, category, lens, standards, severity-scale)`},
		{"duplicate key", "---\nname: x\nname: y\n---\n", 3, `p.md:3: key "name" given twice`},
		{"not key value", "---\njust text\n---\n", 2, `p.md:2: want "key: value", got "just text"`},
		{"orphan item", "---\n- a\n---\n", 2, `p.md:2: list item "- a" belongs to no key`},
		{"list for scalar", "---\nname:\n - a\n - b\n---\n", 2, `p.md:2: key "name" takes one value, got a list`},
		{"empty name", "---\nname: ''\n---\n", 0, "p.md: persona has no name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := agent.ParsePersona("p.md", []byte(tt.data))
			var fe *agent.FileError
			if !errors.As(err, &fe) {
				t.Fatalf("err = %v, want a *FileError", err)
			}
			if fe.File != "p.md" || fe.Line != tt.line || err.Error() != tt.wantMsg {
				t.Fatalf("err = %q (line %d), want %q (line %d)", err, fe.Line, tt.wantMsg, tt.line)
			}
		})
	}
}

func testFS() fstest.MapFS {
	return fstest.MapFS{
		"personas/fact-checker.md": {Data: []byte("---\ncategory: fact\nstandards: sources, style\n---\nVerify.\n")},
		"personas/slop.md":         {Data: []byte("---\nstandards:\n  - style\n  - extra/jp.md\n---\nFind stock phrases.\n")},
		"standards/style.md":       {Data: []byte("\uFEFF---\r\ntitle: Style\r\n---\r\nShort sentences.\r\n")},
		"standards/sources.md":     {Data: []byte("Cite a source for every figure.")},
		"extra/jp.md":              {Data: []byte("です・ます調で統一する。\n")},
		"custom/me.md":             {Data: []byte("---\nname: me\n---\nBe me.")},
	}
}

func TestLoadPersonaAndStandards(t *testing.T) {
	fsys := testFS()
	fc, err := agent.LoadPersona(fsys, "personas", "fact-checker")
	if err != nil {
		t.Fatal(err)
	}
	if fc.Name != "fact-checker" || fc.FindingCategory() != "fact" {
		t.Errorf("fact-checker = %+v", fc)
	}
	me, err := agent.LoadPersona(fsys, "personas", "custom/me.md")
	if err != nil || me.Name != "me" || me.FindingCategory() != "me" {
		t.Fatalf("path persona = %+v, %v", me, err)
	}
	slop, err := agent.LoadPersona(fsys, "personas", "slop")
	if err != nil {
		t.Fatal(err)
	}
	refs, err := agent.StandardReferences(fsys, "standards", fc, slop)
	if err != nil {
		t.Fatal(err)
	}
	want := []agent.Reference{
		{Name: "extra/jp.md", Text: "です・ます調で統一する。"},
		{Name: "sources", Text: "Cite a source for every figure."},
		{Name: "style", Text: "Short sentences."},
	}
	if !reflect.DeepEqual(refs, want) {
		t.Fatalf("refs = %#v\nwant %#v", refs, want)
	}
}

func TestLoadErrors(t *testing.T) {
	fsys := testFS()
	tests := []struct {
		name string
		load func() error
		is   error
	}{
		{"missing persona", func() error { _, err := agent.LoadPersona(fsys, "personas", "nobody"); return err }, fs.ErrNotExist},
		{"escaping path", func() error { _, err := agent.LoadPersona(fsys, "personas", "../x.md"); return err }, agent.ErrBadName},
		{"empty name", func() error { _, err := agent.LoadStandard(fsys, "standards", ""); return err }, agent.ErrBadName},
		{"missing standard", func() error {
			_, err := agent.StandardReferences(fsys, "standards", agent.Persona{Name: "x", Standards: []string{"gone"}})
			return err
		}, fs.ErrNotExist},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.load(); !errors.Is(err, tt.is) {
				t.Fatalf("err = %v, want %v", err, tt.is)
			}
		})
	}
}
