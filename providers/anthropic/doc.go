// Package anthropic is a kaigi agent.Provider for Anthropic's Messages API.
// It speaks the API's JSON over net/http itself (API version 2026-10-21,
// the key as a bearer token), without the official SDK, whose module graph
// brings the AWS, Azure and Google Cloud SDKs along for its other
// platforms.
//
// Structured output uses the API's JSON output format: a Request's Schema
// goes out as output_config.format after the adjustment the official SDK
// makes (objects closed, unsupported keywords restated in descriptions; see
// Provider.Complete), its keys in the order the Schema lists them; callers
// validate the reply anyway. For a model without structured outputs,
// WithSchemaSupport(false) leaves the format out. Prompt caching is
// explicit: a Part with CacheBreak gets a cache_control ephemeral break
// point, and so does a long System prompt. Usage maps
// cache_creation_input_tokens to CacheWriteTokens and
// cache_read_input_tokens to CacheReadTokens; InputTokens is the rest of
// the prompt, as the API counts it (negative counts are taken as 0). Stop
// reason "max_tokens" sets Response.Truncated. A call is retried after a
// 408, 409, 429 or 5xx answer or a connection error, honouring Retry-After,
// with backoff and jitter, never past the context's deadline;
// WithMaxRetries sets how often, WithRequestTimeout bounds each attempt. A
// response body is read up to WithMaxResponseBytes
// (agent.DefaultMaxResponseBytes); a longer one fails with
// agent.ErrResponseTooLarge and is not fetched again. Errors match the
// agent error classes (agent.ErrRateLimited, ErrUnauthorized,
// ErrUnavailable for 5xx and 529 "overloaded", ErrTimedOut) with errors.Is.
// The Provider never reads the environment, and its errors never contain
// the API key.
//
// The smallest use:
//
//	p := anthropic.New(anthropic.WithAPIKey(os.Getenv("ANTHROPIC_API_KEY")), anthropic.WithModel("claude-sonnet-4-5"))
//	resp, err := p.Complete(ctx, agent.Request{Messages: []agent.Message{agent.UserText("Hello")}})
package anthropic
