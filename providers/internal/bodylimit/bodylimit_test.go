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

func TestReadAll(t *testing.T) {
	const limit = 1000
	tests := []struct {
		name          string
		size          int
		contentLength int64 // -1: unknown (chunked)
		wantErr       bool
		maxRead       int // bytes that may be pulled from the connection
	}{
		{"under the limit", 999, -1, false, 999},
		{"at the limit", 1000, -1, false, 1000},
		{"one byte over, chunked", 1001, -1, true, 1001},
		{"far over, chunked", 1 << 20, -1, true, 1001},
		{"announced over the limit", 1 << 20, 1 << 20, true, 0},
		{"announced at the limit", 1000, 1000, false, 1000},
		{"empty", 0, 0, false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := &countingReader{r: bytes.NewReader(bytes.Repeat([]byte("x"), tt.size))}
			res := &http.Response{StatusCode: 200, Header: http.Header{}, ContentLength: tt.contentLength, Body: io.NopCloser(src)}
			got, err := bodylimit.ReadAll(res, limit, "WithMaxResponseBytes")
			if tt.wantErr {
				var tl *agent.ResponseTooLargeError
				if !errors.Is(err, agent.ErrResponseTooLarge) || !errors.As(err, &tl) || tl.Limit != limit || tl.Option != "WithMaxResponseBytes" ||
					!strings.Contains(err.Error(), "1000 bytes") || !strings.Contains(err.Error(), "WithMaxResponseBytes") {
					t.Fatalf("err = %v, want an *agent.ResponseTooLargeError naming the limit and the option", err)
				}
				if want := max(tt.contentLength, 0); tl.Announced != want {
					t.Errorf("Announced = %d, want %d", tl.Announced, want)
				}
				if strings.Contains(err.Error(), "xx") {
					t.Error("the error quotes the body")
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

func TestReadAllDefault(t *testing.T) {
	res := &http.Response{ContentLength: agent.DefaultMaxResponseBytes + 1, Body: io.NopCloser(strings.NewReader(""))}
	if _, err := bodylimit.ReadAll(res, 0, "x"); !errors.Is(err, agent.ErrResponseTooLarge) {
		t.Errorf("limit 0: err = %v, want the default limit to apply", err)
	}
}

// failingReader returns some bytes, then err.
type failingReader struct {
	sent bool
	err  error
}

func (f *failingReader) Read(p []byte) (int, error) {
	if !f.sent {
		f.sent = true
		return copy(p, "abc"), nil
	}
	return 0, f.err
}

func TestReadAllPassesReadErrors(t *testing.T) {
	res := &http.Response{ContentLength: -1, Body: io.NopCloser(&failingReader{err: io.ErrUnexpectedEOF})}
	if _, err := bodylimit.ReadAll(res, 10, "x"); !errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, agent.ErrResponseTooLarge) {
		t.Errorf("err = %v, want the read error as it is", err)
	}
}
