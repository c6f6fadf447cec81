package agent

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	jsv "github.com/santhosh-tekuri/jsonschema/v6"
)

// ErrNoJSON reports a reply that holds no JSON object where Task.Schema
// asked for one.
var ErrNoJSON = errors.New("agent: reply holds no JSON object")

// LLMAgent is an Agent that runs each Task as one model call. It is safe
// for concurrent use.
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

// Request returns the request Run sends for task: one user message whose
// parts are the task's Material, in the caller's order (the last one marked
// CacheBreak), then the Instructions. When task.Schema is set it becomes
// Request.Schema, and for a provider without structured output it is also
// spelled out after the instructions.
func (a *LLMAgent) Request(task Task) Request {
	parts := make([]Part, 0, len(task.Material)+1)
	for _, m := range task.Material {
		parts = append(parts, Part{Text: fmt.Sprintf("# %s\n\n%s\n\n", m.Name, strings.TrimRight(m.Text, "\n"))})
	}
	if len(parts) > 0 {
		parts[len(parts)-1].CacheBreak = true
	}
	instr := strings.TrimSpace(task.Instructions) + "\n"
	if len(task.Schema) > 0 && !*a.cfg.structured {
		instr += fmt.Sprintf("\nAnswer with one JSON object matching this JSON Schema, and nothing else:\n\n```json\n%s\n```\n", bytes.TrimSpace(task.Schema))
	}
	parts = append(parts, Part{Text: instr})
	req := Request{System: a.system, Messages: []Message{{Role: User, Parts: parts}}, Schema: task.Schema}
	a.cfg.apply(&req)
	return req
}

// Run sends task to the model and returns its reply.
//
// When task.Schema is set, Run extracts the first JSON object from the
// reply (prose and code fences around it are dropped), validates it
// against the schema, and returns the object alone as Result.Text. A reply
// with no object is an error wrapping ErrNoJSON; one that does not match
// is an error listing the violations. Unlike LLMReviewer, Run does not
// re-ask. Provider errors are wrapped with the agent's name. Result.Usage
// counts the call, also on error.
func (a *LLMAgent) Run(ctx context.Context, task Task) (Result, error) {
	var sch *jsv.Schema
	if len(task.Schema) > 0 {
		var err error
		if sch, err = compileSchema(task.Schema); err != nil {
			return Result{}, fmt.Errorf("agent: agent %q: Task.Schema: %w", a.name, err)
		}
	}
	req := a.Request(task)
	resp, err := a.provider.Complete(ctx, req)
	res := Result{Text: resp.Text, Usage: callUsage(resp.Usage), Model: cmp.Or(resp.Model, req.Model)}
	if err != nil {
		return res, fmt.Errorf("agent: agent %q: %w", a.name, err)
	}
	if sch == nil {
		return res, nil
	}
	obj, ok := extractObject(resp.Text)
	if !ok {
		return res, fmt.Errorf("agent: agent %q: %w", a.name, ErrNoJSON)
	}
	v, err := jsv.UnmarshalJSON(strings.NewReader(obj))
	if err != nil {
		return res, fmt.Errorf("agent: agent %q: decode reply: %w", a.name, err)
	}
	if err := sch.Validate(v); err != nil {
		return res, fmt.Errorf("agent: agent %q: reply does not match Task.Schema: %w", a.name, err)
	}
	res.Text = obj
	return res, nil
}

// compileSchema compiles a JSON Schema given as JSON.
func compileSchema(schema []byte) (*jsv.Schema, error) {
	doc, err := jsv.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		return nil, err
	}
	const id = "urn:kaigi:task-schema"
	c := jsv.NewCompiler()
	if err := c.AddResource(id, doc); err != nil {
		return nil, err
	}
	return c.Compile(id)
}

// maxObjectStarts bounds how many "{" extractObject tries.
const maxObjectStarts = 64

// extractObject returns the first complete JSON object in text.
func extractObject(text string) (string, bool) {
	for i, tries := 0, 0; i < len(text) && tries < maxObjectStarts; i++ {
		j := strings.IndexByte(text[i:], '{')
		if j < 0 {
			break
		}
		i += j
		tries++
		var raw json.RawMessage
		if err := json.NewDecoder(strings.NewReader(text[i:])).Decode(&raw); err == nil {
			return string(raw), true
		}
	}
	return "", false
}
