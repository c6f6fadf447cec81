package bodylimit_test

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/internal/bodylimit"
)

// countingReader counts the bytes read from it.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

func TestMiddleware(t *testing.T) {
	const limit = 1000
	tests := []struct {
		name          string
		size          int
		contentLength int64 // -1: unknown (chunked)
		wantErr       bool
		maxRead       int // bytes the SDK may pull from the connection
	}{
		{"under the limit", 999, -1, false, 999},
		{"at the limit", 1000, -1, false, 1000},
		{"one byte over, chunked", 1001, -1, true, 1001},
		{"far over, chunked", 1 << 20, -1, true, 1001},
		{"announced over the limit", 1 << 20, 1 << 20, true, 0},
		{"announced at the limit", 1000, 1000, false, 1000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := &countingReader{r: bytes.NewReader(bytes.Repeat([]byte("x"), tt.size))}
			mw := bodylimit.Middleware(limit, "WithMaxResponseBytes")
			res, err := mw(&http.Request{}, func(*http.Request) (*http.Response, error) {
				return &http.Response{StatusCode: 200, Header: http.Header{}, ContentLength: tt.contentLength, Body: io.NopCloser(src)}, nil
			})
			if err != nil {
				t.Fatal(err)
			}
			got, err := io.ReadAll(res.Body)
			if tt.wantErr {
				if !errors.Is(err, agent.ErrResponseTooLarge) || !strings.Contains(err.Error(), "1000 bytes") || !strings.Contains(err.Error(), "WithMaxResponseBytes") {
					t.Fatalf("err = %v, want agent.ErrResponseTooLarge naming the limit and the option", err)
				}
				if res.Header.Get("X-Should-Retry") != "false" {
					t.Error("an oversized answer is not marked as not to be retried")
				}
				if _, err2 := res.Body.Read(make([]byte, 10)); !errors.Is(err2, agent.ErrResponseTooLarge) {
					t.Errorf("a read after the failure gave %v", err2)
				}
			} else if err != nil || len(got) != tt.size {
				t.Fatalf("read %d bytes, %v; want %d", len(got), err, tt.size)
			}
			if len(got) > limit {
				t.Errorf("%d bytes passed on, more than the limit", len(got))
			}
			if src.n > tt.maxRead {
				t.Errorf("%d bytes read from the connection, want at most %d", src.n, tt.maxRead)
			}
		})
	}
}

func TestMiddlewareDefault(t *testing.T) {
	mw := bodylimit.Middleware(0, "x")
	res, _ := mw(&http.Request{}, func(*http.Request) (*http.Response, error) {
		return &http.Response{ContentLength: agent.DefaultMaxResponseBytes + 1, Body: io.NopCloser(strings.NewReader(""))}, nil
	})
	if _, err := io.ReadAll(res.Body); !errors.Is(err, agent.ErrResponseTooLarge) {
		t.Errorf("limit 0: err = %v, want the default limit to apply", err)
	}
}

func TestMiddlewarePassesErrors(t *testing.T) {
	boom := errors.New("dial failed")
	res, err := bodylimit.Middleware(10, "x")(&http.Request{}, func(*http.Request) (*http.Response, error) { return nil, boom })
	if res != nil || !errors.Is(err, boom) {
		t.Errorf("got %v, %v; want the transport error passed on", res, err)
	}
}
