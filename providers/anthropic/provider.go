package anthropic

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

// DefaultMaxTokens caps a reply when the Request sets no MaxTokens; the
// Messages API requires a cap.
const DefaultMaxTokens = 8192

// DefaultMaxRetries is how often a call is retried after a 408, 409, 429
// or 5xx answer (529 "overloaded" included) or a connection error unless
// WithMaxRetries says otherwise.
const DefaultMaxRetries = 2

// DefaultSystemCacheMin is the length in bytes from which the system
// prompt gets a cache break point of its own (about 1024 tokens, the
// smallest prefix the API caches for most models).
const DefaultSystemCacheMin = 4096

// maxBreakPoints is the API's limit of cache_control marks per request.
const maxBreakPoints = 4

// defaultBaseURL is the API's server.
const defaultBaseURL = "https://api.anthropic.com"

// apiVersion is the anthropic-version header: the API version whose
// request and answer shapes (output_config among them) the Provider
// speaks.
const apiVersion = "2026-10-21"

// Provider is an agent.Provider for Anthropic's Messages API. It is safe
// for concurrent use.
type Provider struct {
	client         httpjson.Client
	url            string      // of the messages endpoint
	header         http.Header // version and key; read only
	timeout        time.Duration
	model          string
	apiKey         string
	maxTokens      int
	systemCacheMin int
	schema         bool
}

type config struct {
	baseURL          string
	apiKey           string
	model            string
	maxRetries       int
	maxTokens        int
	maxResponseBytes int64
	systemCacheMin   int
	schema           bool
	httpClient       *http.Client
	timeout          time.Duration
}

// Option configures a Provider.
type Option func(*config)

// WithAPIKey sets the API key, sent as a bearer token with every request.
// The Provider never reads the environment or profile files itself.
func WithAPIKey(key string) Option { return func(c *config) { c.apiKey = key } }

// WithBaseURL sets the server, with or without the API's /v1: both
// "https://api.anthropic.com" (the default) and
// "https://api.anthropic.com/v1" send calls to
// https://api.anthropic.com/v1/messages. A final slash is ignored.
func WithBaseURL(url string) Option { return func(c *config) { c.baseURL = url } }

// WithModel sets the model used when a Request names none.
// Example: "claude-sonnet-4-5".
func WithModel(model string) Option { return func(c *config) { c.model = model } }

// WithMaxRetries sets how often a call is retried after a 408, 409, 429
// or 5xx answer or a connection error (default DefaultMaxRetries); 0
// disables retries. A retry waits what the answer's Retry-After-Ms or
// Retry-After asks (up to two minutes; a longer wait is not made), else
// 0.5 s doubling up to 8 s with jitter, and never past the context's
// deadline: the last answer's error is returned instead.
func WithMaxRetries(n int) Option { return func(c *config) { c.maxRetries = max(n, 0) } }

// WithMaxTokens sets the reply cap used when a Request sets no MaxTokens
// (default DefaultMaxTokens; 0 means the default). A larger cap also
// lengthens the default bound of an attempt (see WithRequestTimeout).
func WithMaxTokens(n int) Option { return func(c *config) { c.maxTokens = n } }

// WithMaxResponseBytes bounds the body read for one answer, error answers
// included (default agent.DefaultMaxResponseBytes; 0 or less means the
// default). A longer body fails the call with an error wrapping
// agent.ErrResponseTooLarge, without reading the rest and without a retry.
func WithMaxResponseBytes(n int64) Option { return func(c *config) { c.maxResponseBytes = n } }

// WithSystemCacheMin sets the length in bytes from which the system prompt
// gets a cache break point (default DefaultSystemCacheMin); 0 never marks it.
func WithSystemCacheMin(n int) Option { return func(c *config) { c.systemCacheMin = max(n, 0) } }

// WithSchemaSupport says whether the model supports structured outputs
// (the default, true). With false, a Request's Schema is not sent as
// output_config.format and SupportsSchema reports false, so callers put
// the schema in the prompt; use it for models without structured outputs.
func WithSchemaSupport(ok bool) Option { return func(c *config) { c.schema = ok } }

// WithHTTPClient sets the HTTP client; the default is http.DefaultClient.
func WithHTTPClient(hc *http.Client) Option { return func(c *config) { c.httpClient = hc } }

// WithRequestTimeout bounds each attempt, reading the answer included;
// an attempt that runs out is retried like a connection error, and each
// retry gets its own bound. The context passed to Complete bounds the
// whole call. Without it an attempt is bounded by the time an answer of
// the request's token cap may take unstreamed: 10 minutes, more for caps
// above 21333 tokens (an hour at 128000).
func WithRequestTimeout(d time.Duration) Option { return func(c *config) { c.timeout = d } }

// New returns a Provider for the Messages API. Nothing is read from the
// environment or from profile files.
func New(opts ...Option) *Provider {
	c := config{baseURL: defaultBaseURL, maxRetries: DefaultMaxRetries, maxTokens: DefaultMaxTokens, systemCacheMin: DefaultSystemCacheMin, schema: true}
	for _, o := range opts {
		o(&c)
	}
	header := http.Header{"Anthropic-Version": {apiVersion}}
	if c.apiKey != "" {
		header.Set("Authorization", "Bearer "+c.apiKey)
	}
	return &Provider{
		client: httpjson.Client{
			HTTP:       c.httpClient,
			MaxRetries: c.maxRetries,
			MaxBytes:   c.maxResponseBytes,
			Option:     "anthropic.WithMaxResponseBytes",
		},
		url:            messagesURL(cmp.Or(c.baseURL, defaultBaseURL)),
		header:         header,
		timeout:        max(c.timeout, 0),
		model:          c.model,
		apiKey:         c.apiKey,
		maxTokens:      cmp.Or(c.maxTokens, DefaultMaxTokens),
		systemCacheMin: c.systemCacheMin,
		schema:         c.schema,
	}
}

// messagesURL is the messages endpoint of base, with or without its /v1.
func messagesURL(base string) string {
	base = strings.TrimRight(base, "/")
	if !strings.HasSuffix(base, "/v1") {
		base += "/v1"
	}
	return base + "/messages"
}

// attemptTimeout is the bound of one attempt for a reply of up to
// maxTokens: WithRequestTimeout's, else the time such a reply may take
// unstreamed (an hour for 128000 tokens), at least 10 minutes and at
// most an hour.
func (p *Provider) attemptTimeout(maxTokens int) time.Duration {
	if p.timeout > 0 {
		return p.timeout
	}
	expected := time.Duration(float64(time.Hour) * float64(maxTokens) / 128000)
	return min(max(expected, 10*time.Minute), time.Hour)
}

// The Provider tells an LLM reviewer whether to spell the schema out.
var _ agent.SchemaSupporter = (*Provider)(nil)

// SupportsSchema reports whether a Request's Schema is sent as the API's
// JSON output format (output_config.format): true unless
// WithSchemaSupport(false).
func (p *Provider) SupportsSchema() bool { return p.schema }

// Complete sends req as one Messages call.
//
// Each Part becomes one text block; a Part with CacheBreak gets a
// cache_control ephemeral break point, and so does a System prompt of at
// least the WithSystemCacheMin length. An empty Part is left out (the API
// rejects empty blocks); its break point moves to the block before it. The
// API allows four break points: when there are more, the last four are
// kept (each covers everything before it). Unless WithSchemaSupport(false),
// a Schema is adjusted as the official SDK adjusts it (objects closed,
// unsupported keywords restated in descriptions) and sent as
// output_config.format, its keys in the order the Schema lists them.
//
// Stop reason "max_tokens" or "model_context_window_exceeded" sets
// Response.Truncated. An answer without text is an error wrapping
// agent.ErrEmptyReply, and also agent.ErrTruncated when the token limit
// ended it; its Response still carries the model and usage. Error answers
// match the agent error classes (see agent.StatusClass).
func (p *Provider) Complete(ctx context.Context, req agent.Request) (agent.Response, error) {
	model := cmp.Or(req.Model, p.model)
	if model == "" {
		return agent.Response{}, fmt.Errorf("anthropic: %w: set Request.Model or WithModel", agent.ErrNoModel)
	}
	failed := agent.Response{Model: model}
	mr, err := p.request(model, req)
	if err != nil {
		return failed, err
	}
	body, err := json.Marshal(mr)
	if err != nil {
		return failed, fmt.Errorf("anthropic: encoding the request: %w", err)
	}
	client := p.client
	client.Timeout = p.attemptTimeout(mr.MaxTokens)
	ans, err := client.Post(ctx, p.url, p.header, body)
	if err != nil {
		return failed, httpjson.TransportError(p.redact(fmt.Sprintf("anthropic: model %q: %v", model, err)), err)
	}
	if ans.Status >= 300 {
		return failed, p.apiError(model, ans)
	}
	var msg message
	if err := json.Unmarshal(ans.Body, &msg); err != nil {
		return failed, fmt.Errorf("anthropic: model %q: the answer is not a message: %w", model, err)
	}
	var text strings.Builder
	for _, b := range msg.Content {
		if b.Type == "text" {
			text.WriteString(b.Text)
		}
	}
	stop := msg.StopReason
	resp := agent.Response{
		Text:       text.String(),
		Model:      cmp.Or(msg.Model, model),
		StopReason: stop,
		Truncated:  stop == "max_tokens" || stop == "model_context_window_exceeded",
		// A negative count, which some servers send, is taken as 0.
		Usage: agent.Usage{
			InputTokens:      max(int64(msg.Usage.InputTokens), 0),
			OutputTokens:     max(int64(msg.Usage.OutputTokens), 0),
			CacheReadTokens:  max(int64(msg.Usage.CacheReadInputTokens), 0),
			CacheWriteTokens: max(int64(msg.Usage.CacheCreationInputTokens), 0),
			Calls:            1,
		},
	}
	if resp.Text == "" {
		if resp.Truncated {
			return resp, fmt.Errorf("anthropic: model %q: %w: %w (stop reason %q)", model, agent.ErrEmptyReply, agent.ErrTruncated, stop)
		}
		return resp, fmt.Errorf("anthropic: model %q: %w (stop reason %q)", model, agent.ErrEmptyReply, stop)
	}
	return resp, nil
}

func (p *Provider) redact(s string) string { return httpjson.Redact(s, p.apiKey) }
