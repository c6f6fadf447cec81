package anthropic_test

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/anthropic"
	"github.com/kaigi-dev/kaigi/providers/conformance"
)

// TestMaxResponseBytes: the bound is the option's, counts error answers
// too, and an oversized answer is neither fetched again nor quoted in the
// error.
func TestMaxResponseBytes(t *testing.T) {
	big := strings.Repeat("x", 64<<10)
	tests := []struct {
		name    string
		reply   conformance.Reply
		limit   int64
		wantErr bool
	}{
		{"answer under the bound", conformance.Reply{Text: big, Model: "m"}, 128 << 10, false},
		{"answer over the bound", conformance.Reply{Text: big, Model: "m"}, 32 << 10, true},
		{"error answer over the bound", conformance.Reply{Status: 500, Text: big}, 32 << 10, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			url, calls := conformance.Server(t, wire, tt.reply)
			p := anthropic.New(anthropic.WithBaseURL(url), anthropic.WithModel("m"), anthropic.WithMaxRetries(2), anthropic.WithMaxResponseBytes(tt.limit))
			resp, err := p.Complete(t.Context(), agent.Request{Messages: []agent.Message{agent.UserText("hi")}})
			if !tt.wantErr {
				if err != nil || resp.Text != big {
					t.Fatalf("Complete = %d bytes, %v", len(resp.Text), err)
				}
				return
			}
			if !errors.Is(err, agent.ErrResponseTooLarge) || !strings.Contains(err.Error(), "WithMaxResponseBytes") {
				t.Fatalf("err = %.300v, want agent.ErrResponseTooLarge naming the option", err)
			}
			var tl *agent.ResponseTooLargeError
			if !errors.As(err, &tl) || tl.Limit != tt.limit || tl.Option != "anthropic.WithMaxResponseBytes" {
				t.Errorf("err = %.300v, want an *agent.ResponseTooLargeError of limit %d naming anthropic.WithMaxResponseBytes", err, tt.limit)
			}
			if strings.Contains(err.Error(), "xxxxxxxx") {
				t.Error("the error quotes the answer")
			}
			if tt.reply.Status == 0 && len(calls()) != 1 {
				t.Errorf("backend saw %d calls, want 1", len(calls()))
			}
		})
	}
}

// TestMaxResponseBytesChunked: a body without a Content-Length is cut at
// the bound too, and not fetched again.
func TestMaxResponseBytesChunked(t *testing.T) {
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusOK)
		chunk := []byte(strings.Repeat(" ", 4096))
		for range 64 {
			if _, err := w.Write(chunk); err != nil {
				return
			}
			w.(http.Flusher).Flush()
		}
	}))
	defer srv.Close()
	p := anthropic.New(anthropic.WithBaseURL(srv.URL), anthropic.WithModel("m"), anthropic.WithMaxResponseBytes(10<<10))
	_, err := p.Complete(t.Context(), agent.Request{Messages: []agent.Message{agent.UserText("hi")}})
	if !errors.Is(err, agent.ErrResponseTooLarge) {
		t.Fatalf("err = %v, want agent.ErrResponseTooLarge", err)
	}
	if got := n.Load(); got != 1 {
		t.Errorf("server saw %d requests, want 1", got)
	}
}
