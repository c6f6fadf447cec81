// Package anthropic is a kaigi agent.Provider for Anthropic's Messages API,
// built on the official SDK (github.com/anthropics/anthropic-sdk-go/v2).
//
// Structured output uses the API's JSON output format: a Request's Schema
// goes out as output_config.format after the SDK's own adjustment (objects
// closed, unsupported keywords restated in descriptions), its keys in the
// order the Schema lists them; callers validate the reply anyway. For a
// model without structured outputs, WithSchemaSupport(false) leaves the
// format out. Prompt caching is explicit: a Part with CacheBreak gets
// a cache_control ephemeral break point, and so does a long System prompt.
// Usage maps cache_creation_input_tokens to CacheWriteTokens and
// cache_read_input_tokens to CacheReadTokens; InputTokens is the rest of the
// prompt, as the API counts it (negative counts are taken as 0). Stop
// reason "max_tokens" sets Response.Truncated. The SDK retries 408, 409,
// 429 and 5xx answers honouring Retry-After; WithMaxRetries sets how
// often. A response body is read up to WithMaxResponseBytes
// (agent.DefaultMaxResponseBytes); a longer one fails with
// agent.ErrResponseTooLarge and is not fetched again. Errors match the
// agent error classes (agent.ErrRateLimited, ErrUnauthorized,
// ErrUnavailable for 5xx and 529 "overloaded", ErrTimedOut) with
// errors.Is. The Provider never reads the environment, and its errors
// never contain the API key.
//
// The smallest use:
//
//	p := anthropic.New(anthropic.WithAPIKey(os.Getenv("ANTHROPIC_API_KEY")), anthropic.WithModel("claude-sonnet-4-5"))
//	resp, err := p.Complete(ctx, agent.Request{Messages: []agent.Message{agent.UserText("Hello")}})
package anthropic
