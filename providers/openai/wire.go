package openai

import (
	"cmp"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/internal/httpjson"
)

// chatRequest is the body of a chat completion request.
type chatRequest struct {
	Model               string          `json:"model"`
	Messages            []chatMessage   `json:"messages"`
	MaxCompletionTokens int             `json:"max_completion_tokens,omitempty"`
	MaxTokens           int             `json:"max_tokens,omitempty"`
	Temperature         *float64        `json:"temperature,omitempty"`
	ResponseFormat      *responseFormat `json:"response_format,omitempty"`
}

type chatMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type responseFormat struct {
	Type       string     `json:"type"` // "json_schema"
	JSONSchema jsonSchema `json:"json_schema"`
}

type jsonSchema struct {
	Name   string          `json:"name"`
	Strict bool            `json:"strict"`
	Schema json.RawMessage `json:"schema"`
}

// chatCompletion is the part of an answer Complete reads.
type chatCompletion struct {
	Model   string `json:"model"`
	Choices []struct {
		Message struct {
			Content string `json:"content"` // null when the model refused
			Refusal string `json:"refusal"`
		} `json:"message"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
	Usage completionUsage `json:"usage"`
}

type completionUsage struct {
	PromptTokens        httpjson.Count `json:"prompt_tokens"`
	CompletionTokens    httpjson.Count `json:"completion_tokens"`
	PromptTokensDetails struct {
		CachedTokens     httpjson.Count `json:"cached_tokens"`
		CacheWriteTokens httpjson.Count `json:"cache_write_tokens"`
	} `json:"prompt_tokens_details"`
}

// body encodes req as a chat completion request for model.
func (p *Provider) body(model string, req agent.Request) ([]byte, error) {
	cr := chatRequest{Model: model, Messages: make([]chatMessage, 0, len(req.Messages)+1), Temperature: req.Temperature}
	if req.System != "" {
		cr.Messages = append(cr.Messages, chatMessage{Role: "system", Content: req.System})
	}
	for i, m := range req.Messages {
		switch m.Role {
		case agent.User, agent.Assistant:
			cr.Messages = append(cr.Messages, chatMessage{Role: string(m.Role), Content: m.Text()})
		default:
			return nil, fmt.Errorf("openai: message %d: unknown role %q", i, m.Role)
		}
	}
	if n := cmp.Or(max(req.MaxTokens, 0), p.maxTokens); n > 0 {
		if p.legacyMaxTokens {
			cr.MaxTokens = n
		} else {
			cr.MaxCompletionTokens = n
		}
	}
	if len(req.Schema) > 0 && p.schema {
		var schema map[string]any
		if err := json.Unmarshal(req.Schema, &schema); err != nil {
			return nil, fmt.Errorf("openai: Request.Schema is not a JSON object: %w", err)
		}
		strict, err := orderedStrictSchema(req.Schema, schema)
		if err != nil {
			return nil, fmt.Errorf("openai: Request.Schema: %w", err)
		}
		cr.ResponseFormat = &responseFormat{Type: "json_schema", JSONSchema: jsonSchema{Name: schemaName(req.SchemaName), Strict: true, Schema: strict}}
	}
	b, err := json.Marshal(cr)
	if err != nil {
		return nil, fmt.Errorf("openai: encoding the request: %w", err)
	}
	return b, nil
}

// usage maps the API's counts: cached and cache-written prompt tokens are
// counted apart from the rest of the prompt (agent.Usage's convention).
// A negative count, which some servers send, is taken as 0.
func usage(u completionUsage) agent.Usage {
	read := max(int64(u.PromptTokensDetails.CachedTokens), 0)
	write := max(int64(u.PromptTokensDetails.CacheWriteTokens), 0)
	return agent.Usage{
		InputTokens:      max(int64(u.PromptTokens)-read-write, 0),
		OutputTokens:     max(int64(u.CompletionTokens), 0),
		CacheReadTokens:  read,
		CacheWriteTokens: write,
		Calls:            1,
	}
}

// APIError is an error answer from the server: an HTTP status and the
// server's message, with the API key cut out of it.
type APIError struct {
	// StatusCode is the HTTP status. Example: 401.
	StatusCode int
	// Model is the model the request named.
	Model string
	// Type and Code are the API's error type and code, if it sent them.
	// Example: "invalid_request_error", "invalid_api_key". It may be empty.
	Type, Code string
	// Message is the server's explanation, if any: the API's message, or
	// the start of a body that is not the API's JSON (an HTML page from a
	// proxy; see the status). It may be empty.
	Message string
}

// Is reports whether target is the error class of the status (see
// agent.StatusClass): errors.Is(err, agent.ErrRateLimited) holds for a
// 429.
func (e *APIError) Is(target error) bool {
	return target != nil && target == agent.StatusClass(e.StatusCode)
}

// ErrorType returns the error.type of a span that failed with e (see
// agent.ErrorTyper): the API's error code, else its error type, else the
// HTTP status. Example: "rate_limit_exceeded", "429".
func (e *APIError) ErrorType() string {
	return cmp.Or(e.Code, e.Type, strconv.Itoa(e.StatusCode))
}

// Error names the model, the HTTP status with its text (agent.HTTPStatus:
// "HTTP 529 Overloaded") and the server's message.
func (e *APIError) Error() string {
	return fmt.Sprintf("openai: model %q: %s", e.Model, agent.HTTPStatus(e.StatusCode, "", e.Message))
}

// apiError decodes an error answer: {"error": {"message", "type",
// "code"}} as OpenAI sends it, {"error": "message"} as some compatible
// servers do, else an excerpt of the body. The key is cut out.
func (p *Provider) apiError(model string, ans *httpjson.Answer) *APIError {
	e := &APIError{StatusCode: ans.Status, Model: model}
	var env struct {
		Error json.RawMessage `json:"error"`
	}
	var detail struct {
		Message string          `json:"message"`
		Type    string          `json:"type"`
		Code    json.RawMessage `json:"code"` // a string, a number or null
	}
	switch {
	case json.Unmarshal(ans.Body, &env) != nil || len(env.Error) == 0 || string(env.Error) == "null":
		e.Message = httpjson.Excerpt(ans.Body)
	case json.Unmarshal(env.Error, &e.Message) == nil:
	case json.Unmarshal(env.Error, &detail) == nil:
		e.Message, e.Type, e.Code = detail.Message, detail.Type, scalar(detail.Code)
	default:
		e.Message = httpjson.Excerpt(env.Error)
	}
	e.Type, e.Code, e.Message = p.redact(e.Type), p.redact(e.Code), p.redact(e.Message)
	return e
}

// scalar is a JSON string's text or another scalar's JSON ("429"); "" for
// null or nothing.
func scalar(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	if t := strings.TrimSpace(string(raw)); t != "null" {
		return t
	}
	return ""
}

func (p *Provider) redact(s string) string { return httpjson.Redact(s, p.apiKey) }
