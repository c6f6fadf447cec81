package httpjson_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kaigi-dev/kaigi/providers/internal/httpjson"
)

func TestExcerpt(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"<html>\r\n<body>502 Bad Gateway</body>\r\n</html>\n", "<html> <body>502 Bad Gateway</body> </html>"},
		{"\ufeff  upstream\tconnect error\u3000or disconnect", "\ufeff upstream connect error or disconnect"},
		{"bad \xff byte", "bad \uFFFD byte"},
	}
	for _, tt := range tests {
		if got := httpjson.Excerpt([]byte(tt.in)); got != tt.want {
			t.Errorf("Excerpt(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	long := httpjson.Excerpt([]byte(strings.Repeat("エラー", 200)))
	if n := utf8.RuneCountInString(long); n != httpjson.ExcerptRunes+1 || !strings.HasSuffix(long, "…") || !utf8.ValidString(long) {
		t.Errorf("a long body gives %d runes ending %q, want %d and an ellipsis", n, long[len(long)-6:], httpjson.ExcerptRunes+1)
	}
}
