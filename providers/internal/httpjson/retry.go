package httpjson

import (
	"math"
	"math/rand/v2"
	"net/http"
	"strconv"
	"time"
)

// MaxRetryAfter is the longest wait a server may ask for before a retry;
// when it asks for more, Post returns the answer instead of waiting.
const MaxRetryAfter = 2 * time.Minute

// Backoff is the default wait before retry n (0 for the first): 0.5 s
// doubling with each retry up to 8 s, less a random part of up to a
// quarter, so that clients that failed together do not retry together.
func Backoff(n int) time.Duration {
	const base, ceiling = 500 * time.Millisecond, 8 * time.Second
	d := ceiling
	if n < 4 {
		d = base << max(n, 0)
	}
	return d - rand.N(d/4)
}

// RetryAfter reads the wait an answer asks for: Retry-After-Ms in
// milliseconds, else Retry-After in seconds or as an HTTP date (counted
// from now; a date in the past is no wait). named says whether a usable
// value was found (negative and unparsable values are ignored); ok is
// false when the wait exceeds MaxRetryAfter.
func RetryAfter(h http.Header, now time.Time) (d time.Duration, named, ok bool) {
	for _, k := range []struct {
		header string
		unit   time.Duration
	}{{"Retry-After-Ms", time.Millisecond}, {"Retry-After", time.Second}} {
		v := h.Get(k.header)
		if v == "" {
			continue
		}
		if f, err := strconv.ParseFloat(v, 64); err == nil || math.IsInf(f, 1) {
			if math.IsNaN(f) || f < 0 {
				continue
			}
			if f*float64(k.unit) > float64(MaxRetryAfter) {
				return 0, true, false
			}
			return time.Duration(f * float64(k.unit)), true, true
		}
		if k.unit == time.Second {
			if t, err := http.ParseTime(v); err == nil {
				if d = max(t.Sub(now), 0); d > MaxRetryAfter {
					return 0, true, false
				}
				return d, true, true
			}
		}
	}
	return 0, false, true
}
