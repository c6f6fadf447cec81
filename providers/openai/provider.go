package openai

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	sdk "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/shared"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/internal/bodylimit"
)

// Base URLs of common OpenAI-compatible servers, for WithBaseURL.
const (
	OpenAIBaseURL     = "https://api.openai.com/v1"
	OllamaBaseURL     = "http://localhost:11434/v1"
	LMStudioBaseURL   = "http://localhost:1234/v1"
	VLLMBaseURL       = "http://localhost:8000/v1"
	LlamaCppBaseURL   = "http://localhost:8080/v1"
	OpenRouterBaseURL = "https://openrouter.ai/api/v1"
)

// DefaultMaxRetries is how often the SDK retries a 408, 409, 429 or 5xx
// answer (honouring Retry-After) unless WithMaxRetries says otherwise.
const DefaultMaxRetries = 2

// Provider is an agent.Provider for the Chat Completions API of OpenAI and
// of every server that imitates it. It is safe for concurrent use.
type Provider struct {
	svc             sdk.ChatCompletionService
	model           string
	apiKey          string
	maxTokens       int
	schema          bool
	legacyMaxTokens bool
}

type config struct {
	baseURL          string
	apiKey           string
	model            string
	maxRetries       int
	maxTokens        int
	maxResponseBytes int64
	httpClient       *http.Client
	timeout          time.Duration
	schema           bool
	legacyMaxTokens  bool
}

// Option configures a Provider.
type Option func(*config)

// WithAPIKey sets the API key sent as a bearer token. Without it no
// Authorization header is sent, which local servers such as Ollama accept.
// The Provider never reads the environment itself.
func WithAPIKey(key string) Option { return func(c *config) { c.apiKey = key } }

// WithBaseURL sets the server, such as OllamaBaseURL or
// "http://gpu-box:8000/v1". The default is OpenAIBaseURL.
func WithBaseURL(url string) Option { return func(c *config) { c.baseURL = url } }

// WithModel sets the model used when a Request names none.
// Example: "gpt-4.1-mini".
func WithModel(model string) Option { return func(c *config) { c.model = model } }

// WithMaxRetries sets how often the SDK retries a 408, 409, 429 or 5xx
// answer or a connection error; 0 disables retries.
func WithMaxRetries(n int) Option { return func(c *config) { c.maxRetries = max(n, 0) } }

// WithMaxTokens sets the reply cap in tokens used when a Request sets no
// MaxTokens; 0 (the default) sends no cap, leaving it to the server.
func WithMaxTokens(n int) Option { return func(c *config) { c.maxTokens = max(n, 0) } }

// WithMaxResponseBytes bounds the body read for one answer, error answers
// included (default agent.DefaultMaxResponseBytes; 0 or less means the
// default). A longer body fails the call with an error wrapping
// agent.ErrResponseTooLarge, without reading the rest and without a retry.
func WithMaxResponseBytes(n int64) Option { return func(c *config) { c.maxResponseBytes = n } }

// WithHTTPClient sets the HTTP client; the default is http.DefaultClient.
func WithHTTPClient(hc *http.Client) Option { return func(c *config) { c.httpClient = hc } }

// WithRequestTimeout bounds each attempt (retries get their own); the
// context passed to Complete bounds the whole call.
func WithRequestTimeout(d time.Duration) Option { return func(c *config) { c.timeout = d } }

// WithSchemaSupport says whether the server honours response_format
// json_schema (the default, true). With false, a Request's Schema is not
// sent and SupportsSchema reports false, so callers put it in the prompt.
func WithSchemaSupport(ok bool) Option { return func(c *config) { c.schema = ok } }

// WithLegacyMaxTokens sends Request.MaxTokens as "max_tokens" instead of
// "max_completion_tokens". OpenAI's reasoning models accept only the
// latter; some compatible servers only the former.
func WithLegacyMaxTokens(on bool) Option { return func(c *config) { c.legacyMaxTokens = on } }

// New returns a Provider for the OpenAI API or, with WithBaseURL, any
// compatible server. Nothing is read from the environment.
func New(opts ...Option) *Provider {
	c := config{baseURL: OpenAIBaseURL, maxRetries: DefaultMaxRetries, schema: true}
	for _, o := range opts {
		o(&c)
	}
	ropts := []option.RequestOption{
		option.WithBaseURL(c.baseURL),
		option.WithMaxRetries(c.maxRetries),
		option.WithMiddleware(bodylimit.Middleware(c.maxResponseBytes, "openai.WithMaxResponseBytes")),
	}
	if c.apiKey != "" {
		ropts = append(ropts, option.WithAPIKey(c.apiKey))
	}
	if c.httpClient != nil {
		ropts = append(ropts, option.WithHTTPClient(c.httpClient))
	}
	if c.timeout > 0 {
		ropts = append(ropts, option.WithRequestTimeout(c.timeout))
	}
	return &Provider{
		svc:             sdk.NewChatCompletionService(ropts...),
		model:           c.model,
		apiKey:          c.apiKey,
		maxTokens:       c.maxTokens,
		schema:          c.schema,
		legacyMaxTokens: c.legacyMaxTokens,
	}
}

// NewOllama returns a Provider for a local Ollama server at OllamaBaseURL
// with no API key, sending "max_tokens". Structured output is on: Ollama
// (0.5 and later) turns response_format json_schema into a grammar; pass
// WithSchemaSupport(false) for older servers. Later options override these.
func NewOllama(model string, opts ...Option) *Provider {
	base := []Option{WithBaseURL(OllamaBaseURL), WithModel(model), WithLegacyMaxTokens(true)}
	return New(append(base, opts...)...)
}

// The Provider tells an LLM reviewer whether to spell the schema out.
var _ agent.SchemaSupporter = (*Provider)(nil)

// SupportsSchema reports whether Complete sends Request.Schema to the
// model as a strict response_format.
func (p *Provider) SupportsSchema() bool { return p.schema }

// Complete sends req as one chat completion. Request.System becomes a
// system message; each Message becomes one message with its parts joined
// (CacheBreak is ignored: OpenAI caches shared prefixes by itself).
//
// Finish reason "length" sets Response.Truncated. An answer without text
// is an error wrapping agent.ErrEmptyReply, and also agent.ErrTruncated
// when the token limit ended it (a reasoning model can spend the whole
// limit thinking); its Response still carries the model and usage. Error
// answers match the agent error classes (see agent.StatusClass).
func (p *Provider) Complete(ctx context.Context, req agent.Request) (agent.Response, error) {
	model := cmp.Or(req.Model, p.model)
	if model == "" {
		return agent.Response{}, fmt.Errorf("openai: %w: set Request.Model or WithModel", agent.ErrNoModel)
	}
	failed := agent.Response{Model: model}
	params, err := p.params(model, req)
	if err != nil {
		return failed, err
	}
	cc, err := p.svc.New(ctx, params)
	if err != nil {
		return failed, p.wrap(model, err)
	}
	if cc == nil || len(cc.Choices) == 0 {
		if cc != nil {
			failed.Model, failed.Usage = cmp.Or(cc.Model, model), usage(cc.Usage)
		}
		return failed, fmt.Errorf("openai: model %q: %w: no choices in the answer", model, agent.ErrEmptyReply)
	}
	ch := cc.Choices[0]
	resp := agent.Response{
		Text:       ch.Message.Content,
		Model:      cmp.Or(cc.Model, model),
		StopReason: ch.FinishReason,
		Truncated:  ch.FinishReason == "length",
		Usage:      usage(cc.Usage),
	}
	if resp.Text == "" {
		switch {
		case ch.Message.Refusal != "":
			return resp, fmt.Errorf("openai: model %q: %w: the model refused: %s", model, agent.ErrEmptyReply, ch.Message.Refusal)
		case resp.Truncated:
			return resp, fmt.Errorf("openai: model %q: %w: %w (finish reason %q)", model, agent.ErrEmptyReply, agent.ErrTruncated, ch.FinishReason)
		}
		return resp, fmt.Errorf("openai: model %q: %w (finish reason %q)", model, agent.ErrEmptyReply, ch.FinishReason)
	}
	return resp, nil
}

func (p *Provider) params(model string, req agent.Request) (sdk.ChatCompletionNewParams, error) {
	msgs := make([]sdk.ChatCompletionMessageParamUnion, 0, len(req.Messages)+1)
	if req.System != "" {
		msgs = append(msgs, sdk.SystemMessage(req.System))
	}
	for i, m := range req.Messages {
		switch m.Role {
		case agent.User:
			msgs = append(msgs, sdk.UserMessage(m.Text()))
		case agent.Assistant:
			msgs = append(msgs, sdk.AssistantMessage(m.Text()))
		default:
			return sdk.ChatCompletionNewParams{}, fmt.Errorf("openai: message %d: unknown role %q", i, m.Role)
		}
	}
	params := sdk.ChatCompletionNewParams{Model: model, Messages: msgs}
	if n := cmp.Or(max(req.MaxTokens, 0), p.maxTokens); n > 0 {
		if p.legacyMaxTokens {
			params.MaxTokens = sdk.Int(int64(n))
		} else {
			params.MaxCompletionTokens = sdk.Int(int64(n))
		}
	}
	if req.Temperature != nil {
		params.Temperature = sdk.Float(*req.Temperature)
	}
	if len(req.Schema) > 0 && p.schema {
		var schema map[string]any
		if err := json.Unmarshal(req.Schema, &schema); err != nil {
			return params, fmt.Errorf("openai: Request.Schema is not a JSON object: %w", err)
		}
		strict, err := orderedStrictSchema(req.Schema, schema)
		if err != nil {
			return params, fmt.Errorf("openai: Request.Schema: %w", err)
		}
		params.ResponseFormat = sdk.ChatCompletionNewParamsResponseFormatUnion{
			OfJSONSchema: &shared.ResponseFormatJSONSchemaParam{
				JSONSchema: shared.ResponseFormatJSONSchemaJSONSchemaParam{
					Name:   schemaName(req.SchemaName),
					Strict: sdk.Bool(true),
					Schema: strict,
				},
			},
		}
	}
	return params, nil
}

// usage maps the API's counts: cached and cache-written prompt tokens are
// counted apart from the rest of the prompt (agent.Usage's convention).
// A negative count, which some servers send, is taken as 0.
func usage(u sdk.CompletionUsage) agent.Usage {
	read := max(u.PromptTokensDetails.CachedTokens, 0)
	write := max(u.PromptTokensDetails.CacheWriteTokens, 0)
	return agent.Usage{
		InputTokens:      max(u.PromptTokens-read-write, 0),
		OutputTokens:     max(u.CompletionTokens, 0),
		CacheReadTokens:  read,
		CacheWriteTokens: write,
		Calls:            1,
	}
}

// schemaName makes name acceptable to the API: [A-Za-z0-9_-]{1,64}.
func schemaName(name string) string {
	b := []byte(name)
	for i, c := range b {
		ok := c == '_' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !ok {
			b[i] = '_'
		}
	}
	if len(b) > 64 {
		b = b[:64]
	}
	if len(b) == 0 {
		return "response"
	}
	return string(b)
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
	// Message is the server's explanation, if any. It may be empty.
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

// wrap turns an SDK error into an *APIError or a wrapped transport error.
// The API key never appears in the result.
func (p *Provider) wrap(model string, err error) error {
	var apiErr *sdk.Error
	if errors.As(err, &apiErr) {
		return &APIError{
			StatusCode: apiErr.StatusCode,
			Model:      model,
			Type:       p.redact(apiErr.Type),
			Code:       p.redact(apiErr.Code),
			Message:    p.redact(apiErr.Message),
		}
	}
	return &redactedError{msg: p.redact(fmt.Sprintf("openai: model %q: %v", model, err)), err: err}
}

// redactedError is a transport error whose message has the key cut out;
// it unwraps to the original, so errors.Is(err, context.Canceled) works,
// and matches its agent error class (agent.TransportClass).
type redactedError struct {
	msg string
	err error
}

func (e *redactedError) Error() string { return e.msg }
func (e *redactedError) Unwrap() error { return e.err }
func (e *redactedError) Is(target error) bool {
	return target != nil && target == agent.TransportClass(e.err)
}

func (p *Provider) redact(s string) string {
	if p.apiKey == "" {
		return s
	}
	return strings.ReplaceAll(s, p.apiKey, "[redacted]")
}
