package openai_test

import (
	"encoding/json"
	"errors"
	"net/http"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/conformance"
	"github.com/kaigi-dev/kaigi/providers/openai"
)

// wire is the Chat Completions wire format, as the API sends it.
var wire = conformance.Wire{
	Path: "/v1/chat/completions",
	Encode: func(r conformance.Reply) []byte {
		u := r.Usage
		prompt := u.InputTokens + u.CacheReadTokens + u.CacheWriteTokens
		b, _ := json.Marshal(map[string]any{
			"id":      "chatcmpl-conformance",
			"object":  "chat.completion",
			"created": 1735689600,
			"model":   r.Model,
			"choices": []any{map[string]any{
				"index":         0,
				"message":       map[string]any{"role": "assistant", "content": r.Text, "refusal": nil},
				"logprobs":      nil,
				"finish_reason": map[bool]string{false: "stop", true: "length"}[r.Truncated],
			}},
			"usage": map[string]any{
				"prompt_tokens":     prompt,
				"completion_tokens": u.OutputTokens,
				"total_tokens":      prompt + u.OutputTokens,
				"prompt_tokens_details": map[string]any{
					"cached_tokens":      u.CacheReadTokens,
					"cache_write_tokens": u.CacheWriteTokens,
					"audio_tokens":       0,
				},
				"completion_tokens_details": map[string]any{"reasoning_tokens": 0},
			},
		})
		return b
	},
	EncodeError: func(status int, msg string) []byte {
		code := map[int]string{401: "invalid_api_key", 429: "rate_limit_exceeded"}[status]
		b, _ := json.Marshal(map[string]any{"error": map[string]any{
			"message": msg, "type": "invalid_request_error", "param": nil, "code": code,
		}})
		return b
	},
}

func start(opts ...openai.Option) func(t *testing.T, key string, replies ...conformance.Reply) (agent.Provider, func() []conformance.Call) {
	return func(t *testing.T, key string, replies ...conformance.Reply) (agent.Provider, func() []conformance.Call) {
		url, calls := conformance.Server(t, wire, replies...)
		base := []openai.Option{openai.WithBaseURL(url + "/v1"), openai.WithAPIKey(key), openai.WithMaxRetries(2)}
		return openai.New(append(base, opts...)...), calls
	}
}

// chatBody is the part of a request body the checks look at.
type chatBody struct {
	Model               string   `json:"model"`
	MaxTokens           *int     `json:"max_tokens"`
	MaxCompletionTokens *int     `json:"max_completion_tokens"`
	Temperature         *float64 `json:"temperature"`
	Messages            []struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	} `json:"messages"`
	ResponseFormat *struct {
		Type       string `json:"type"`
		JSONSchema struct {
			Name   string         `json:"name"`
			Strict bool           `json:"strict"`
			Schema map[string]any `json:"schema"`
		} `json:"json_schema"`
	} `json:"response_format"`
}

func decodeBody(t *testing.T, c conformance.Call) chatBody {
	t.Helper()
	var b chatBody
	if err := json.Unmarshal(c.Body, &b); err != nil {
		t.Fatalf("request body is not JSON: %v\n%s", err, c.Body)
	}
	return b
}

func checkRequest(legacy bool) func(t *testing.T, c conformance.Call, req agent.Request) {
	return func(t *testing.T, c conformance.Call, req agent.Request) {
		t.Helper()
		b := decodeBody(t, c)
		if b.Model != req.Model {
			t.Errorf("model = %q, want %q", b.Model, req.Model)
		}
		wantMsgs := len(req.Messages)
		if req.System != "" {
			wantMsgs++
			if len(b.Messages) == 0 || b.Messages[0].Role != "system" || b.Messages[0].Content != req.System {
				t.Errorf("first message = %+v, want the system prompt", b.Messages)
			}
		}
		if len(b.Messages) != wantMsgs {
			t.Fatalf("%d messages sent, want %d", len(b.Messages), wantMsgs)
		}
		if last := b.Messages[len(b.Messages)-1]; last.Content != req.Messages[len(req.Messages)-1].Text() {
			t.Errorf("last message content = %q, want the parts joined", last.Content)
		}
		sent, other := b.MaxCompletionTokens, b.MaxTokens
		if legacy {
			sent, other = other, sent
		}
		switch {
		case req.MaxTokens == 0 && (sent != nil || other != nil):
			t.Errorf("a token cap was sent though the request sets none")
		case req.MaxTokens > 0 && (sent == nil || *sent != req.MaxTokens || other != nil):
			t.Errorf("max tokens sent as %v / %v, want %d in the right field only", sent, other, req.MaxTokens)
		}
		if (req.Temperature == nil) != (b.Temperature == nil) || req.Temperature != nil && *req.Temperature != *b.Temperature {
			t.Errorf("temperature = %v, want %v", b.Temperature, req.Temperature)
		}
		if len(req.Schema) == 0 {
			if b.ResponseFormat != nil {
				t.Errorf("response_format sent without a schema: %+v", b.ResponseFormat)
			}
			return
		}
		rf := b.ResponseFormat
		if rf == nil || rf.Type != "json_schema" || !rf.JSONSchema.Strict || rf.JSONSchema.Name != req.SchemaName {
			t.Fatalf("response_format = %+v, want strict json_schema named %q", rf, req.SchemaName)
		}
		s := rf.JSONSchema.Schema
		if s["additionalProperties"] != false || len(s["required"].([]any)) != 4 {
			t.Errorf("schema not adjusted for strict mode: %v", s)
		}
	}
}

func TestConformance(t *testing.T) {
	conformance.Run(t, conformance.Harness{
		Start:        start(),
		CheckRequest: checkRequest(false),
		HTTP:         true,
		Usage:        true,
		Wire:         &wire,
	})
}

func TestConformanceLegacyMaxTokens(t *testing.T) {
	conformance.Run(t, conformance.Harness{
		Start:        start(openai.WithLegacyMaxTokens(true)),
		CheckRequest: checkRequest(true),
		HTTP:         true,
	})
}

func TestNoSchemaSupportSendsNoResponseFormat(t *testing.T) {
	p, calls := start(openai.WithSchemaSupport(false))(t, "", conformance.Reply{Text: "{}"})
	if p.(*openai.Provider).SupportsSchema() {
		t.Error("SupportsSchema() = true after WithSchemaSupport(false)")
	}
	req := agent.Request{Model: "m", Messages: []agent.Message{agent.UserText("hi")}, Schema: []byte(conformance.ReportSchema)}
	if _, err := p.Complete(t.Context(), req); err != nil {
		t.Fatal(err)
	}
	c := calls()[0]
	if b := decodeBody(t, c); b.ResponseFormat != nil {
		t.Errorf("response_format sent: %+v", b.ResponseFormat)
	}
	if h := c.Header.Get("Authorization"); h != "" {
		t.Errorf("Authorization header %q sent without a key", h)
	}
}

func TestOllamaPreset(t *testing.T) {
	url, calls := conformance.Server(t, wire, conformance.Reply{Text: "ok", Model: "llama3.2"})
	p := openai.NewOllama("llama3.2", openai.WithBaseURL(url+"/v1"))
	resp, err := p.Complete(t.Context(), agent.Request{Messages: []agent.Message{agent.UserText("hi")}, MaxTokens: 50})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Text != "ok" || resp.Model != "llama3.2" {
		t.Errorf("response = %+v", resp)
	}
	b := decodeBody(t, calls()[0])
	if b.Model != "llama3.2" || b.MaxTokens == nil || *b.MaxTokens != 50 || b.MaxCompletionTokens != nil {
		t.Errorf("body = %+v, want model llama3.2 and max_tokens 50", b)
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		name   string
		p      *openai.Provider
		req    agent.Request
		target error
	}{
		{"no model", openai.New(), agent.Request{Messages: []agent.Message{agent.UserText("hi")}}, agent.ErrNoModel},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.p.Complete(t.Context(), tt.req)
			if !errors.Is(err, tt.target) {
				t.Errorf("err = %v, want %v", err, tt.target)
			}
		})
	}

	url, _ := conformance.Server(t, wire)
	p := openai.New(openai.WithBaseURL(url+"/v1"), openai.WithModel("m"))
	bad := []agent.Request{
		{Messages: []agent.Message{{Role: "tool", Parts: []agent.Part{{Text: "x"}}}}},
		{Messages: []agent.Message{agent.UserText("x")}, Schema: []byte("{not json")},
	}
	for _, req := range bad {
		if _, err := p.Complete(t.Context(), req); err == nil {
			t.Errorf("Complete(%+v) returned no error", req)
		}
	}

	url, _ = conformance.Server(t, wire, conformance.Reply{Status: http.StatusUnauthorized, Text: "bad key"})
	p = openai.New(openai.WithBaseURL(url+"/v1"), openai.WithModel("m"), openai.WithAPIKey("sk-test-key"))
	_, err := p.Complete(t.Context(), agent.Request{Messages: []agent.Message{agent.UserText("x")}})
	var apiErr *openai.APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 401 || apiErr.Message != "bad key" || apiErr.Code != "invalid_api_key" {
		t.Errorf("err = %#v, want an *APIError with status 401", err)
	}
}
