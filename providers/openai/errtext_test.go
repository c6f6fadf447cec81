package openai_test

import (
	"errors"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/conformance"
	"github.com/kaigi-dev/kaigi/providers/openai"
)

// TestAPIErrorText: the error joins the status, its text (also for codes
// net/http does not know) and the server's message, once each.
func TestAPIErrorText(t *testing.T) {
	for _, tc := range []struct {
		status int
		msg    string
		want   string
	}{
		{529, "Overloaded", `openai: model "m": HTTP 529 Overloaded`},
		{529, "The server is overloaded", `openai: model "m": HTTP 529 Overloaded: The server is overloaded`},
		{503, "busy", `openai: model "m": HTTP 503 Service Unavailable: busy`},
		{599, "", `openai: model "m": HTTP 599 Network Connect Timeout Error`},
		{418, "no", `openai: model "m": HTTP 418 I'm a teapot: no`},
	} {
		url, _ := conformance.Server(t, wire, conformance.Reply{Status: tc.status, Text: tc.msg})
		p := openai.New(openai.WithBaseURL(url+"/v1"), openai.WithModel("m"), openai.WithMaxRetries(0))
		_, err := p.Complete(t.Context(), agent.Request{Messages: []agent.Message{agent.UserText("hi")}})
		var apiErr *openai.APIError
		if !errors.As(err, &apiErr) || apiErr.StatusCode != tc.status {
			t.Fatalf("%d: err = %v, want an *APIError", tc.status, err)
		}
		if err.Error() != tc.want {
			t.Errorf("%d %q: error %q, want %q", tc.status, tc.msg, err, tc.want)
		}
	}
}
