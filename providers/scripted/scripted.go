package scripted

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
)

// ErrExhausted is returned (wrapped) by Complete when every queued Reply
// has been used.
var ErrExhausted = errors.New("scripted: no reply left")

// DefaultModel is the Response.Model of a Reply that names no model.
const DefaultModel = "scripted"

// Reply is one scripted answer.
type Reply struct {
	// Text is the reply's text, returned as is: malformed JSON is just
	// text.
	Text string

	// Err, when set, is returned by Complete instead of a Response's
	// text: the Response holds only Usage, as scripted (a zero Calls
	// stays zero), so tests can check that a failed call's tokens are
	// counted.
	Err error

	// Delay makes Complete wait this long before answering. When the
	// caller's context ends first, Complete returns an error wrapping
	// ctx.Err().
	Delay time.Duration

	// Usage is the reply's token usage. A zero Usage.Calls is reported as
	// 1, since the reply is one call, except with Err; a negative token
	// count is reported as 0, as real providers do.
	Usage agent.Usage

	// StopReason is returned as Response.StopReason. Example: "end_turn".
	StopReason string

	// Truncated is returned as Response.Truncated: the answer was cut off
	// at the token limit. With an empty Text the call fails with an error
	// wrapping agent.ErrEmptyReply and agent.ErrTruncated, as real
	// providers do.
	Truncated bool

	// Model is returned as Response.Model; empty means DefaultModel.
	Model string
}

// Text returns a Reply holding text.
func Text(text string) Reply { return Reply{Text: text} }

// Error returns a Reply that fails with err.
func Error(err error) Reply { return Reply{Err: err} }

// Status returns a Reply that fails the way an HTTP API answering status
// fails: with a *StatusError that matches the agent error class of the
// status (agent.StatusClass), so a test can script a 429 or a 503 for a
// fallback chain.
func Status(status int, message string) Reply {
	return Reply{Err: &StatusError{Status: status, Message: message}}
}

// StatusError is a scripted failure with an HTTP status.
type StatusError struct {
	// Status is the HTTP status. Example: 429.
	Status int
	// Message is the server's explanation.
	Message string
}

// Error names the status and the message.
// ErrorType returns the status, as a real API error with no error code
// of its own names it for a span's error.type (see agent.ErrorTyper).
// Example: "503".
func (e *StatusError) ErrorType() string { return strconv.Itoa(e.Status) }

func (e *StatusError) Error() string {
	s := fmt.Sprintf("scripted: HTTP %d %s", e.Status, http.StatusText(e.Status))
	if e.Message != "" {
		s += ": " + e.Message
	}
	return s
}

// Is reports whether target is the agent error class of the status.
func (e *StatusError) Is(target error) bool {
	return target != nil && target == agent.StatusClass(e.Status)
}

// Responder decides the reply to one request. call is the 0-based number
// of the request among all the Provider has received. A Responder is
// called from many goroutines at once when the Provider is.
type Responder func(call int, req agent.Request) Reply

// Provider is a scripted agent.Provider. It is safe for concurrent use.
// Create one with New or NewResponder.
type Provider struct {
	// Structured is what SupportsSchema reports: whether a caller may
	// rely on Request.Schema being enforced. Set it before the first call.
	Structured bool

	respond Responder // nil for a queue

	mu       sync.Mutex
	replies  []Reply
	requests []agent.Request
}

// New returns a Provider that answers the n-th call with replies[n] and
// fails every call after the last with an error wrapping ErrExhausted.
func New(replies ...Reply) *Provider {
	return &Provider{replies: slices.Clone(replies)}
}

// NewResponder returns a Provider that asks fn for every reply. A nil fn
// makes every call fail with ErrExhausted.
func NewResponder(fn Responder) *Provider {
	return &Provider{respond: fn}
}

// SupportsSchema reports p.Structured. It implements the optional interface
// callers use to learn whether a provider honours Request.Schema.
func (p *Provider) SupportsSchema() bool { return p.Structured }

// Complete records req and answers with the next Reply; a Reply with Err
// returns that error and a Response holding the Reply's Usage. A Reply
// with an empty Text fails like a real provider's empty answer, with an
// error wrapping agent.ErrEmptyReply (and agent.ErrTruncated when the
// Reply is Truncated) and a Response holding its model and usage. The
// request is recorded and its reply used up even when ctx is already
// done, in which case Complete returns an error wrapping ctx.Err() (and
// agent.ErrTimedOut for a deadline).
func (p *Provider) Complete(ctx context.Context, req agent.Request) (agent.Response, error) {
	call, reply, err := p.next(req)
	if err != nil {
		return agent.Response{}, err
	}
	if err := wait(ctx, reply.Delay); err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return agent.Response{}, fmt.Errorf("scripted: call %d: %w (%w)", call, err, agent.ErrTimedOut)
		}
		return agent.Response{}, fmt.Errorf("scripted: call %d: %w", call, err)
	}
	usage := nonNegative(reply.Usage)
	if reply.Err != nil {
		return agent.Response{Usage: usage}, reply.Err
	}
	if usage.Calls == 0 {
		usage.Calls = 1
	}
	model := reply.Model
	if model == "" {
		model = DefaultModel
	}
	resp := agent.Response{Text: reply.Text, Model: model, StopReason: reply.StopReason, Truncated: reply.Truncated, Usage: usage}
	if reply.Text == "" {
		if reply.Truncated {
			return resp, fmt.Errorf("scripted: call %d: %w: %w", call, agent.ErrEmptyReply, agent.ErrTruncated)
		}
		return resp, fmt.Errorf("scripted: call %d: %w", call, agent.ErrEmptyReply)
	}
	return resp, nil
}

// nonNegative returns u with every negative token count taken as 0.
func nonNegative(u agent.Usage) agent.Usage {
	u.InputTokens, u.OutputTokens = max(u.InputTokens, 0), max(u.OutputTokens, 0)
	u.CacheReadTokens, u.CacheWriteTokens = max(u.CacheReadTokens, 0), max(u.CacheWriteTokens, 0)
	return u
}

// next records req and picks its reply.
func (p *Provider) next(req agent.Request) (int, Reply, error) {
	p.mu.Lock()
	call := len(p.requests)
	p.requests = append(p.requests, cloneRequest(req))
	respond := p.respond
	var reply Reply
	var ok bool
	if respond == nil && call < len(p.replies) {
		reply, ok = p.replies[call], true
	}
	n := len(p.replies)
	p.mu.Unlock()

	switch {
	case respond != nil:
		return call, respond(call, req), nil
	case ok:
		return call, reply, nil
	default:
		return call, Reply{}, fmt.Errorf("%w: call %d, but only %d replies were scripted", ErrExhausted, call+1, n)
	}
}

// wait sleeps for d or until ctx is done, whichever comes first.
func wait(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if d <= 0 {
		return nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Requests returns a copy of every request received so far, in the order
// the calls arrived.
func (p *Provider) Requests() []agent.Request {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make([]agent.Request, len(p.requests))
	for i, r := range p.requests {
		out[i] = cloneRequest(r)
	}
	return out
}

// Calls returns how many requests the provider has received.
func (p *Provider) Calls() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.requests)
}

// Remaining returns how many queued replies are left; it is 0 for a
// Provider made by NewResponder.
func (p *Provider) Remaining() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.respond != nil {
		return 0
	}
	return max(len(p.replies)-len(p.requests), 0)
}

// cloneRequest deep-copies req so that neither the caller nor a reader of
// Requests can change what was recorded.
func cloneRequest(req agent.Request) agent.Request {
	out := req
	out.Schema = slices.Clone(req.Schema)
	if req.Temperature != nil {
		t := *req.Temperature
		out.Temperature = &t
	}
	if req.Messages != nil {
		out.Messages = make([]agent.Message, len(req.Messages))
		for i, m := range req.Messages {
			out.Messages[i] = agent.Message{Role: m.Role, Parts: slices.Clone(m.Parts)}
		}
	}
	return out
}
