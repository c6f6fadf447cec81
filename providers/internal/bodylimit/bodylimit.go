package bodylimit

import (
	"io"
	"net/http"

	"github.com/kaigi-dev/kaigi/agent"
)

// Middleware returns middleware that lets at most limit bytes of each
// response body be read (limit <= 0 means agent.DefaultMaxResponseBytes).
// A read past the limit, or the first read of a body whose Content-Length
// already exceeds it, fails with an *agent.ResponseTooLargeError (which
// matches agent.ErrResponseTooLarge) naming the limit and the option that
// raises it (option, such as "openai.WithMaxResponseBytes"); nothing past
// the limit is read.
// The response is marked "x-should-retry: false" at that moment, so an SDK
// that retries a body it could not read does not fetch the same oversized
// answer again.
func Middleware(limit int64, option string) func(*http.Request, func(*http.Request) (*http.Response, error)) (*http.Response, error) {
	if limit <= 0 {
		limit = agent.DefaultMaxResponseBytes
	}
	return func(req *http.Request, next func(*http.Request) (*http.Response, error)) (*http.Response, error) {
		res, err := next(req)
		if err != nil || res == nil || res.Body == nil {
			return res, err
		}
		res.Body = &body{rc: res.Body, left: limit, limit: limit, option: option, res: res}
		return res, nil
	}
}

// body reads at most limit bytes of rc.
type body struct {
	rc     io.ReadCloser
	left   int64 // bytes that may still be read
	limit  int64
	option string
	res    *http.Response
	err    error // sticky, once the limit is passed
}

func (b *body) Read(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	if b.res.ContentLength > b.limit {
		return 0, b.fail(b.res.ContentLength)
	}
	if int64(len(p)) > b.left+1 {
		p = p[:b.left+1] // one byte more tells "at the limit" from "past it"
	}
	n, err := b.rc.Read(p)
	if int64(n) > b.left {
		return int(b.left), b.fail(0)
	}
	b.left -= int64(n)
	return n, err
}

// fail makes the body fail from now on, for a body that announced
// announced bytes (0: that ran past the limit).
func (b *body) fail(announced int64) error {
	if b.res.Header == nil {
		b.res.Header = http.Header{}
	}
	b.res.Header.Set("X-Should-Retry", "false")
	b.err = &agent.ResponseTooLargeError{Limit: b.limit, Announced: announced, Option: b.option}
	return b.err
}

func (b *body) Close() error { return b.rc.Close() }
