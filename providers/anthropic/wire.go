package anthropic

import (
	"cmp"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/internal/httpjson"
	"github.com/kaigi-dev/kaigi/providers/internal/jsonorder"
)

// messagesRequest is the body of a Messages call.
type messagesRequest struct {
	Model        string        `json:"model"`
	MaxTokens    int           `json:"max_tokens"`
	System       []*textBlock  `json:"system,omitempty"`
	Messages     []turn        `json:"messages"`
	Temperature  *float64      `json:"temperature,omitempty"`
	OutputConfig *outputConfig `json:"output_config,omitempty"`
}

type turn struct {
	Role    string       `json:"role"`
	Content []*textBlock `json:"content"`
}

type textBlock struct {
	Type         string        `json:"type"` // "text"
	Text         string        `json:"text"`
	CacheControl *cacheControl `json:"cache_control,omitempty"`
}

type cacheControl struct {
	Type string `json:"type"` // "ephemeral"
}

type outputConfig struct {
	Format json.RawMessage `json:"format"`
}

// message is the part of an answer Complete reads.
type message struct {
	Model   string `json:"model"`
	Content []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"content"`
	StopReason string `json:"stop_reason"`
	Usage      struct {
		InputTokens              httpjson.Count `json:"input_tokens"`
		OutputTokens             httpjson.Count `json:"output_tokens"`
		CacheCreationInputTokens httpjson.Count `json:"cache_creation_input_tokens"`
		CacheReadInputTokens     httpjson.Count `json:"cache_read_input_tokens"`
	} `json:"usage"`
}

// request builds the Messages call for req (see Complete).
func (p *Provider) request(model string, req agent.Request) (*messagesRequest, error) {
	mr := &messagesRequest{
		Model:       model,
		MaxTokens:   cmp.Or(req.MaxTokens, p.maxTokens),
		Messages:    make([]turn, 0, len(req.Messages)),
		Temperature: req.Temperature,
	}
	var marks []*textBlock
	mark := func(b *textBlock) {
		if b != nil && (len(marks) == 0 || marks[len(marks)-1] != b) {
			marks = append(marks, b)
		}
	}
	var last *textBlock // the latest block, for an empty Part's mark
	if req.System != "" {
		last = &textBlock{Type: "text", Text: req.System}
		mr.System = []*textBlock{last}
		if p.systemCacheMin > 0 && len(req.System) >= p.systemCacheMin {
			mark(last)
		}
	}
	for i, m := range req.Messages {
		if m.Role != agent.User && m.Role != agent.Assistant {
			return nil, fmt.Errorf("anthropic: message %d: unknown role %q", i, m.Role)
		}
		blocks := make([]*textBlock, 0, len(m.Parts))
		for _, part := range m.Parts {
			if part.Text == "" {
				// The API rejects empty text blocks; the break point
				// (the prefix up to here) goes to the block before.
				if part.CacheBreak {
					mark(last)
				}
				continue
			}
			last = &textBlock{Type: "text", Text: part.Text}
			if part.CacheBreak {
				mark(last)
			}
			blocks = append(blocks, last)
		}
		if len(blocks) == 0 {
			return nil, fmt.Errorf("anthropic: message %d: no text", i)
		}
		mr.Messages = append(mr.Messages, turn{Role: string(m.Role), Content: blocks})
	}
	for _, b := range marks[max(len(marks)-maxBreakPoints, 0):] {
		b.CacheControl = &cacheControl{Type: "ephemeral"}
	}
	if len(req.Schema) > 0 && p.schema {
		var schema map[string]any
		if err := json.Unmarshal(req.Schema, &schema); err != nil {
			return nil, fmt.Errorf("anthropic: Request.Schema is not a JSON object: %w", err)
		}
		delete(schema, "$schema") // meta-data the adjustment would
		delete(schema, "$id")     // otherwise restate in the description
		format, err := orderedFormat(req.Schema, adjustSchema(schema))
		if err != nil {
			return nil, fmt.Errorf("anthropic: Request.Schema: %w", err)
		}
		mr.OutputConfig = &outputConfig{Format: format}
	}
	return mr, nil
}

// orderedFormat encodes the output format with schema, the adjusted
// Request.Schema raw, in raw's key order: through a Go map the properties
// would reach the model in alphabetical order, and structured outputs
// write them in schema order.
func orderedFormat(raw []byte, schema map[string]any) (json.RawMessage, error) {
	shape, err := jsonorder.Parse(raw)
	if err != nil {
		return nil, err
	}
	shape.Alias("oneOf", "anyOf")
	s, err := jsonorder.Marshal(schema, shape)
	if err != nil {
		return nil, err
	}
	return json.Marshal(struct {
		Type   string          `json:"type"`
		Schema json.RawMessage `json:"schema"`
	}{"json_schema", s})
}

// APIError is an error answer from the server: an HTTP status and the
// server's message, with the API key cut out of it.
type APIError struct {
	// StatusCode is the HTTP status. Example: 429.
	StatusCode int
	// Model is the model the request named.
	Model string
	// Type is the API's error type. Example: "rate_limit_error",
	// "authentication_error". It may be empty.
	Type string
	// Message is the server's explanation, if any: the API's message, or
	// the start of a body that is not the API's JSON (an HTML page from a
	// proxy; see the status). It may be empty.
	Message string
	// RequestID is the API's request id, for support. It may be empty.
	RequestID string
}

// Is reports whether target is the error class of the status (see
// agent.StatusClass): errors.Is(err, agent.ErrUnavailable) holds for a
// 529 "overloaded".
func (e *APIError) Is(target error) bool {
	return target != nil && target == agent.StatusClass(e.StatusCode)
}

// ErrorType returns the error.type of a span that failed with e (see
// agent.ErrorTyper): the API's error type, else the HTTP status. Example:
// "overloaded_error", "529".
func (e *APIError) ErrorType() string {
	return cmp.Or(e.Type, strconv.Itoa(e.StatusCode))
}

// Error names the model, the HTTP status with its text, the error type,
// the server's message (agent.HTTPStatus: "HTTP 529 Overloaded
// (overloaded_error)") and the request id, if any.
func (e *APIError) Error() string {
	s := fmt.Sprintf("anthropic: model %q: %s", e.Model, agent.HTTPStatus(e.StatusCode, e.Type, e.Message))
	if e.RequestID != "" {
		s += " [request " + e.RequestID + "]"
	}
	return s
}

// apiError decodes an error answer, {"type": "error", "error": {"type",
// "message"}, "request_id"}, or takes an excerpt of a body that is not
// one. The request id comes from the request-id header, else the body.
// The key is cut out.
func (p *Provider) apiError(model string, ans *httpjson.Answer) *APIError {
	e := &APIError{StatusCode: ans.Status, Model: model, RequestID: ans.Header.Get("Request-Id")}
	var env struct {
		Error *struct {
			Type    string `json:"type"`
			Message string `json:"message"`
		} `json:"error"`
		RequestID string `json:"request_id"`
	}
	if json.Unmarshal(ans.Body, &env) != nil || env.Error == nil {
		e.Message = httpjson.Excerpt(ans.Body)
	} else {
		e.Type, e.Message = env.Error.Type, env.Error.Message
		e.RequestID = cmp.Or(e.RequestID, env.RequestID)
	}
	e.Type, e.Message, e.RequestID = p.redact(e.Type), p.redact(e.Message), p.redact(e.RequestID)
	return e
}
