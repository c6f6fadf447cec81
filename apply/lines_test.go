package apply

import (
	"bytes"
	"testing"
	"unicode/utf8"
)

func TestLineIndex(t *testing.T) {
	tests := []struct {
		doc   string
		count int
		crlf  bool
		// content of line 2 without its terminator, "" when there is none
		line2 string
	}{
		{doc: "", count: 0},
		{doc: "one", count: 1},
		{doc: "one\n", count: 1},
		{doc: "one\ntwo", count: 2, line2: "two"},
		{doc: "one\r\ntwo\r\n", count: 2, crlf: true, line2: "two"},
		{doc: "one\r\ntwo\nthree\r\n", count: 3, crlf: true, line2: "two"},
		{doc: "one\ntwo\r\nthree\n", count: 3, line2: "two"},
		{doc: "\ufeffone\n\n", count: 2, line2: ""},
		{doc: "猫\r\n🐈\r\n", count: 2, crlf: true, line2: "🐈"},
		{doc: "a\rb\nc", count: 2, line2: "c"}, // a lone CR does not end a line
	}
	for _, tt := range tests {
		x := newLineIndex([]byte(tt.doc))
		if x.count() != tt.count || x.crlf != tt.crlf {
			t.Errorf("%q: count %d crlf %v, want %d %v", tt.doc, x.count(), x.crlf, tt.count, tt.crlf)
		}
		if tt.count >= 2 {
			s, e := x.content(2, 2)
			if tt.doc[s:e] != tt.line2 {
				t.Errorf("%q: line 2 is %q, want %q", tt.doc, tt.doc[s:e], tt.line2)
			}
		}
		// line() agrees with counting newlines before each offset.
		for off := 0; off < len(tt.doc); off++ {
			want := bytes.Count([]byte(tt.doc[:off]), []byte{'\n'}) + 1
			if got := x.line(off); got != want {
				t.Errorf("%q: line(%d) = %d, want %d", tt.doc, off, got, want)
			}
		}
	}
}

func TestToDocEOL(t *testing.T) {
	crlf, lf, none := newLineIndex([]byte("a\r\n")), newLineIndex([]byte("a\n")), newLineIndex([]byte("a"))
	tests := []struct {
		x       lineIndex
		in, out string
	}{
		{crlf, "x\ny", "x\r\ny"},
		{crlf, "x\r\ny", "x\r\ny"}, // never double a CR
		{crlf, "\n\n", "\r\n\r\n"},
		{crlf, "x\ry", "x\ry"},
		{crlf, "猫\n", "猫\r\n"},
		{lf, "x\r\ny\n", "x\ny\n"},
		{lf, "x\ry", "x\ry"},
		{none, "x\r\ny\n", "x\r\ny\n"}, // nothing to follow
	}
	for _, tt := range tests {
		if got := tt.x.toDocEOL(tt.in); got != tt.out {
			t.Errorf("toDocEOL(%q) = %q, want %q (crlf=%v)", tt.in, got, tt.out, tt.x.crlf)
		}
	}
}

// runeBoundary reports whether offset i of b lies between two runes as
// utf8.DecodeRune walks b (an invalid byte is a rune of its own): the
// property the normalised view's segments keep.
func runeBoundary(b []byte, i int) bool {
	for j := 0; j < len(b); {
		if j == i {
			return true
		}
		_, n := utf8.DecodeRune(b[j:])
		j += n
	}
	return i == len(b)
}

// FuzzNormView checks the normalised view's map for any input: segments
// cover the document and the view without gaps, identity segments hold the
// same bytes, and every segment edge maps to a rune boundary.
func FuzzNormView(f *testing.F) {
	for _, s := range []string{"", "abc", "a  b\r\n\tc", "cafe\u0301", "ＡＢＣ１２３", "ｶﾞｷﾞ", "\ufeff猫\r\n", "ok \xff\xfe bad", "\u3000全角　空白", "e\u0301\u0301x"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		v := newNormView(doc)
		orig, norm := 0, 0
		for _, s := range v.segs {
			if s.orig != orig || s.norm != norm {
				t.Fatalf("gap before segment %+v (orig %d, norm %d)", s, orig, norm)
			}
			if s.identity && !bytes.Equal(doc[s.orig:s.orig+s.origLen], v.text[s.norm:s.norm+s.normLen]) {
				t.Fatalf("identity segment %+v differs", s)
			}
			start, end, ok := v.toOrig(s.norm, s.norm+s.normLen)
			if !ok || start != s.orig || end != s.orig+s.origLen || !runeBoundary(doc, start) || !runeBoundary(doc, end) {
				t.Fatalf("segment %+v maps to [%d,%d) ok=%v", s, start, end, ok)
			}
			orig, norm = orig+s.origLen, norm+s.normLen
		}
		if orig != len(doc) || norm != len(v.text) {
			t.Fatalf("segments cover %d of %d bytes and %d of %d normalised", orig, len(doc), norm, len(v.text))
		}
	})
}
