package anthropic_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/anthropic"
	"github.com/kaigi-dev/kaigi/providers/conformance"
)

// wire is the Messages API wire format, as the API sends it.
var wire = conformance.Wire{
	Path: "/v1/messages",
	Encode: func(r conformance.Reply) []byte {
		b, _ := json.Marshal(map[string]any{
			"id":            "msg_conformance",
			"type":          "message",
			"role":          "assistant",
			"model":         r.Model,
			"content":       []any{map[string]any{"type": "text", "text": r.Text}},
			"stop_reason":   map[bool]string{false: "end_turn", true: "max_tokens"}[r.Truncated],
			"stop_sequence": nil,
			"usage": map[string]any{
				"input_tokens":                r.Usage.InputTokens,
				"output_tokens":               r.Usage.OutputTokens,
				"cache_creation_input_tokens": r.Usage.CacheWriteTokens,
				"cache_read_input_tokens":     r.Usage.CacheReadTokens,
			},
		})
		return b
	},
	EncodeError: func(status int, msg string) []byte {
		typ := map[int]string{401: "authentication_error", 429: "rate_limit_error", 500: "api_error", 529: "overloaded_error"}[status]
		b, _ := json.Marshal(map[string]any{"type": "error", "error": map[string]any{"type": typ, "message": msg}})
		return b
	},
}

func start(opts ...anthropic.Option) func(t *testing.T, key string, replies ...conformance.Reply) (agent.Provider, func() []conformance.Call) {
	return func(t *testing.T, key string, replies ...conformance.Reply) (agent.Provider, func() []conformance.Call) {
		url, calls := conformance.Server(t, wire, replies...)
		base := []anthropic.Option{anthropic.WithBaseURL(url), anthropic.WithAPIKey(key), anthropic.WithMaxRetries(2)}
		return anthropic.New(append(base, opts...)...), calls
	}
}

// block is one text block of a request.
type block struct {
	Type         string `json:"type"`
	Text         string `json:"text"`
	CacheControl *struct {
		Type string `json:"type"`
	} `json:"cache_control"`
}

// messagesBody is the part of a request body the checks look at.
type messagesBody struct {
	Model       string   `json:"model"`
	MaxTokens   int      `json:"max_tokens"`
	Temperature *float64 `json:"temperature"`
	System      []block  `json:"system"`
	Messages    []struct {
		Role    string  `json:"role"`
		Content []block `json:"content"`
	} `json:"messages"`
	OutputConfig *struct {
		Format struct {
			Type   string         `json:"type"`
			Schema map[string]any `json:"schema"`
		} `json:"format"`
	} `json:"output_config"`
}

func decodeBody(t *testing.T, c conformance.Call) messagesBody {
	t.Helper()
	var b messagesBody
	if err := json.Unmarshal(c.Body, &b); err != nil {
		t.Fatalf("request body is not JSON: %v\n%s", err, c.Body)
	}
	return b
}

func checkRequest(t *testing.T, c conformance.Call, req agent.Request) {
	t.Helper()
	b := decodeBody(t, c)
	if b.Model != req.Model {
		t.Errorf("model = %q, want %q", b.Model, req.Model)
	}
	wantMax := req.MaxTokens
	if wantMax == 0 {
		wantMax = anthropic.DefaultMaxTokens
	}
	if b.MaxTokens != wantMax {
		t.Errorf("max_tokens = %d, want %d", b.MaxTokens, wantMax)
	}
	if (req.Temperature == nil) != (b.Temperature == nil) || req.Temperature != nil && *req.Temperature != *b.Temperature {
		t.Errorf("temperature = %v, want %v", b.Temperature, req.Temperature)
	}
	if req.System != "" && (len(b.System) != 1 || b.System[0].Text != req.System) {
		t.Errorf("system = %+v, want %q", b.System, req.System)
	}
	if len(b.Messages) != len(req.Messages) {
		t.Fatalf("%d messages sent, want %d", len(b.Messages), len(req.Messages))
	}
	for i, m := range req.Messages {
		got := b.Messages[i]
		if got.Role != string(m.Role) || len(got.Content) != len(m.Parts) {
			t.Fatalf("message %d = %+v, want role %s with %d blocks", i, got, m.Role, len(m.Parts))
		}
		for j, part := range m.Parts {
			blk := got.Content[j]
			if blk.Type != "text" || blk.Text != part.Text {
				t.Errorf("message %d block %d = %+v, want text %q", i, j, blk, part.Text)
			}
			if marked := blk.CacheControl != nil && blk.CacheControl.Type == "ephemeral"; marked != part.CacheBreak {
				t.Errorf("message %d block %d: cache_control ephemeral = %v, want %v", i, j, marked, part.CacheBreak)
			}
		}
	}
	if len(req.Schema) == 0 {
		if b.OutputConfig != nil {
			t.Errorf("output_config sent without a schema: %+v", b.OutputConfig)
		}
		return
	}
	if b.OutputConfig == nil || b.OutputConfig.Format.Type != "json_schema" {
		t.Fatalf("output_config = %+v, want format json_schema", b.OutputConfig)
	}
	s := b.OutputConfig.Format.Schema
	if s["additionalProperties"] != false || s["type"] != "object" {
		t.Errorf("schema not closed for structured output: %v", s)
	}
	props, _ := s["properties"].(map[string]any)
	if _, ok := props["findings"]; !ok {
		t.Errorf("schema lost its properties: %v", s)
	}
}

func TestConformance(t *testing.T) {
	conformance.Run(t, conformance.Harness{
		Start:        start(),
		CheckRequest: checkRequest,
		HTTP:         true,
		Usage:        true,
		Wire:         &wire,
	})
}

func TestCacheBreakPoints(t *testing.T) {
	long := strings.Repeat("規則。", 2000) // 18000 bytes
	parts := func(n int) []agent.Part {
		ps := make([]agent.Part, n)
		for i := range ps {
			ps[i] = agent.Part{Text: strings.Repeat("x", i+1), CacheBreak: true}
		}
		return ps
	}
	tests := []struct {
		name       string
		opts       []anthropic.Option
		req        agent.Request
		wantSystem bool
		wantMarked []bool // per block of the single user message
	}{
		{
			name:       "short system not marked",
			req:        agent.Request{System: "short", Messages: []agent.Message{{Role: agent.User, Parts: []agent.Part{{Text: "doc", CacheBreak: true}, {Text: "lens"}}}}},
			wantMarked: []bool{true, false},
		},
		{
			name:       "long system marked",
			req:        agent.Request{System: long, Messages: []agent.Message{agent.UserText("hi")}},
			wantSystem: true,
			wantMarked: []bool{false},
		},
		{
			name:       "system marking switched off",
			opts:       []anthropic.Option{anthropic.WithSystemCacheMin(0)},
			req:        agent.Request{System: long, Messages: []agent.Message{agent.UserText("hi")}},
			wantMarked: []bool{false},
		},
		{
			name: "an empty part's mark moves to the block before",
			req: agent.Request{System: "short", Messages: []agent.Message{{Role: agent.User, Parts: []agent.Part{
				{Text: "doc"}, {Text: "", CacheBreak: true}, {Text: "lens"}}}}},
			wantMarked: []bool{true, false},
		},
		{
			name: "an empty first part's mark moves to the system prompt",
			req: agent.Request{System: "short", Messages: []agent.Message{{Role: agent.User, Parts: []agent.Part{
				{Text: "", CacheBreak: true}, {Text: "lens"}}}}},
			wantSystem: true,
			wantMarked: []bool{false},
		},
		{
			name: "an empty part after a marked one uses no slot",
			req: agent.Request{System: long, Messages: []agent.Message{{Role: agent.User, Parts: []agent.Part{
				{Text: "a", CacheBreak: true}, {Text: "", CacheBreak: true}, {Text: "b", CacheBreak: true},
				{Text: "c", CacheBreak: true}}}}},
			wantSystem: true,
			wantMarked: []bool{true, true, true},
		},
		{
			name:       "at most four marks, the last four kept",
			req:        agent.Request{System: long, Messages: []agent.Message{{Role: agent.User, Parts: parts(5)}}},
			wantMarked: []bool{false, true, true, true, true},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.req.Model = "claude-test"
			p, calls := start(tt.opts...)(t, "", conformance.Reply{Text: "ok"})
			if _, err := p.Complete(t.Context(), tt.req); err != nil {
				t.Fatal(err)
			}
			b := decodeBody(t, calls()[0])
			if got := len(b.System) == 1 && b.System[0].CacheControl != nil; got != tt.wantSystem {
				t.Errorf("system marked = %v, want %v", got, tt.wantSystem)
			}
			blocks := b.Messages[0].Content
			if len(blocks) != len(tt.wantMarked) {
				t.Fatalf("%d blocks, want %d", len(blocks), len(tt.wantMarked))
			}
			for i, want := range tt.wantMarked {
				if got := blocks[i].CacheControl != nil; got != want {
					t.Errorf("block %d marked = %v, want %v", i, got, want)
				}
			}
		})
	}
}

func TestRequestErrors(t *testing.T) {
	url, calls := conformance.Server(t, wire, conformance.Reply{Text: "ok"})
	p := anthropic.New(anthropic.WithBaseURL(url), anthropic.WithModel("m"))
	tests := []struct {
		name   string
		p      *anthropic.Provider
		req    agent.Request
		target error
	}{
		{"no model", anthropic.New(), agent.Request{Messages: []agent.Message{agent.UserText("hi")}}, agent.ErrNoModel},
		{"unknown role", p, agent.Request{Messages: []agent.Message{{Role: "tool", Parts: []agent.Part{{Text: "x"}}}}}, nil},
		{"empty message", p, agent.Request{Messages: []agent.Message{{Role: agent.User}}}, nil},
		{"bad schema", p, agent.Request{Messages: []agent.Message{agent.UserText("x")}, Schema: []byte("[")}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.p.Complete(t.Context(), tt.req)
			if err == nil || tt.target != nil && !errors.Is(err, tt.target) {
				t.Errorf("err = %v, want an error (%v)", err, tt.target)
			}
		})
	}
	if n := len(calls()); n != 0 {
		t.Errorf("%d invalid requests reached the server", n)
	}
}

func TestAPIError(t *testing.T) {
	url, _ := conformance.Server(t, wire, conformance.Reply{Status: 529, Text: "Overloaded"})
	p := anthropic.New(anthropic.WithBaseURL(url), anthropic.WithModel("claude-x"), anthropic.WithMaxRetries(0))
	_, err := p.Complete(t.Context(), agent.Request{Messages: []agent.Message{agent.UserText("x")}})
	var apiErr *anthropic.APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 529 || apiErr.Type != "overloaded_error" || apiErr.Model != "claude-x" {
		t.Fatalf("err = %#v, want an *APIError 529 overloaded_error", err)
	}
	if !strings.Contains(err.Error(), `model "claude-x"`) || !strings.Contains(err.Error(), "Overloaded") {
		t.Errorf("error %q does not name the model and the server's message", err)
	}
}
