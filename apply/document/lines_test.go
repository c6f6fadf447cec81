package document

import (
	"testing"
)

func TestLines(t *testing.T) {
	for _, c := range []struct {
		name, text string
		count      int
		starts     []int    // Start of each line
		contents   []string // Content of each line
		bom        int
	}{
		{"empty", "", 0, nil, nil, 0},
		{"one line, no newline", "abc", 1, []int{0}, []string{"abc"}, 0},
		{"final newline starts no line", "abc\n", 1, []int{0}, []string{"abc"}, 0},
		{"LF", "a\nb\n\nc", 4, []int{0, 2, 4, 5}, []string{"a", "b", "", "c"}, 0},
		{"CRLF", "a\r\nb\r\n", 2, []int{0, 3}, []string{"a", "b"}, 0},
		{"mixed", "a\r\nb\nc", 3, []int{0, 3, 5}, []string{"a", "b", "c"}, 0},
		{"lone CR is text", "a\rb\n", 1, []int{0}, []string{"a\rb"}, 0},
		{"BOM on line 1", "\uFEFFa\nb", 2, []int{0, 5}, []string{"\uFEFFa", "b"}, 3},
		{"only newlines", "\n\n", 2, []int{0, 1}, []string{"", ""}, 0},
		{"japanese", "一行目\r\n二行目", 2, []int{0, 11}, []string{"一行目", "二行目"}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			x := NewLines([]byte(c.text))
			if x.Count() != c.count || x.BOM() != c.bom {
				t.Fatalf("Count %d BOM %d, want %d %d", x.Count(), x.BOM(), c.count, c.bom)
			}
			for i, want := range c.starts {
				l := i + 1
				if got := x.Start(l); got != want {
					t.Errorf("Start(%d) = %d, want %d", l, got, want)
				}
				if got := x.Line(want); got != l {
					t.Errorf("Line(%d) = %d, want %d", want, got, l)
				}
				cs := x.Content(l)
				if got := c.text[cs.Start:cs.End]; got != c.contents[i] {
					t.Errorf("Content(%d) = %q, want %q", l, got, c.contents[i])
				}
				sp := x.Span(l, l)
				if sp.Start != want || x.Range(cs) != (LineRange{l, l}) {
					t.Errorf("Span(%d) = %v, Range(Content) = %v", l, sp, x.Range(cs))
				}
			}
			if all := x.Span(1, c.count); c.count > 0 && (all.Start != 0 || all.End != len(c.text)) {
				t.Errorf("Span(1, Count) = %v, want the whole text", all)
			}
			// every offset maps to a line whose span holds it
			for off := 0; off < len(c.text); off++ {
				l := x.Line(off)
				if sp := x.Span(l, l); off < sp.Start || off >= sp.End {
					t.Errorf("Line(%d) = %d, whose span %v does not hold it", off, l, sp)
				}
			}
		})
	}
}

func TestLinesEdges(t *testing.T) {
	x := NewLines([]byte("a\nb\n"))
	for _, c := range []struct {
		got, want int
		what      string
	}{
		{x.Line(-5), 1, "Line(-5)"},
		{x.Line(4), 2, "Line(len)"},
		{x.Line(100), 2, "Line(past the end)"},
		{x.Start(0), 0, "Start(0)"},
		{x.Start(9), 2, "Start(9)"},
	} {
		if c.got != c.want {
			t.Errorf("%s = %d, want %d", c.what, c.got, c.want)
		}
	}
	if sp := x.Span(2, 9); sp != (Span{2, 4}) {
		t.Errorf("Span(2, 9) = %v, want clamped {2 4}", sp)
	}
	if sp := x.Span(3, 2); sp != (Span{}) {
		t.Errorf("Span(3, 2) = %v, want empty", sp)
	}
	if sp := x.Content(9); sp != (Span{4, 4}) {
		t.Errorf("Content(9) = %v, want the empty span at the end", sp)
	}
	if r := x.Range(Span{2, 2}); r != (LineRange{2, 2}) {
		t.Errorf("Range of an empty span = %v", r)
	}
	var zero Lines
	if zero.Count() != 0 || zero.Line(0) != 0 || zero.Start(1) != 0 || zero.Span(1, 1) != (Span{}) || zero.Range(Span{}) != (LineRange{}) {
		t.Error("the zero Lines is not the empty text")
	}
}
