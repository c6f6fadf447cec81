package anthropic_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/anthropic"
)

func ExampleProvider_Complete() {
	// A stand-in for the Messages API that reports a cache read.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"id":"msg_1","type":"message","role":"assistant","model":"claude-sonnet-4-5",
			"content":[{"type":"text","text":"Two findings."}],"stop_reason":"end_turn",
			"usage":{"input_tokens":40,"output_tokens":6,"cache_creation_input_tokens":0,"cache_read_input_tokens":2048}}`)
	}))
	defer srv.Close()

	p := anthropic.New(anthropic.WithBaseURL(srv.URL), anthropic.WithModel("claude-sonnet-4-5"))
	resp, err := p.Complete(context.Background(), agent.Request{
		Messages: []agent.Message{{Role: agent.User, Parts: []agent.Part{
			{Text: "<document shared by every reviewer>", CacheBreak: true},
			{Text: "Review it as a fact-checker."},
		}}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(resp.Text, resp.StopReason)
	fmt.Printf("%+v\n", resp.Usage)
	// Output:
	// Two findings. end_turn
	// {InputTokens:40 OutputTokens:6 CacheReadTokens:2048 CacheWriteTokens:0 Calls:1}
}
