package openai_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/conformance"
	"github.com/kaigi-dev/kaigi/providers/openai"
)

// TestErrorBodies: an error answer becomes an *APIError of its status
// whatever the body: the API's {"error":{...}}, the {"error":"..."} of
// some compatible servers, a proxy's HTML page; the key never shows.
func TestErrorBodies(t *testing.T) {
	const key = "sk-wire-test-key"
	tests := []struct {
		name        string
		status      int
		body        string
		wantMessage string
		wantType    string
		wantCode    string
		wantClass   error
		wantText    string
	}{
		{"the API's error", 400, `{"error":{"message":"bad value for 'temperature'","type":"invalid_request_error","param":"temperature","code":"invalid_value"}}`,
			"bad value for 'temperature'", "invalid_request_error", "invalid_value", nil, `HTTP 400 Bad Request: bad value`},
		{"numeric code", 429, `{"error":{"message":"slow down","type":"requests","code":429}}`,
			"slow down", "requests", "429", agent.ErrRateLimited, "HTTP 429 Too Many Requests: slow down"},
		{"message only", 404, `{"error":"model 'x' not found, try pulling it first"}`,
			"model 'x' not found, try pulling it first", "", "", nil, "HTTP 404 Not Found: model"},
		{"overloaded", 529, `{"error":{"message":"try later","type":"overloaded","code":null}}`,
			"try later", "overloaded", "", agent.ErrUnavailable, "HTTP 529 Overloaded: try later"},
		{"gateway page", 502, "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>nginx</body>\r\n</html>\r\n",
			"<html> <head><title>502 Bad Gateway</title></head> <body>nginx</body> </html>", "", "", agent.ErrUnavailable, "HTTP 502 Bad Gateway: <html>"},
		{"plain text naming the key", 401, "invalid key " + key + "\n",
			"invalid key [redacted]", "", "", agent.ErrUnauthorized, "HTTP 401 Unauthorized: invalid key [redacted]"},
		{"empty body", 503, "", "", "", "", agent.ErrUnavailable, `HTTP 503 Service Unavailable`},
		{"JSON without an error", 500, `{"detail":"boom"}`, `{"detail":"boom"}`, "", "", agent.ErrUnavailable, `HTTP 500 Internal Server Error: {"detail":"boom"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			url, calls := conformance.Server(t, wire, conformance.Reply{Status: tt.status, Body: []byte(tt.body)})
			p := openai.New(openai.WithBaseURL(url+"/v1"), openai.WithModel("m"), openai.WithAPIKey(key), openai.WithMaxRetries(0))
			_, err := p.Complete(t.Context(), agent.Request{Messages: []agent.Message{agent.UserText("hi")}})
			var apiErr *openai.APIError
			if !errors.As(err, &apiErr) {
				t.Fatalf("err = %v, want an *APIError", err)
			}
			if apiErr.StatusCode != tt.status || apiErr.Message != tt.wantMessage || apiErr.Type != tt.wantType || apiErr.Code != tt.wantCode || apiErr.Model != "m" {
				t.Errorf("APIError = %+v, want status %d, message %q, type %q, code %q", apiErr, tt.status, tt.wantMessage, tt.wantType, tt.wantCode)
			}
			if !strings.Contains(err.Error(), tt.wantText) || !strings.HasPrefix(err.Error(), `openai: model "m": `) {
				t.Errorf("Error() = %q, want it to contain %q", err, tt.wantText)
			}
			if strings.Contains(err.Error(), key) {
				t.Errorf("the error shows the key: %v", err)
			}
			for _, class := range []error{agent.ErrRateLimited, agent.ErrUnauthorized, agent.ErrUnavailable, agent.ErrTimedOut} {
				if errors.Is(err, class) != (class == tt.wantClass) {
					t.Errorf("errors.Is(err, %v) = %v, want %v", class, errors.Is(err, class), class == tt.wantClass)
				}
			}
			if len(calls()) != 1 {
				t.Errorf("%d calls, want 1", len(calls()))
			}
		})
	}
}

// TestRetriesThroughTheProvider: the Provider retries what the transport
// retries and returns the last answer's error when the retries are spent.
func TestRetriesThroughTheProvider(t *testing.T) {
	tests := []struct {
		name      string
		replies   []conformance.Reply
		wantCalls int
		wantErr   error
	}{
		{"429 then 200", []conformance.Reply{{Status: 429, RetryAfter: "0", Text: "slow"}, {Text: "ok"}}, 2, nil},
		{"500 three times", []conformance.Reply{{Status: 500, RetryAfter: "0", Text: "boom"}}, 3, agent.ErrUnavailable},
		{"400 not retried", []conformance.Reply{{Status: 400, Text: "bad"}, {Text: "ok"}}, 1, nil},
		{"401 not retried", []conformance.Reply{{Status: 401, Text: "who"}, {Text: "ok"}}, 1, agent.ErrUnauthorized},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			url, calls := conformance.Server(t, wire, tt.replies...)
			p := openai.New(openai.WithBaseURL(url+"/v1/"), openai.WithModel("m"))
			resp, err := p.Complete(t.Context(), agent.Request{Messages: []agent.Message{agent.UserText("hi")}})
			switch {
			case len(calls()) != tt.wantCalls:
				t.Errorf("%d calls, want %d", len(calls()), tt.wantCalls)
			case tt.replies[0].Status == 400:
				if err == nil {
					t.Error("a 400 gave no error")
				}
			case tt.wantErr == nil && (err != nil || resp.Text != "ok"):
				t.Errorf("Complete = %q, %v; want the retry's answer", resp.Text, err)
			case tt.wantErr != nil && !errors.Is(err, tt.wantErr):
				t.Errorf("err = %v, want %v", err, tt.wantErr)
			}
		})
	}
}

// TestRequestTimeout: an attempt that outlasts WithRequestTimeout is
// given up and retried; when every attempt does, the error is
// agent.ErrTimedOut.
func TestRequestTimeout(t *testing.T) {
	url, calls := conformance.Server(t, wire, conformance.Reply{Hang: true}, conformance.Reply{Text: "ok", Model: "m"})
	p := openai.New(openai.WithBaseURL(url+"/v1"), openai.WithModel("m"), openai.WithRequestTimeout(time.Second), openai.WithMaxRetries(1))
	resp, err := p.Complete(t.Context(), agent.Request{Messages: []agent.Message{agent.UserText("hi")}})
	if err != nil || resp.Text != "ok" || len(calls()) != 2 {
		t.Errorf("Complete = %q, %v after %d calls; want the retry's answer after 2", resp.Text, err, len(calls()))
	}
	url, _ = conformance.Server(t, wire, conformance.Reply{Hang: true})
	p = openai.New(openai.WithBaseURL(url+"/v1"), openai.WithModel("m"), openai.WithRequestTimeout(50*time.Millisecond), openai.WithMaxRetries(0))
	_, err = p.Complete(t.Context(), agent.Request{Messages: []agent.Message{agent.UserText("hi")}})
	if !errors.Is(err, agent.ErrTimedOut) || !strings.Contains(err.Error(), "timed out") {
		t.Errorf("err = %v, want agent.ErrTimedOut", err)
	}
}
