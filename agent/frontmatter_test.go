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
