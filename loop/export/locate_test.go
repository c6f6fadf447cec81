package export

import (
	"testing"

	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/finding"
)

// TestLocate checks where results point, in both column kinds, for the
// inputs a document may be: CRLF, a BOM, no final newline, invalid
// UTF-8, a quote ending in a line break, an insertion, a deleted final
// newline, a missing quote and no text at all.
func TestLocate(t *testing.T) {
	type pos = position
	f := func(lines finding.LineRange, quote, fix string) finding.Finding {
		return finding.Finding{LineRange: lines, Quotes: []string{quote}, Fix: fix, Severity: finding.Low}
	}
	one := finding.LineRange{Start: 1, End: 1}
	tests := []struct {
		name       string
		r          Result
		lines      finding.LineRange
		start, end pos
		fix        string
		fixed      bool
	}{
		{
			name:  "CRLF second line",
			r:     Result{Text: []byte("ab\r\nこんにちは\r\n"), Finding: f(finding.LineRange{Start: 2, End: 2}, "にち", "ばん")},
			lines: finding.LineRange{Start: 2, End: 2}, start: pos{2, 7, 3}, end: pos{2, 13, 5}, fix: "ばん", fixed: true,
		},
		{
			name:  "BOM on line 1",
			r:     Result{Text: []byte("\uFEFFéa"), Finding: f(one, "a", "b")},
			lines: one, start: pos{1, 6, 2}, end: pos{1, 7, 3}, fix: "b", fixed: true,
		},
		{
			name:  "invalid UTF-8 counts one unit a byte",
			r:     Result{Text: []byte("\xff\xfeok"), Finding: f(one, "ok", "")},
			lines: one, start: pos{1, 3, 3}, end: pos{1, 5, 5},
		},
		{
			name: "quote ending in a line break, fix keeps it",
			r:    Result{Text: []byte("one\r\ntwo\r\n"), Finding: f(one, "one\r\n", "1\r\n")},
			// The shared terminator is left out: the result ends on line 1.
			lines: one, start: pos{1, 1, 1}, end: pos{1, 4, 4}, fix: "1", fixed: true,
		},
		{
			name:  "fix deletes the final newline",
			r:     Result{Text: []byte("a\nlast\n"), Finding: f(finding.LineRange{Start: 2, End: 2}, "last\n", "last")},
			lines: finding.LineRange{Start: 2, End: 2}, start: pos{2, 1, 1}, end: pos{3, 1, 1}, fix: "last", fixed: true,
		},
		{
			name:  "edit inserting text",
			r:     Result{Text: []byte("ab"), Edit: &apply.Edit{Start: 1, End: 1, New: "X"}, Finding: f(one, "ab", "aXb")},
			lines: one, start: pos{1, 2, 2}, end: pos{1, 2, 2}, fix: "X", fixed: true,
		},
		{
			name:  "advice only, no final newline",
			r:     Result{Text: []byte("x\n末尾の行"), Finding: f(finding.LineRange{Start: 2, End: 2}, "の行", "")},
			lines: finding.LineRange{Start: 2, End: 2}, start: pos{2, 7, 3}, end: pos{2, 13, 5},
		},
		{
			name:  "fix that changes nothing is advice",
			r:     Result{Text: []byte("same"), Finding: f(one, "same", "same")},
			lines: one, start: pos{1, 1, 1}, end: pos{1, 5, 5},
		},
	}
	for _, tt := range tests {
		loc := locate(tt.r)
		if !loc.cols || loc.lines != tt.lines || loc.start != tt.start || loc.end != tt.end || loc.fix != tt.fix || loc.fixed != tt.fixed {
			t.Errorf("%s: got lines %v %+v-%+v fix %q (%v), want lines %v %+v-%+v fix %q (%v)",
				tt.name, loc.lines, loc.start, loc.end, loc.fix, loc.fixed, tt.lines, tt.start, tt.end, tt.fix, tt.fixed)
		}
	}

	// Without a span: the hinted lines, clamped to the text.
	for _, tt := range []struct {
		name string
		r    Result
		want finding.LineRange
	}{
		{"quote not found", Result{Text: []byte("a\nb\n"), Finding: f(finding.LineRange{Start: 5, End: 9}, "zzz", "y")}, finding.LineRange{Start: 2, End: 2}},
		{"no text", Result{Finding: f(finding.LineRange{Start: 5, End: 9}, "zzz", "y")}, finding.LineRange{Start: 5, End: 9}},
		{"empty text", Result{Text: []byte{}, Finding: f(finding.LineRange{Start: 3, End: 4}, "zzz", "y")}, one},
		{"ambiguous quote", Result{Text: []byte("aa\naa\n"), Finding: f(finding.LineRange{Start: 9, End: 9}, "aa", "b")}, finding.LineRange{Start: 2, End: 2}},
		{"no line range", Result{Text: []byte("a"), Finding: finding.Finding{Severity: finding.Low}}, finding.LineRange{}},
	} {
		loc := locate(tt.r)
		if loc.cols || loc.fixed || loc.lines != tt.want {
			t.Errorf("%s: got %+v, want lines %v only", tt.name, loc, tt.want)
		}
	}
}

// TestUTF16Len checks the UTF-16 length of BMP, astral and invalid text.
func TestUTF16Len(t *testing.T) {
	for s, want := range map[string]int{"": 0, "abc": 3, "日本語": 3, "🐈": 2, "a🐈b": 4, "\xff": 1, "\xe6\x97": 2} {
		if got := utf16Len([]byte(s)); got != want {
			t.Errorf("utf16Len(%q) = %d, want %d", s, got, want)
		}
	}
}
