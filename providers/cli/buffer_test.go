package cli

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestTailBuffer(t *testing.T) {
	tests := []struct {
		name   string
		max    int
		writes []string
		want   string
	}{
		{"nothing", 8, nil, ""},
		{"fits", 8, []string{"ab", "cd"}, "abcd"},
		{"exactly full is not marked", 4, []string{"ab", "cd"}, "abcd"},
		{"exactly full in one write", 4, []string{"abcd"}, "abcd"},
		{"one byte over is marked", 4, []string{"abcd", "e"}, "...bcde"},
		{"empty writes drop nothing", 2, []string{"ab", ""}, "ab"},
		{"keeps the end", 4, []string{"abc", "def"}, "...cdef"},
		{"one big write", 3, []string{"abcdefgh"}, "...fgh"},
		{"cut rune dropped", 4, []string{"xx認証"}, "...証"},
		{"trimmed", 16, []string{"\n  error: bad\n"}, "error: bad"},
		{"zero tail", 0, []string{"abc"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := &tailBuffer{max: tt.max}
			for _, w := range tt.writes {
				if n, err := b.Write([]byte(w)); n != len(w) || err != nil {
					t.Fatalf("Write(%q) = %d, %v", w, n, err)
				}
			}
			if got := b.String(); got != tt.want {
				t.Errorf("String() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestBoundedBuffer(t *testing.T) {
	overflows := 0
	b := &boundedBuffer{max: 5, onOverflow: func() { overflows++ }}
	if _, err := b.Write([]byte("abc")); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Write([]byte("de")); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := b.Write([]byte("f")); !errors.Is(err, ErrOutputTooLarge) {
			t.Errorf("write past the bound: err = %v", err)
		}
	}
	if overflows != 1 || b.buf.String() != "abcde" {
		t.Errorf("overflows = %d, kept %q; want 1 and %q", overflows, b.buf.String(), "abcde")
	}
}

// FuzzTailBuffer: whatever is written in whatever chunks, the buffer holds
// exactly the last max bytes, and String is valid UTF-8 for UTF-8 input.
func FuzzTailBuffer(f *testing.F) {
	f.Add("認証に失敗しました\nfatal", 7, 3)
	f.Add("abc", 1, 1)
	f.Add("", 4, 2)
	f.Fuzz(func(t *testing.T, in string, max, chunk int) {
		if max < 0 || max > 1<<12 || chunk <= 0 {
			return
		}
		b := &tailBuffer{max: max}
		for rest := in; rest != ""; {
			n := min(chunk, len(rest))
			_, _ = b.Write([]byte(rest[:n]))
			rest = rest[n:]
		}
		want := []byte(in)
		if len(want) > max {
			want = want[len(want)-max:]
		}
		if !bytes.Equal(b.buf, want) {
			t.Fatalf("kept %q, want %q", b.buf, want)
		}
		if s := b.String(); utf8.ValidString(in) && !utf8.ValidString(s) {
			t.Fatalf("String() = %q is not valid UTF-8", s)
		} else if !strings.HasSuffix(in, strings.TrimPrefix(s, "...")) && strings.TrimSpace(in) == in {
			t.Fatalf("String() = %q is not a tail of %q", s, in)
		}
	})
}
