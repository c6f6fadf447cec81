package multishot

import (
	"context"
	"fmt"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
)

// Replacement is an edit a fixer proposes: Quote, verbatim text of the
// file (unique near the finding's lines), replaced by Fix.
type Replacement struct {
	// Quote is verbatim text of the file.
	Quote string `json:"quote" jsonschema:"minLength=1" jsonschema_description:"Text copied verbatim from the file, long enough to be unique near the finding's lines."`
	// Fix replaces Quote; empty deletes it.
	Fix string `json:"fix" jsonschema_description:"The text that replaces quote."`
}

// FixInput is what a fixer reads: the finding, the user's request and the
// file as it is now.
type FixInput struct {
	// Finding is the finding to fix.
	Finding Finding
	// Task is the user's original request, word for word.
	Task string
	// Path and Text are the file and its content now.
	Path string
	Text []byte
}

// Fixer proposes the edit that fixes a finding without one of its own (a
// model's finding, say), for the triage gate's "fix". The edit is applied
// like a finding's own: anchored by its quote through package apply and
// written through journal.Commit.
type Fixer interface {
	Fix(ctx context.Context, in FixInput) (Replacement, agent.Usage, error)
}

// FixSystemPrompt is the system prompt of LLMFixer.
const FixSystemPrompt = "You fix one finding of a code review with the smallest edit: quote text of the file verbatim (long enough to be unique near the finding's lines) and give the text that replaces it. Change nothing else."

// LLMFixer is a Fixer on a model: one typed call (agent.Ask).
type LLMFixer struct {
	// Provider answers the call. Required.
	Provider agent.Provider
	// Model names the model; empty means the provider's default.
	Model string
}

// Request returns the request LLMFixer sends for in.
func (l *LLMFixer) Request(in FixInput) agent.Request {
	var b strings.Builder
	fmt.Fprintf(&b, "# The user's request (verbatim)\n\n%s\n\n# File %s\n\n", in.Task, in.Path)
	b.Write(agent.NumberLines(in.Text))
	fmt.Fprintf(&b, "\n# The finding (%s, lines %s)\n\n%s\n\n%s\n", in.Finding.Severity, in.Finding.Location.Lines(), in.Finding.Title, in.Finding.Content)
	return agent.Request{Model: l.Model, System: FixSystemPrompt, Messages: []agent.Message{agent.UserText(b.String())}, SchemaName: "replacement"}
}

// Fix implements Fixer.
func (l *LLMFixer) Fix(ctx context.Context, in FixInput) (Replacement, agent.Usage, error) {
	a, err := agent.Ask[Replacement](ctx, l.Provider, l.Request(in))
	if err != nil {
		return Replacement{}, a.Usage, fmt.Errorf("fixer of %s: %w", in.Finding.ID, err)
	}
	return a.Value, a.Usage, nil
}
