// Package scripted is an agent.Provider that answers from a script instead
// of a model, for kaigi's own tests and for yours.
//
// A Provider either plays a queue of Replies in order, one per call, or asks
// a Responder function for each reply. Every Request it receives is
// recorded; Requests returns a copy. A Reply may carry text (malformed
// JSON is just text), an error, a failing HTTP status whose error matches
// its agent error class (Status), a delay that honours the caller's
// context, token usage, a stop reason and truncation. An empty text fails
// with agent.ErrEmptyReply, as a real provider's empty answer does. When
// the queue is exhausted, Complete returns an error wrapping ErrExhausted
// instead of blocking or panicking.
//
// The smallest use:
//
//	p := scripted.New(scripted.Text(`{"reviewer":"x","schema_version":"1","summary":"","findings":[]}`))
//	resp, err := p.Complete(ctx, agent.Request{Messages: []agent.Message{agent.UserText("review")}})
package scripted
