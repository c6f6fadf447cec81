package anthropic_test

import (
	"errors"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/anthropic"
	"github.com/kaigi-dev/kaigi/providers/conformance"
)

// TestBaseURLForms: the server's root and the root with /v1 both reach
// /v1/messages, with or without a final slash.
func TestBaseURLForms(t *testing.T) {
	for _, suffix := range []string{"", "/", "/v1", "/v1/"} {
		url, calls := conformance.Server(t, wire, conformance.Reply{Text: "ok", Model: "claude-x"})
		p := anthropic.New(anthropic.WithBaseURL(url+suffix), anthropic.WithModel("claude-x"), anthropic.WithMaxRetries(0))
		resp, err := p.Complete(t.Context(), agent.Request{Messages: []agent.Message{agent.UserText("x")}})
		if err != nil || resp.Text != "ok" {
			t.Errorf("base URL %q: %q, %v (requests to %v)", suffix, resp.Text, err, paths(calls()))
		}
	}
}

func paths(calls []conformance.Call) []string {
	var out []string
	for _, c := range calls {
		out = append(out, c.Path)
	}
	return out
}

// TestAPIErrorText: a 529 reads as the status with its text and the
// error type, the server's "Overloaded" not repeated.
func TestAPIErrorText(t *testing.T) {
	url, _ := conformance.Server(t, wire, conformance.Reply{Status: 529, Text: "Overloaded"})
	p := anthropic.New(anthropic.WithBaseURL(url), anthropic.WithModel("claude-x"), anthropic.WithMaxRetries(0))
	_, err := p.Complete(t.Context(), agent.Request{Messages: []agent.Message{agent.UserText("x")}})
	const want = `anthropic: model "claude-x": HTTP 529 Overloaded (overloaded_error)`
	if apiErr := (*anthropic.APIError)(nil); !errors.As(err, &apiErr) || err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
}
