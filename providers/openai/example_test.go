package openai_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/openai"
)

func ExampleNew() {
	// A stand-in for an OpenAI-compatible server (OpenAI, Ollama, vLLM...).
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var req struct {
			Model string `json:"model"`
		}
		_ = json.Unmarshal(body, &req)
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"id":"1","object":"chat.completion","model":%q,
			"choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"こんにちは"}}],
			"usage":{"prompt_tokens":120,"completion_tokens":5,"total_tokens":125,"prompt_tokens_details":{"cached_tokens":100}}}`, req.Model)
	}))
	defer srv.Close()

	p := openai.New(openai.WithBaseURL(srv.URL+"/v1"), openai.WithModel("gpt-4.1-mini"))
	resp, err := p.Complete(context.Background(), agent.Request{
		System:   "Answer in Japanese.",
		Messages: []agent.Message{agent.UserText("Say hello.")},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(resp.Text, resp.Model, resp.StopReason)
	fmt.Printf("%+v\n", resp.Usage)
	// Output:
	// こんにちは gpt-4.1-mini stop
	// {InputTokens:20 OutputTokens:5 CacheReadTokens:100 CacheWriteTokens:0 Calls:1}
}

func ExampleStrictSchema() {
	var schema map[string]any
	_ = json.Unmarshal([]byte(`{
		"type": "object",
		"properties": {
			"confidence": {"type": "integer", "minimum": 0, "maximum": 100},
			"memo": {"type": "string"}
		},
		"required": ["confidence"]
	}`), &schema)
	out, _ := json.MarshalIndent(openai.StrictSchema(schema), "", "  ")
	fmt.Println(string(out))
	// Output:
	// {
	//   "additionalProperties": false,
	//   "properties": {
	//     "confidence": {
	//       "description": "{maximum: 100, minimum: 0}",
	//       "type": "integer"
	//     },
	//     "memo": {
	//       "type": "string"
	//     }
	//   },
	//   "required": [
	//     "confidence",
	//     "memo"
	//   ],
	//   "type": "object"
	// }
}
