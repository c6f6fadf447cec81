package writing

import (
	"strings"
	"testing"
)

func TestSetMemoryEntry(t *testing.T) {
	tests := []struct {
		name, memory, heading, body, want string
	}{
		{"first entry of an empty file", "", "Episode 3", "liked it", "## Episode 3\n\nliked it\n"},
		{"appended after a blank line", "# Memory of mei\n\n## Episode 1\n\nok\n", "Episode 2", "tense\n",
			"# Memory of mei\n\n## Episode 1\n\nok\n\n## Episode 2\n\ntense\n"},
		{"replaced, not duplicated", "# M\n\n## Episode 1\n\nok\n\n## Episode 2\n\nold\n\n## Episode 3\n\nnext\n", "Episode 2", "new",
			"# M\n\n## Episode 1\n\nok\n\n## Episode 2\n\nnew\n\n## Episode 3\n\nnext\n"},
		{"duplicates of older tools removed", "## Episode 2\n\na\n\n## Episode 2\n\nb\n", "Episode 2", "c", "## Episode 2\n\nc\n"},
		{"last entry replaced", "## Episode 1\n\nx\n## Episode 2\n\nold", "Episode 2", "new", "## Episode 1\n\nx\n## Episode 2\n\nnew\n"},
		{"CRLF and BOM kept", "\uFEFF# 読書メモ\r\n\r\n## 第1話\r\n\r\n良い\r\n", "第1話", "とても\n良い",
			"\uFEFF# 読書メモ\r\n\r\n## 第1話\r\n\r\nとても\r\n良い\r\n"},
		{"no final newline", "## 第1話\n\n良い", "第2話", "普通", "## 第1話\n\n良い\n\n## 第2話\n\n普通\n"},
		{"a heading inside code does not count", "## A\n\n```\n## Episode 2\n```\n", "Episode 2", "x",
			"## A\n\n```\n## Episode 2\n```\n\n## Episode 2\n\nx\n"},
		{"BOM alone", "\uFEFF", "E", "x", "\uFEFF## E\n\nx\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := string(setMemoryEntry([]byte(tc.memory), tc.heading, tc.body))
			if got != tc.want {
				t.Fatalf("got  %q\nwant %q", got, tc.want)
			}
			if again := string(setMemoryEntry([]byte(got), tc.heading, tc.body)); again != got {
				t.Fatalf("not idempotent:\n%q\n%q", got, again)
			}
			if n := strings.Count(got, "## "+tc.heading+"\n") + strings.Count(got, "## "+tc.heading+"\r\n"); n != 1+strings.Count(tc.want, "```\n## "+tc.heading) {
				t.Fatalf("%d entries for %s", n, tc.heading)
			}
		})
	}
}
