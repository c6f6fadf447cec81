package agent

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// LLMAgent is an Agent that runs each Task as one model call, or two when
// its answer must be repaired. It is safe for concurrent use.
type LLMAgent struct {
	provider Provider
	name     string
	system   string
	cfg      callConfig
}

// NewLLMAgent returns an agent called name that runs tasks on prov with
// the system prompt system.
func NewLLMAgent(prov Provider, name, system string, opts ...LLMOption) *LLMAgent {
	return &LLMAgent{provider: prov, name: name, system: system, cfg: newCallConfig(prov, opts)}
}

// Name returns the agent's name.
func (a *LLMAgent) Name() string { return a.name }

// Request returns the request Run sends for task. The conversation is, in
// order: the task's Material as the first parts of the first user message
// (in the caller's order, the last one marked CacheBreak), the History
// (its last part marked CacheBreak, so a conversation that grows turn by
// turn is cached up to the previous turn), and the Instructions as the
// last user message. Messages of one role in a row are joined into one,
// so with no History the Material and the Instructions are one message.
// When task.Schema is set it becomes Request.Schema, and for a provider
// without structured output it is also spelled out after the
// instructions. Neither task nor its History is changed.
func (a *LLMAgent) Request(task Task) Request {
	var msgs []Message
	if len(task.Material) > 0 {
		parts := make([]Part, 0, len(task.Material))
		for _, m := range task.Material {
			parts = append(parts, Part{Text: fmt.Sprintf("# %s\n\n%s\n\n", m.Name, strings.TrimRight(m.Text, "\n"))})
		}
		parts[len(parts)-1].CacheBreak = true
		msgs = append(msgs, Message{Role: User, Parts: parts})
	}
	for i, m := range task.History {
		m.Parts = slices.Clone(m.Parts)
		if i == len(task.History)-1 && len(m.Parts) > 0 {
			m.Parts[len(m.Parts)-1].CacheBreak = true
		}
		msgs = append(msgs, m)
	}
	instr := strings.TrimSpace(task.Instructions) + "\n"
	if len(task.Schema) > 0 && !*a.cfg.structured {
		instr += schemaPrompt(task.Schema)
	}
	msgs = append(msgs, UserText(instr))
	req := Request{System: a.system, Messages: joinRoles(msgs), Schema: task.Schema}
	a.cfg.apply(&req)
	return req
}

// joinRoles joins messages of one role in a row into one message.
func joinRoles(msgs []Message) []Message {
	out := msgs[:0:0]
	for _, m := range msgs {
		if n := len(out); n > 0 && out[n-1].Role == m.Role {
			out[n-1].Parts = append(out[n-1].Parts, m.Parts...)
			continue
		}
		out = append(out, Message{Role: m.Role, Parts: slices.Clip(m.Parts)})
	}
	return out
}

// schemaPrompt spells out a JSON Schema the answer must match.
func schemaPrompt(schema []byte) string {
	return fmt.Sprintf("\nAnswer with one JSON value matching this JSON Schema, and nothing else:\n\n```json\n%s\n```\n", bytes.TrimSpace(schema))
}

// Run sends task to the model and returns its reply.
//
// With no task.Schema, Result.Text is the reply as it is; a reply the
// token limit cut off is an error wrapping ErrTruncated, since a cut-off
// draft is not the agent's answer.
//
// With task.Schema, Run is AskWith with the schema as its check: the
// last JSON object of the reply (an array, when the schema's root type is
// "array") that matches the schema wins, prose and code fences around it
// are dropped, and Result.Text is that JSON alone. An answer that does
// not match is sent back once with the validator's messages; a second one
// is an *AnswerError (wrapping ErrNoJSON when the reply held no JSON). A
// schema that does not compile is an error naming Task.Schema, before
// any call.
//
// Errors name the agent. When the error is non-nil, only Usage and Model
// of the returned Result are meaningful: every call counts (at least one
// call each, negative token counts as 0) and Model is the provider's
// answer or the requested model.
func (a *LLMAgent) Run(ctx context.Context, task Task) (Result, error) {
	req := a.Request(task)
	if len(task.Schema) == 0 {
		var ans Answer[string]
		resp, err := ans.call(ctx, a.provider, req)
		res := Result{Text: resp.Text, Usage: ans.Usage, Model: ans.Model}
		switch {
		case err != nil:
			return res, fmt.Errorf("agent: agent %q: %w", a.name, err)
		case truncated(resp):
			return res, fmt.Errorf("agent: agent %q: %w", a.name, truncatedError(req, resp, errors.New("the answer is incomplete")))
		}
		return res, nil
	}
	sch, err := compileSchema(task.Schema)
	if err != nil {
		return Result{}, fmt.Errorf("agent: agent %q: Task.Schema: %w", a.name, err)
	}
	ans, err := AskWith(ctx, a.provider, req, rawExtractor(sch, rootIsArray(task.Schema)))
	res := Result{Text: ans.Value, Usage: ans.Usage, Model: ans.Model}
	if err != nil {
		return res, fmt.Errorf("agent: agent %q: %w", a.name, err)
	}
	return res, nil
}
