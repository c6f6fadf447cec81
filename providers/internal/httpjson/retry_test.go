package httpjson_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/providers/internal/httpjson"
)

func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 12, 2, 14, 0, 0, 0, time.UTC)
	tests := []struct {
		name      string
		header    http.Header
		want      time.Duration
		named, ok bool
	}{
		{"none", http.Header{}, 0, false, true},
		{"seconds", http.Header{"Retry-After": {"3"}}, 3 * time.Second, true, true},
		{"fraction", http.Header{"Retry-After": {"0.25"}}, 250 * time.Millisecond, true, true},
		{"zero", http.Header{"Retry-After": {"0"}}, 0, true, true},
		{"milliseconds first", http.Header{"Retry-After-Ms": {"40"}, "Retry-After": {"9"}}, 40 * time.Millisecond, true, true},
		{"HTTP date (RFC 1123)", http.Header{"Retry-After": {"Wed, 02 Dec 2026 14:00:05 GMT"}}, 5 * time.Second, true, true},
		{"HTTP date (RFC 850)", http.Header{"Retry-After": {"Wednesday, 02-Dec-26 14:00:07 GMT"}}, 7 * time.Second, true, true},
		{"HTTP date (asctime)", http.Header{"Retry-After": {"Wed Dec  2 14:00:09 2026"}}, 9 * time.Second, true, true},
		{"HTTP date in the past", http.Header{"Retry-After": {"Wed, 02 Dec 2026 13:00:00 GMT"}}, 0, true, true},
		{"date beyond the maximum", http.Header{"Retry-After": {"Wed, 02 Dec 2026 15:00:00 GMT"}}, 0, true, false},
		{"seconds beyond the maximum", http.Header{"Retry-After": {"121"}}, 0, true, false},
		{"at the maximum", http.Header{"Retry-After": {"120"}}, httpjson.MaxRetryAfter, true, true},
		{"overflowing number", http.Header{"Retry-After": {"1e400"}}, 0, true, false},
		{"negative: ignored", http.Header{"Retry-After": {"-1"}}, 0, false, true},
		{"NaN: ignored", http.Header{"Retry-After": {"NaN"}}, 0, false, true},
		{"garbage: ignored", http.Header{"Retry-After": {"later"}}, 0, false, true},
		{"bad milliseconds fall back to seconds", http.Header{"Retry-After-Ms": {"x"}, "Retry-After": {"2"}}, 2 * time.Second, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, named, ok := httpjson.RetryAfter(tt.header, now)
			if d != tt.want || named != tt.named || ok != tt.ok {
				t.Errorf("RetryAfter = %v, %v, %v; want %v, %v, %v", d, named, ok, tt.want, tt.named, tt.ok)
			}
		})
	}
}

func TestBackoff(t *testing.T) {
	for n, full := range []time.Duration{500 * time.Millisecond, time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second, 8 * time.Second, 8 * time.Second} {
		seen := map[time.Duration]bool{}
		for range 50 {
			d := httpjson.Backoff(n)
			if d > full || d <= full*3/4 {
				t.Fatalf("Backoff(%d) = %v, want in (%v, %v]", n, d, full*3/4, full)
			}
			seen[d] = true
		}
		if len(seen) < 2 {
			t.Errorf("Backoff(%d) gave one value in 50 calls: no jitter", n)
		}
	}
	if d := httpjson.Backoff(1000); d > 8*time.Second {
		t.Errorf("Backoff(1000) = %v, want at most 8s", d)
	}
}
