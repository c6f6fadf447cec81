package loop

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestPrintable(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"plain text", "plain text"},
		{"日本語の文章です。\n二行目", "日本語の文章です。\n二行目"},
		{"a\tb\nc", "a\tb\nc"},
		{"line one\r\nline two\r\n", "line one\r\nline two\r\n"},
		{"nul\x00here", `nul\x00here`},
		{"\x1b[31mred\x1b[0m", `\x1b[31mred\x1b[0m`},
		{"bell\a", `bell\x07`},
		{"over\rwrite", `over\x0dwrite`},
		{"ends in CR\r", `ends in CR\x0d`},
		{"del\x7f", `del\x7f`},
		{"c1 \u0085 \u009b", `c1 \u0085 \u009b`},
		{"bidi \u202eevil\u202c", `bidi \u202eevil\u202c`},
		{"isolates \u2066x\u2069 marks \u200e\u200f\u061c", `isolates \u2066x\u2069 marks \u200e\u200f\u061c`},
		{"sep\u2028arator", `sep\u2028arator`},
		{"bad \xff\xfe utf-8", `bad \xff\xfe utf-8`},
		{"emoji 👍🏽 and ZWJ 👨‍👩‍👧", "emoji 👍🏽 and ZWJ 👨‍👩‍👧"},
		{`C:\path\x1b`, `C:\path\x1b`},
		{"\ufeffBOM kept", "\ufeffBOM kept"},
	} {
		if got := Printable(tc.in); got != tc.want {
			t.Errorf("Printable(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func FuzzPrintable(f *testing.F) {
	for _, s := range []string{"", "a\x00b", "\x1b[31m", "\r\n\r", "\u202e", "日本\xff語", "\u0085\t\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Printable(s)
		if !utf8.ValidString(got) {
			t.Fatalf("Printable(%q) = %q: not UTF-8", s, got)
		}
		for i, r := range got {
			if unprintable(got, i, r, utf8.RuneLen(r)) {
				t.Fatalf("Printable(%q) = %q: keeps %U at %d", s, got, r, i)
			}
		}
		if Printable(got) != got {
			t.Fatalf("Printable is not idempotent on %q", s)
		}
		if strings.Count(got, "\n") != strings.Count(s, "\n") || strings.Count(got, "\t") != strings.Count(s, "\t") {
			t.Fatalf("Printable(%q) = %q: lost or added a newline or tab", s, got)
		}
		plain := true
		for i := 0; i < len(s); {
			r, n := utf8.DecodeRuneInString(s[i:])
			if unprintable(s, i, r, n) {
				plain = false
			}
			i += n
		}
		if plain && got != s {
			t.Fatalf("Printable(%q) = %q: changed a printable string", s, got)
		}
	})
}
