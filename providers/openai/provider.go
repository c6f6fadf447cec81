package openai

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/internal/httpjson"
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

// DefaultMaxRetries is how often a call is retried after a 408, 409, 429
// or 5xx answer or a connection error unless WithMaxRetries says
// otherwise.
const DefaultMaxRetries = 2

// Provider is an agent.Provider for the Chat Completions API of OpenAI and
// of every server that imitates it. It is safe for concurrent use.
type Provider struct {
	client          httpjson.Client
	url             string      // of the chat completions endpoint
	header          http.Header // Authorization, if there is a key; read only
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
// "http://gpu-box:8000/v1": the URL the API's paths follow, with its /v1
// (a final slash is ignored). Calls go to its /chat/completions. The
// default is OpenAIBaseURL.
func WithBaseURL(url string) Option { return func(c *config) { c.baseURL = url } }

// WithModel sets the model used when a Request names none.
// Example: "gpt-4.1-mini".
func WithModel(model string) Option { return func(c *config) { c.model = model } }

// WithMaxRetries sets how often a call is retried after a 408, 409, 429
// or 5xx answer or a connection error (default DefaultMaxRetries); 0
// disables retries. A retry waits what the answer's Retry-After-Ms or
// Retry-After asks (up to two minutes; a longer wait is not made), else
// 0.5 s doubling up to 8 s with jitter, and never past the context's
// deadline: the last answer's error is returned instead.
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

// WithRequestTimeout bounds each attempt, reading the answer included;
// an attempt that runs out is retried like a connection error, and each
// retry gets its own bound. The context passed to Complete bounds the
// whole call. The default is no bound but the context's.
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
	header := http.Header{}
	if c.apiKey != "" {
		header.Set("Authorization", "Bearer "+c.apiKey)
	}
	return &Provider{
		client: httpjson.Client{
			HTTP:       c.httpClient,
			MaxRetries: c.maxRetries,
			Timeout:    c.timeout,
			MaxBytes:   c.maxResponseBytes,
			Option:     "openai.WithMaxResponseBytes",
		},
		url:             strings.TrimRight(cmp.Or(c.baseURL, OpenAIBaseURL), "/") + "/chat/completions",
		header:          header,
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
	body, err := p.body(model, req)
	if err != nil {
		return failed, err
	}
	ans, err := p.client.Post(ctx, p.url, p.header, body)
	if err != nil {
		return failed, httpjson.TransportError(p.redact(fmt.Sprintf("openai: model %q: %v", model, err)), err)
	}
	if ans.Status >= 300 {
		return failed, p.apiError(model, ans)
	}
	var cc chatCompletion
	if err := json.Unmarshal(ans.Body, &cc); err != nil {
		return failed, fmt.Errorf("openai: model %q: the answer is not a chat completion: %w", model, err)
	}
	if len(cc.Choices) == 0 {
		failed.Model, failed.Usage = cmp.Or(cc.Model, model), usage(cc.Usage)
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
