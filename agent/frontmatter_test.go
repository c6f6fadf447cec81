package agent

import (
	"strings"
	"testing"
)

func FuzzSplitFrontMatter(f *testing.F) {
	for _, s := range []string{
		"",
		"no front matter\n",
		"---\nname: x\n---\nbody",
		"\uFEFF---\r\nname: 名前\r\nstandards:\r\n  - a\r\n  - b\r\n---\r\n本文",
		"---\nstandards: [a, b]\n---",
		"---\n- orphan\n---\n",
		"---\nname: x\nname: y\n---\n",
		"---\nunclosed: yes\n",
		"---\n:\n---\n",
		"---\nk: '\n---\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		fields, body, bodyLine, err := splitFrontMatter(text)
		if err != nil {
			if fe, ok := err.(*frontMatterError); !ok || fe.line < 1 {
				t.Fatalf("error %v is not a frontMatterError with a line", err)
			}
			return
		}
		norm := strings.ReplaceAll(strings.TrimPrefix(text, "\uFEFF"), "\r\n", "\n")
		if !strings.HasSuffix(norm, body) {
			t.Fatalf("body %q is not the end of the text %q", body, norm)
		}
		if bodyLine < 1 {
			t.Fatalf("bodyLine = %d", bodyLine)
		}
		if len(fields) > 0 && bodyLine <= fields[len(fields)-1].line {
			t.Fatalf("body line %d is not after the last field's line %d", bodyLine, fields[len(fields)-1].line)
		}
		seen := map[string]bool{}
		prev := 1
		for _, fl := range fields {
			if fl.key == "" || fl.key != strings.ToLower(fl.key) || seen[fl.key] {
				t.Fatalf("bad or repeated key %q", fl.key)
			}
			if fl.line <= prev {
				t.Fatalf("field %q on line %d, not after line %d", fl.key, fl.line, prev)
			}
			seen[fl.key], prev = true, fl.line
		}
		for _, fl := range fields {
			for _, item := range splitList(fl.values) {
				if item == "" {
					t.Fatalf("empty list item from %q", fl.values)
				}
			}
		}
	})
}

// TestSplitFrontMatterBlocks: which lines form the block is the module's
// one front matter rule (document.FindFrontMatter); the keys are parsed
// here.
func TestSplitFrontMatterBlocks(t *testing.T) {
	for _, c := range []struct {
		name, text string
		keys       string // the keys found, comma-separated
		body       string
		bodyLine   int
		err        string // the error, when there is one
	}{
		{"yaml", "---\nname: x\n---\nbody\n", "name", "body\n", 4, ""},
		{"closed by ...", "---\nname: x\n...\nbody", "name", "body", 4, ""},
		{"BOM and CRLF", "\uFEFF---\r\nname: x\r\n---\r\nbody\r\n", "name", "body\n", 4, ""},
		{"empty block", "---\n---\nbody", "", "body", 3, ""},
		{"trailing spaces on the delimiters", "--- \nname: x\n---\t\nbody", "name", "body", 4, ""},
		{"no front matter", "# Title\nbody\n", "", "# Title\nbody\n", 1, ""},
		{"indented delimiter is body", " ---\nname: x\n---\n", "", " ---\nname: x\n---\n", 1, ""},
		{"toml is refused", "+++\nname = 'x'\n+++\nbody", "", "", 0, `line 1: front matter in TOML ("+++") is not supported; write it in YAML between "---" lines`},
		{"unclosed toml", "+++\nname = 'x'\n", "", "", 0, `line 1: front matter opened with "+++" is not closed`},
		{"unclosed yaml", "---\nname: x\n", "", "", 0, `line 1: front matter opened with "---" is not closed`},
		{"too long", "---\n" + strings.Repeat("# c\n", 1000) + "---\n", "", "", 0, "line 1: front matter has 1002 lines, more than 1000"},
		{"a bad line names its line", "---\nname: x\nnot a key\n---\n", "", "", 0, `line 3: want "key: value", got "not a key"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			fields, body, bodyLine, err := splitFrontMatter(c.text)
			if c.err != "" {
				if err == nil || err.Error() != c.err {
					t.Fatalf("err = %v, want %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var keys []string
			for _, f := range fields {
				keys = append(keys, f.key)
			}
			if strings.Join(keys, ",") != c.keys || body != c.body || bodyLine != c.bodyLine {
				t.Errorf("keys %q body %q line %d, want %q %q %d", keys, body, bodyLine, c.keys, c.body, c.bodyLine)
			}
		})
	}
}
