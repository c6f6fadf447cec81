package agent

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/kaigi-dev/kaigi/finding"
)

// Answer is what Ask and AskWith return: the answer and what it cost.
// When they return an error, only Usage and Model are meaningful.
type Answer[T any] struct {
	// Value is the model's answer, decoded.
	Value T
	// Model names the model the calls went to, for cost accounting: the
	// provider's report, else Request.Model.
	Model string
	// Usage sums every call made, the repair call included; each Complete
	// counts as one call, and negative token counts count as 0.
	Usage Usage
}

// Ask makes one typed structured call: it asks p for a JSON answer of
// type T and decodes it.
//
// The JSON Schema of T is generated from the Go type (with
// github.com/invopop/jsonschema: exported fields, their json tags, fields
// without omitempty required, no properties beyond them) and set as
// Request.Schema; Request.SchemaName is T's type name unless the caller
// named it. When p does not enforce schemas (see SchemaSupporter), the
// schema is also spelled out at the end of the last user message. T must
// encode as a JSON object or array.
//
// The answer is taken as AskWith describes, with an extractor that looks
// at the JSON objects (arrays, when T is a slice or array) in the reply
// from last to first, so prose, code fences and a model correcting itself
// are fine: the last candidate that validates against the schema and
// decodes into T wins. At most 32 candidates are checked. The validator's
// messages go back to the model once; a second invalid answer is an
// *AnswerError.
//
// The schema is generated and compiled on every call, which keeps no
// state between calls and costs under a millisecond (BenchmarkAsk),
// nothing beside a model call.
func Ask[T any](ctx context.Context, p Provider, req Request) (Answer[T], error) {
	s, err := schemaOf[T]()
	if err != nil {
		return Answer[T]{}, err
	}
	req.Schema = s.raw
	req.SchemaName = cmp.Or(req.SchemaName, s.name)
	if ss, ok := p.(SchemaSupporter); !ok || !ss.SupportsSchema() {
		req.Messages = withSchemaInPrompt(req.Messages, s.raw)
	}
	return AskWith(ctx, p, req, s.extract)
}

// AskWith makes the call Ask makes with a request and an extractor of the
// caller's: it sends req as it is, and extract turns the reply's text
// into the answer or says what is wrong with it. LLMReviewer passes
// finding.Extract; LLMAgent a Task's schema.
//
// When extract fails, AskWith asks once more: the conversation goes on
// with the model's answer (at most MaxRepairQuote bytes of it) as an
// assistant message and a user message listing what extract reported (the
// Violations of an *AnswerError or a *finding.ValidationError, one line
// each, at most 50), asking for the corrected JSON only. A second failure
// returns an *AnswerError holding the extractor's last error. An invalid
// answer that the token limit cut off (Response.Truncated, or stop reason
// "length", "max_tokens" or "model_context_window_exceeded") is not
// repaired, since the repair would be cut off again: the error wraps
// ErrTruncated and the *AnswerError, and names the limit.
//
// Provider errors are returned as the provider gave them (from the repair
// call, wrapped to say so), for the caller to name its context. Whatever
// the error, the Answer's Usage and Model count every call made.
func AskWith[T any](ctx context.Context, p Provider, req Request, extract func(reply string) (T, error)) (Answer[T], error) {
	var ans Answer[T]
	resp, err := ans.call(ctx, p, req)
	if err != nil {
		return ans, err
	}
	v, xerr := extract(resp.Text)
	if xerr == nil {
		ans.Value = v
		return ans, nil
	}
	if truncated(resp) {
		return ans, truncatedError(req, resp, answerError(req.SchemaName, xerr))
	}
	req.Messages = append(slices.Clip(req.Messages), AssistantText(quoteAnswer(resp.Text)), UserText(repairPrompt(xerr)))
	if resp, err = ans.call(ctx, p, req); err != nil {
		return ans, fmt.Errorf("the repair call: %w", err)
	}
	if v, xerr = extract(resp.Text); xerr == nil {
		ans.Value = v
		return ans, nil
	}
	if truncated(resp) {
		return ans, truncatedError(req, resp, answerError(req.SchemaName, xerr))
	}
	return ans, answerError(req.SchemaName, xerr)
}

// call makes one Complete, counting it in a.
func (a *Answer[T]) call(ctx context.Context, p Provider, req Request) (Response, error) {
	if err := ctx.Err(); err != nil {
		return Response{}, err
	}
	resp, err := p.Complete(ctx, req)
	a.Usage = a.Usage.Add(callUsage(resp.Usage))
	if m := cmp.Or(resp.Model, req.Model); m != "" {
		a.Model = m
	}
	return resp, err
}

// AnswerError reports a model's answer that is not a valid structured
// answer (after its one repair, or cut off at the token limit): it holds
// no JSON, or none that matches the schema. errors.Is(err,
// finding.ErrSchemaViolation) reports true for it, and errors.Is(err,
// ErrNoJSON) when the answer held no JSON at all.
type AnswerError struct {
	// Schema is Request.SchemaName of the call. Example: "verdict".
	// Optional: empty when the request named none.
	Schema string
	// Violations says what is wrong, each with the JSON pointer of the
	// offending value ("" for the whole answer); never empty.
	Violations []finding.Violation
	// Err is the extractor's error when it is more than the Violations
	// (a *finding.ValidationError, ErrNoJSON). It may be empty.
	Err error
}

// Error names the schema and lists the violations, at most 50.
func (e *AnswerError) Error() string {
	var b strings.Builder
	b.WriteString("agent: the answer")
	if e.Schema != "" {
		fmt.Fprintf(&b, " (%s)", e.Schema)
	}
	n := len(e.Violations)
	plural := "s"
	if n == 1 {
		plural = ""
	}
	fmt.Fprintf(&b, " does not match its schema (%d violation%s):", n, plural)
	for _, v := range e.Violations[:min(n, maxRepairViolations)] {
		b.WriteString("\n" + clip(v.String()))
	}
	if n > maxRepairViolations {
		fmt.Fprintf(&b, "\n… and %d more", n-maxRepairViolations)
	}
	return b.String()
}

// Unwrap returns finding.ErrSchemaViolation and Err.
func (e *AnswerError) Unwrap() []error {
	if e.Err == nil {
		return []error{finding.ErrSchemaViolation}
	}
	return []error{finding.ErrSchemaViolation, e.Err}
}

// answerError returns the *AnswerError for an extractor's error.
func answerError(schema string, err error) *AnswerError {
	var ae *AnswerError
	if errors.As(err, &ae) {
		out := *ae
		out.Schema = cmp.Or(out.Schema, schema)
		return &out
	}
	return &AnswerError{Schema: schema, Violations: violationsOf(err), Err: err}
}

// truncated reports whether the token limit ended the answer: the
// provider said so, or the stop reason is OpenAI's "length" or
// Anthropic's "max_tokens" or "model_context_window_exceeded".
func truncated(resp Response) bool {
	switch resp.StopReason {
	case "length", "max_tokens", "model_context_window_exceeded":
		return true
	}
	return resp.Truncated
}

// truncatedError reports an invalid answer the token limit cut off.
func truncatedError(req Request, resp Response, err error) error {
	limit := "the provider's default"
	if req.MaxTokens > 0 {
		limit = fmt.Sprintf("%d tokens", req.MaxTokens)
	}
	return fmt.Errorf("agent: %w (stop reason %q, limit %s; raise the output token limit: WithMaxTokens or the provider's own option): %w", ErrTruncated, resp.StopReason, limit, err)
}
