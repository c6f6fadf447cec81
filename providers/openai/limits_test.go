package openai_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/conformance"
	"github.com/kaigi-dev/kaigi/providers/openai"
)

// TestMaxResponseBytes: the bound is the option's, counts error answers
// too, and an oversized answer is neither retried nor quoted in the error.
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
			p := openai.New(openai.WithBaseURL(url+"/v1"), openai.WithModel("m"), openai.WithMaxRetries(2), openai.WithMaxResponseBytes(tt.limit))
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
			if !errors.As(err, &tl) || tl.Limit != tt.limit || tl.Option != "openai.WithMaxResponseBytes" {
				t.Errorf("err = %.300v, want an *agent.ResponseTooLargeError of limit %d naming openai.WithMaxResponseBytes", err, tt.limit)
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

// TestMaxTokensDefault: WithMaxTokens caps a request that sets no cap of
// its own; a request's own cap wins.
func TestMaxTokensDefault(t *testing.T) {
	for _, tt := range []struct{ option, request, want int }{{700, 0, 700}, {700, 50, 50}, {0, 0, 0}} {
		url, calls := conformance.Server(t, wire, conformance.Reply{Text: "ok", Model: "m"})
		p := openai.New(openai.WithBaseURL(url+"/v1"), openai.WithModel("m"), openai.WithMaxTokens(tt.option))
		if _, err := p.Complete(t.Context(), agent.Request{Messages: []agent.Message{agent.UserText("hi")}, MaxTokens: tt.request}); err != nil {
			t.Fatal(err)
		}
		b := decodeBody(t, calls()[0])
		got := 0
		if b.MaxCompletionTokens != nil {
			got = *b.MaxCompletionTokens
		}
		if got != tt.want || b.MaxTokens != nil {
			t.Errorf("WithMaxTokens(%d), Request.MaxTokens %d: sent %v / %v, want max_completion_tokens %d", tt.option, tt.request, b.MaxCompletionTokens, b.MaxTokens, tt.want)
		}
	}
}
