package httpjson_test

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kaigi-dev/kaigi/providers/internal/httpjson"
)

func TestStatusLine(t *testing.T) {
	for code, want := range map[int]string{
		429: "HTTP 429 Too Many Requests",
		500: "HTTP 500 Internal Server Error",
		529: "HTTP 529 Overloaded",
		520: "HTTP 520 Web Server Returned an Unknown Error",
		524: "HTTP 524 A Timeout Occurred",
		599: "HTTP 599",
		528: "HTTP 528",
	} {
		if got := httpjson.StatusLine(code); got != want {
			t.Errorf("StatusLine(%d) = %q, want %q", code, got, want)
		}
	}
}

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

func TestCount(t *testing.T) {
	for in, want := range map[string]httpjson.Count{
		`12`: 12, `12.9`: 12, `-3`: -3, `null`: 0, `"7"`: 0, `{}`: 0, `true`: 0,
		`1e30`: math.MaxInt64, `-1e30`: math.MinInt64,
	} {
		var got struct {
			N httpjson.Count `json:"n"`
		}
		got.N = 99
		if err := json.Unmarshal([]byte(`{"n":`+in+`}`), &got); err != nil || got.N != want {
			t.Errorf("%s: %d, %v; want %d", in, got.N, err, want)
		}
	}
}
