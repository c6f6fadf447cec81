package agent

import (
	"context"
	"errors"
)

// Errors every provider wraps, so that callers can check them the same way
// whichever provider answered. The error classes (see classes.go) are
// checked the same way.
var (
	// ErrEmptyReply reports a model answer that carries no text: no
	// choice, an empty message, a refusal, or a command that printed
	// nothing.
	ErrEmptyReply = errors.New("empty reply")
	// ErrNoModel reports a request that names no model when the provider
	// has no default model either.
	ErrNoModel = errors.New("no model named")
)

// Provider is one model: it answers one Request with one Response.
//
// Implementations must be safe for concurrent use; a council calls one
// Provider from many goroutines at once. They must honour ctx: when it is
// done, Complete returns promptly with an error wrapping ctx.Err().
// Retries of transient failures (429, 5xx) are the Provider's own business;
// callers do not retry on top.
//
// When Complete returns an error, the Response's Usage and Model still
// report what the failed call spent and which model it went to, as far as
// the provider knows (an empty reply, for one, has usage); its other
// fields are not meaningful. Errors should match the provider-independent
// classes with errors.Is where they apply: ErrRateLimited,
// ErrUnauthorized, ErrUnavailable, ErrTimedOut, ErrTruncated and
// ErrResponseTooLarge.
type Provider interface {
	Complete(ctx context.Context, req Request) (Response, error)
}

// ProviderFunc adapts a function to the Provider interface.
type ProviderFunc func(ctx context.Context, req Request) (Response, error)

// Complete calls f(ctx, req).
func (f ProviderFunc) Complete(ctx context.Context, req Request) (Response, error) {
	return f(ctx, req)
}

// Role says who wrote a Message.
type Role string

// The roles of a conversation. System text goes in Request.System, not in a
// Message.
const (
	User      Role = "user"
	Assistant Role = "assistant"
)

// Part is one piece of a message's text. Splitting a message into parts lets
// a provider with explicit prompt caching mark where the shared, cacheable
// prefix ends.
type Part struct {
	// Text is the content of the part.
	Text string

	// CacheBreak marks the end of a prefix that is byte-identical across
	// many requests (the document and standards every reviewer shares).
	// Providers with explicit caching put a cache break point after this
	// part; others ignore it.
	CacheBreak bool
}

// Message is one turn of a conversation.
type Message struct {
	Role  Role
	Parts []Part
}

// Text returns the message's parts joined in order.
func (m Message) Text() string {
	if len(m.Parts) == 1 {
		return m.Parts[0].Text
	}
	n := 0
	for _, p := range m.Parts {
		n += len(p.Text)
	}
	b := make([]byte, 0, n)
	for _, p := range m.Parts {
		b = append(b, p.Text...)
	}
	return string(b)
}

// UserText returns a user message holding one part of text.
func UserText(text string) Message {
	return Message{Role: User, Parts: []Part{{Text: text}}}
}

// AssistantText returns an assistant message holding one part of text.
func AssistantText(text string) Message {
	return Message{Role: Assistant, Parts: []Part{{Text: text}}}
}

// Request is one model call. It is a plain struct: every setting a provider
// honours is a field here, never a hidden option.
type Request struct {
	// Model names the model. Empty means the provider's default.
	Model string

	// System is the system prompt.
	System string

	// Messages is the conversation so far; the last one is the user's.
	Messages []Message

	// Schema, when set, is a JSON Schema (as JSON) the reply must match.
	// Providers that support structured output send it to the model;
	// others leave it to the prompt. Callers validate the reply anyway.
	Schema []byte

	// SchemaName names Schema for APIs that want a name. Example:
	// "council_report".
	SchemaName string

	// MaxTokens caps the reply's length in tokens; 0 means the provider's
	// default.
	MaxTokens int

	// Temperature is the sampling temperature; nil means the provider's
	// default.
	Temperature *float64
}

// Response is a model's answer to one Request.
type Response struct {
	// Text is the reply's text.
	Text string

	// Model is the model that answered, as the API reported it.
	Model string

	// StopReason is why the model stopped, in the API's own words.
	// Example: "end_turn", "stop", "length".
	StopReason string

	// Truncated reports that the output token limit cut the answer off
	// (OpenAI's finish reason "length", Anthropic's stop reason
	// "max_tokens"). Callers also read those stop reasons as truncation
	// when a provider leaves Truncated false.
	Truncated bool

	// Usage counts the tokens of this call.
	Usage Usage
}

// Usage counts the tokens of one or more model calls. Every count is zero
// or more.
//
// For provider authors: fill in the token counts your API reports, each
// clamped at 0 (servers have been seen to send negative counts).
// InputTokens counts prompt tokens that were neither read from nor
// written to a cache; CacheReadTokens and CacheWriteTokens count the
// rest, so the whole prompt is the sum of the three. Leave a count 0 when
// the API does not report it (a command line tool, say). Calls may be
// left 0: the library counts every Complete it makes as one call (see
// Ask), so a provider need only set it when one Complete made several
// billed calls.
type Usage struct {
	// InputTokens counts the prompt tokens not read from or written to a
	// cache.
	InputTokens int64 `json:"input_tokens"`
	// OutputTokens counts the answer's tokens, reasoning included.
	OutputTokens int64 `json:"output_tokens"`
	// CacheReadTokens counts the prompt tokens read from a cache.
	CacheReadTokens int64 `json:"cache_read_tokens,omitempty"`
	// CacheWriteTokens counts the prompt tokens written to a cache.
	CacheWriteTokens int64 `json:"cache_write_tokens,omitempty"`
	// Calls counts the model calls, failed and repair calls included.
	Calls int `json:"calls"`
}

// callUsage is the usage of one Complete as the library counts it: every
// count clamped at 0 and at least one call.
func callUsage(u Usage) Usage {
	return Usage{
		InputTokens:      max(u.InputTokens, 0),
		OutputTokens:     max(u.OutputTokens, 0),
		CacheReadTokens:  max(u.CacheReadTokens, 0),
		CacheWriteTokens: max(u.CacheWriteTokens, 0),
		Calls:            max(u.Calls, 1),
	}
}

// Add returns the sum of u and v.
func (u Usage) Add(v Usage) Usage {
	return Usage{
		InputTokens:      u.InputTokens + v.InputTokens,
		OutputTokens:     u.OutputTokens + v.OutputTokens,
		CacheReadTokens:  u.CacheReadTokens + v.CacheReadTokens,
		CacheWriteTokens: u.CacheWriteTokens + v.CacheWriteTokens,
		Calls:            u.Calls + v.Calls,
	}
}

// Total returns every token counted: input, output and cache tokens.
func (u Usage) Total() int64 {
	return u.InputTokens + u.OutputTokens + u.CacheReadTokens + u.CacheWriteTokens
}
