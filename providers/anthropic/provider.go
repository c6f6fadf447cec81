package anthropic

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	neturl "net/url"
	"strconv"
	"strings"
	"time"

	sdk "github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"
	"github.com/anthropics/anthropic-sdk-go/v2/packages/param"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/internal/bodylimit"
	"github.com/kaigi-dev/kaigi/providers/internal/jsonorder"
)

// DefaultMaxTokens caps a reply when the Request sets no MaxTokens; the
// Messages API requires a cap.
const DefaultMaxTokens = 8192

// DefaultMaxRetries is how often the SDK retries a 408, 409, 429 or 5xx
// answer (honouring Retry-After) unless WithMaxRetries says otherwise.
const DefaultMaxRetries = 2

// DefaultSystemCacheMin is the length in bytes from which the system
// prompt gets a cache break point of its own (about 1024 tokens, the
// smallest prefix the API caches for most models).
const DefaultSystemCacheMin = 4096

// maxBreakPoints is the API's limit of cache_control marks per request.
const maxBreakPoints = 4

// Provider is an agent.Provider for Anthropic's Messages API. It is safe
// for concurrent use.
type Provider struct {
	svc            sdk.MessageService
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

// WithAPIKey sets the API key the SDK sends with every request. The
// Provider never reads the environment or SDK profile files itself.
func WithAPIKey(key string) Option { return func(c *config) { c.apiKey = key } }

// WithBaseURL sets the server, as its root ("https://api.anthropic.com",
// "http://proxy:8080/anthropic") or with the API version
// ("https://api.anthropic.com/v1"): a final "/v1" is dropped, since the
// requests go to v1/messages under the root. The default is the SDK's
// production URL.
func WithBaseURL(url string) Option { return func(c *config) { c.baseURL = url } }

// serverRoot is base without a final "/v1" (or "/v1/"), ending in "/".
func serverRoot(base string) string {
	u, err := neturl.Parse(base)
	if err != nil {
		return base
	}
	p := strings.TrimSuffix(strings.TrimRight(u.Path, "/"), "/v1")
	u.Path, u.RawPath = p+"/", ""
	return u.String()
}

// WithModel sets the model used when a Request names none.
// Example: "claude-sonnet-4-5".
func WithModel(model string) Option { return func(c *config) { c.model = model } }

// WithMaxRetries sets how often the SDK retries a 408, 409, 429 or 5xx
// answer or a connection error; 0 disables retries.
func WithMaxRetries(n int) Option { return func(c *config) { c.maxRetries = max(n, 0) } }

// WithMaxTokens sets the reply cap used when a Request sets no MaxTokens
// (default DefaultMaxTokens). Without WithRequestTimeout, the SDK refuses
// caps above about 21000 tokens for non-streaming calls.
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

// WithHTTPClient sets the HTTP client.
func WithHTTPClient(hc *http.Client) Option { return func(c *config) { c.httpClient = hc } }

// WithRequestTimeout bounds each attempt (retries get their own); the
// context passed to Complete bounds the whole call.
func WithRequestTimeout(d time.Duration) Option { return func(c *config) { c.timeout = d } }

// New returns a Provider for the Messages API. Nothing is read from the
// environment or from SDK profile files.
func New(opts ...Option) *Provider {
	c := config{maxRetries: DefaultMaxRetries, maxTokens: DefaultMaxTokens, systemCacheMin: DefaultSystemCacheMin, schema: true}
	for _, o := range opts {
		o(&c)
	}
	ropts := []option.RequestOption{
		option.WithoutEnvironmentDefaults(),
		option.WithMaxRetries(c.maxRetries),
		option.WithMiddleware(bodylimit.Middleware(c.maxResponseBytes, "anthropic.WithMaxResponseBytes")),
	}
	if c.baseURL != "" {
		ropts = append(ropts, option.WithBaseURL(serverRoot(c.baseURL)))
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
	client := sdk.NewClient(ropts...)
	return &Provider{
		svc:            client.Messages,
		model:          c.model,
		apiKey:         c.apiKey,
		maxTokens:      cmp.Or(c.maxTokens, DefaultMaxTokens),
		systemCacheMin: c.systemCacheMin,
		schema:         c.schema,
	}
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
// a Schema is adjusted by the SDK's transformation (objects closed,
// unsupported keywords moved into descriptions) and sent as
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
	params, err := p.params(model, req)
	if err != nil {
		return failed, err
	}
	var ropts []option.RequestOption
	if req.Temperature != nil {
		ropts = append(ropts, option.WithJSONSet("temperature", *req.Temperature))
	}
	msg, err := p.svc.New(ctx, params, ropts...)
	if err != nil {
		return failed, p.wrap(model, err)
	}
	if msg == nil {
		return failed, fmt.Errorf("anthropic: model %q: %w: no message in the answer", model, agent.ErrEmptyReply)
	}
	var text strings.Builder
	for _, b := range msg.Content {
		if b.Type == "text" {
			text.WriteString(b.Text)
		}
	}
	stop := string(msg.StopReason)
	resp := agent.Response{
		Text:       text.String(),
		Model:      cmp.Or(string(msg.Model), model),
		StopReason: stop,
		Truncated:  stop == "max_tokens" || stop == "model_context_window_exceeded",
		// A negative count, which some servers send, is taken as 0.
		Usage: agent.Usage{
			InputTokens:      max(msg.Usage.InputTokens, 0),
			OutputTokens:     max(msg.Usage.OutputTokens, 0),
			CacheReadTokens:  max(msg.Usage.CacheReadInputTokens, 0),
			CacheWriteTokens: max(msg.Usage.CacheCreationInputTokens, 0),
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

func (p *Provider) params(model string, req agent.Request) (sdk.MessageNewParams, error) {
	params := sdk.MessageNewParams{
		Model:     sdk.Model(model),
		MaxTokens: int64(cmp.Or(req.MaxTokens, p.maxTokens)),
		Messages:  make([]sdk.MessageParam, 0, len(req.Messages)),
	}
	var marks []*sdk.CacheControlEphemeralParam
	mark := func(cc *sdk.CacheControlEphemeralParam) {
		if cc != nil && (len(marks) == 0 || marks[len(marks)-1] != cc) {
			marks = append(marks, cc)
		}
	}
	var last *sdk.CacheControlEphemeralParam // the latest block's, for an empty Part's mark
	if req.System != "" {
		params.System = []sdk.TextBlockParam{{Text: req.System}}
		last = &params.System[0].CacheControl
		if p.systemCacheMin > 0 && len(req.System) >= p.systemCacheMin {
			mark(last)
		}
	}
	for i, m := range req.Messages {
		blocks := make([]sdk.ContentBlockParamUnion, 0, len(m.Parts))
		for _, part := range m.Parts {
			if part.Text == "" {
				// The API rejects empty text blocks; the break point
				// (the prefix up to here) goes to the block before.
				if part.CacheBreak {
					mark(last)
				}
				continue
			}
			b := sdk.NewTextBlock(part.Text)
			last = &b.OfText.CacheControl
			if part.CacheBreak {
				mark(last)
			}
			blocks = append(blocks, b)
		}
		if len(blocks) == 0 {
			return params, fmt.Errorf("anthropic: message %d: no text", i)
		}
		switch m.Role {
		case agent.User:
			params.Messages = append(params.Messages, sdk.NewUserMessage(blocks...))
		case agent.Assistant:
			params.Messages = append(params.Messages, sdk.NewAssistantMessage(blocks...))
		default:
			return params, fmt.Errorf("anthropic: message %d: unknown role %q", i, m.Role)
		}
	}
	for _, cc := range marks[max(len(marks)-maxBreakPoints, 0):] {
		*cc = sdk.NewCacheControlEphemeralParam()
	}
	if len(req.Schema) > 0 && p.schema {
		var schema map[string]any
		if err := json.Unmarshal(req.Schema, &schema); err != nil {
			return params, fmt.Errorf("anthropic: Request.Schema is not a JSON object: %w", err)
		}
		delete(schema, "$schema") // meta-data the transformation would
		delete(schema, "$id")     // otherwise restate in the description
		if adjusted, ok := sdk.BetaJSONSchemaOutputFormat(schema).Schema.(map[string]any); ok {
			schema = adjusted
		}
		format, err := orderedFormat(req.Schema, schema)
		if err != nil {
			return params, fmt.Errorf("anthropic: Request.Schema: %w", err)
		}
		params.OutputConfig.Format = param.Override[sdk.JSONOutputFormatParam](format)
	}
	return params, nil
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
	// Message is the server's explanation, if any. It may be empty.
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

// Error names the model, the HTTP status with its text, the error type
// and the server's message (agent.HTTPStatus: "HTTP 529 Overloaded
// (overloaded_error)").
func (e *APIError) Error() string {
	return fmt.Sprintf("anthropic: model %q: %s", e.Model, agent.HTTPStatus(e.StatusCode, e.Type, e.Message))
}

// wrap turns an SDK error into an *APIError or a wrapped transport error.
// The API key never appears in the result.
func (p *Provider) wrap(model string, err error) error {
	var apiErr *sdk.Error
	if errors.As(err, &apiErr) {
		return &APIError{
			StatusCode: apiErr.StatusCode,
			Model:      model,
			Type:       p.redact(string(apiErr.Type())),
			Message:    p.redact(apiErr.Message),
			RequestID:  apiErr.RequestID,
		}
	}
	return &redactedError{msg: p.redact(fmt.Sprintf("anthropic: model %q: %v", model, err)), err: err}
}

func (p *Provider) redact(s string) string {
	if p.apiKey == "" {
		return s
	}
	return strings.ReplaceAll(s, p.apiKey, "[redacted]")
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
