package anthropic_test

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/anthropic"
	"github.com/kaigi-dev/kaigi/providers/conformance"
)

// TestErrorBodies: an error answer becomes an *APIError of its status
// whatever the body: the API's {"type":"error","error":{...}}, a proxy's
// HTML page, plain text; the key never shows.
func TestErrorBodies(t *testing.T) {
	const key = "sk-ant-wire-test-key"
	tests := []struct {
		name                        string
		status                      int
		header                      string // request-id
		body                        string
		wantType, wantMessage, want string
		wantRequestID               string
		wantClass                   error
	}{
		{"the API's error", 400, "req_h", `{"type":"error","error":{"type":"invalid_request_error","message":"max_tokens: too large"},"request_id":"req_b"}`,
			"invalid_request_error", "max_tokens: too large", `HTTP 400 Bad Request (invalid_request_error): max_tokens: too large [request req_h]`, "req_h", nil},
		{"request id from the body", 429, "", `{"type":"error","error":{"type":"rate_limit_error","message":"slow down"},"request_id":"req_b"}`,
			"rate_limit_error", "slow down", `HTTP 429 Too Many Requests (rate_limit_error): slow down [request req_b]`, "req_b", agent.ErrRateLimited},
		{"overloaded", 529, "", `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`,
			"overloaded_error", "Overloaded", `HTTP 529 Overloaded (overloaded_error)`, "", agent.ErrUnavailable},
		{"gateway page", 502, "", "<html><body>\n502 Bad Gateway\n</body></html>",
			"", "<html><body> 502 Bad Gateway </body></html>", `HTTP 502 Bad Gateway: <html><body> 502 Bad Gateway </body></html>`, "", agent.ErrUnavailable},
		{"plain text naming the key", 401, "", "invalid x-api-key " + key,
			"", "invalid x-api-key [redacted]", `HTTP 401 Unauthorized: invalid x-api-key [redacted]`, "", agent.ErrUnauthorized},
		{"Cloudflare timeout", 524, "", "", "", "", `HTTP 524 A Timeout Occurred`, "", agent.ErrUnavailable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var n atomic.Int32
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				n.Add(1)
				if tt.header != "" {
					w.Header().Set("Request-Id", tt.header)
				}
				w.WriteHeader(tt.status)
				_, _ = w.Write([]byte(tt.body))
			}))
			defer srv.Close()
			p := anthropic.New(anthropic.WithBaseURL(srv.URL), anthropic.WithModel("m"), anthropic.WithAPIKey(key), anthropic.WithMaxRetries(0))
			_, err := p.Complete(t.Context(), agent.Request{Messages: []agent.Message{agent.UserText("hi")}})
			var apiErr *anthropic.APIError
			if !errors.As(err, &apiErr) {
				t.Fatalf("err = %v, want an *APIError", err)
			}
			if apiErr.StatusCode != tt.status || apiErr.Type != tt.wantType || apiErr.Message != tt.wantMessage || apiErr.RequestID != tt.wantRequestID {
				t.Errorf("APIError = %+v, want type %q, message %q, request %q", apiErr, tt.wantType, tt.wantMessage, tt.wantRequestID)
			}
			if want := `anthropic: model "m": ` + tt.want; err.Error() != want {
				t.Errorf("Error() = %q, want %q", err, want)
			}
			for _, class := range []error{agent.ErrRateLimited, agent.ErrUnauthorized, agent.ErrUnavailable, agent.ErrTimedOut} {
				if errors.Is(err, class) != (class == tt.wantClass) {
					t.Errorf("errors.Is(err, %v) = %v, want %v", class, errors.Is(err, class), class == tt.wantClass)
				}
			}
			if n.Load() != 1 {
				t.Errorf("%d calls, want 1", n.Load())
			}
		})
	}
}

// TestRequestHeaders: a call carries the API version, the key as a
// bearer token and JSON's content type.
func TestRequestHeaders(t *testing.T) {
	url, calls := conformance.Server(t, wire, conformance.Reply{Text: "ok"})
	p := anthropic.New(anthropic.WithBaseURL(url), anthropic.WithModel("m"), anthropic.WithAPIKey("k"))
	if _, err := p.Complete(t.Context(), agent.Request{Messages: []agent.Message{agent.UserText("hi")}}); err != nil {
		t.Fatal(err)
	}
	h := calls()[0].Header
	for k, want := range map[string]string{"Anthropic-Version": "2026-10-21", "Authorization": "Bearer k", "Content-Type": "application/json"} {
		if got := h.Get(k); got != want {
			t.Errorf("%s: %q, want %q", k, got, want)
		}
	}
}

// TestRequestTimeout: an attempt that outlasts WithRequestTimeout is
// given up and retried; the retry's answer is the call's.
func TestRequestTimeout(t *testing.T) {
	url, calls := conformance.Server(t, wire, conformance.Reply{Hang: true}, conformance.Reply{Text: "ok", Model: "m"})
	p := anthropic.New(anthropic.WithBaseURL(url), anthropic.WithModel("m"), anthropic.WithRequestTimeout(time.Second), anthropic.WithMaxRetries(1))
	resp, err := p.Complete(t.Context(), agent.Request{Messages: []agent.Message{agent.UserText("hi")}})
	if err != nil || resp.Text != "ok" || len(calls()) != 2 {
		t.Errorf("Complete = %q, %v after %d calls; want the retry's answer after 2", resp.Text, err, len(calls()))
	}
	url2, _ := conformance.Server(t, wire, conformance.Reply{Hang: true})
	p = anthropic.New(anthropic.WithBaseURL(url2), anthropic.WithModel("m"), anthropic.WithRequestTimeout(50*time.Millisecond), anthropic.WithMaxRetries(0))
	_, err = p.Complete(t.Context(), agent.Request{Messages: []agent.Message{agent.UserText("hi")}})
	if !errors.Is(err, agent.ErrTimedOut) || !strings.Contains(err.Error(), "timed out") {
		t.Errorf("err = %v, want agent.ErrTimedOut", err)
	}
}
