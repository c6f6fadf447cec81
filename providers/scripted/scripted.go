package scripted

import (
	"context"
	"errors"
	"fmt"
	"slices"
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
	// text: the Response holds only Usage, exactly as scripted (a zero
	// Calls stays zero), so tests can check that a failed call's tokens
	// are counted. // optional
	Err error

	// Delay makes Complete wait this long before answering. When the
	// caller's context ends first, Complete returns an error wrapping
	// ctx.Err(). // optional
	Delay time.Duration

	// Usage is the reply's token usage. A zero Usage.Calls is reported as
	// 1, since the reply is one call, except with Err. // optional
	Usage agent.Usage

	// StopReason is returned as Response.StopReason. Example: "end_turn".
	// optional
	StopReason string

	// Model is returned as Response.Model; empty means DefaultModel.
	// optional
	Model string
}

// Text returns a Reply holding text.
func Text(text string) Reply { return Reply{Text: text} }

// Error returns a Reply that fails with err.
func Error(err error) Reply { return Reply{Err: err} }

// Responder decides the reply to one request. call is the 0-based number
// of the request among all the Provider has received. A Responder is
// called from many goroutines at once when the Provider is.
type Responder func(call int, req agent.Request) Reply

// Provider is a scripted agent.Provider. It is safe for concurrent use.
// Create one with New or NewResponder.
type Provider struct {
	// Structured is what SupportsSchema reports: whether a caller may
	// rely on Request.Schema being enforced. Set it before the first call.
	// optional
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
// returns that error and a Response holding the Reply's Usage. The
// request is recorded and its reply used up even when ctx is already
// done, in which case Complete returns an error wrapping ctx.Err().
func (p *Provider) Complete(ctx context.Context, req agent.Request) (agent.Response, error) {
	call, reply, err := p.next(req)
	if err != nil {
		return agent.Response{}, err
	}
	if err := wait(ctx, reply.Delay); err != nil {
		return agent.Response{}, fmt.Errorf("scripted: call %d: %w", call, err)
	}
	if reply.Err != nil {
		return agent.Response{Usage: reply.Usage}, reply.Err
	}
	usage := reply.Usage
	if usage.Calls == 0 {
		usage.Calls = 1
	}
	model := reply.Model
	if model == "" {
		model = DefaultModel
	}
	return agent.Response{Text: reply.Text, Model: model, StopReason: reply.StopReason, Usage: usage}, nil
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
