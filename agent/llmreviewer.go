package agent

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/kaigi-dev/kaigi/finding"
)

// SchemaViolationError reports that a reviewer's answer violated Council
// JSON v1 twice: in its first answer and in its repair. errors.Is(err,
// finding.ErrSchemaViolation) reports true for it.
type SchemaViolationError struct {
	// Reviewer names the reviewer. Example: "fact-checker".
	Reviewer string
	// Round is Target.Round of the review; 0 when not given.
	Round int
	// Err is the validation error of the repaired answer.
	Err error
}

// Error names the reviewer, the round when known, and the violations.
func (e *SchemaViolationError) Error() string {
	if e.Round > 0 {
		return fmt.Sprintf("agent: reviewer %q, round %d: schema violation after one repair: %v", e.Reviewer, e.Round, e.Err)
	}
	return fmt.Sprintf("agent: reviewer %q: schema violation after one repair: %v", e.Reviewer, e.Err)
}

// Unwrap returns e.Err.
func (e *SchemaViolationError) Unwrap() error { return e.Err }

// Is reports whether target is finding.ErrSchemaViolation.
func (e *SchemaViolationError) Is(target error) bool { return target == finding.ErrSchemaViolation }

// ErrTruncated reports that a reviewer's answer was cut off at the token
// limit (stop reason "length" or "max_tokens") before it formed a valid
// report. Asking again under the same limit would be cut off again, so
// Review does not re-ask; raise the limit with WithMaxTokens.
var ErrTruncated = errors.New("answer cut off at the token limit")

// truncated reports whether a stop reason says the token limit ended the
// answer: OpenAI's "length", Anthropic's "max_tokens" and
// "model_context_window_exceeded".
func truncated(stopReason string) bool {
	switch stopReason {
	case "length", "max_tokens", "model_context_window_exceeded":
		return true
	}
	return false
}

// LLMReviewer is a Reviewer that asks a model, through a Provider, to
// review a Target in the role of a Persona. It is safe for concurrent use.
type LLMReviewer struct {
	provider Provider
	persona  Persona
	cfg      callConfig
}

// NewLLMReviewer returns a reviewer that plays persona p on provider prov.
// Whether the schema is spelled out in the prompt depends on whether prov
// implements SchemaSupporter, unless WithStructuredOutput says otherwise.
func NewLLMReviewer(prov Provider, p Persona, opts ...LLMOption) *LLMReviewer {
	return &LLMReviewer{provider: prov, persona: p, cfg: newCallConfig(prov, opts)}
}

// Name returns the persona's name.
func (r *LLMReviewer) Name() string { return r.persona.Name }

// Request returns the request Review sends first for t: BuildReviewRequest
// with the reviewer's model settings applied.
func (r *LLMReviewer) Request(t Target) Request {
	req := BuildReviewRequest(t, r.persona, !*r.cfg.structured)
	r.cfg.apply(&req)
	return req
}

// Review asks the model for its Report on t, extracts it from the reply
// and validates it with finding.Extract.
//
// When the reply violates the schema, Review asks once more: it appends
// the model's answer as an assistant message and a user message listing
// every violation, and asks for the corrected object only. A second
// violation returns a *SchemaViolationError. An invalid reply the token
// limit cut off (see ErrTruncated) is not repaired, since the repair
// would run into the same limit: Review returns an error wrapping both
// ErrTruncated and the validation error. Provider errors are returned
// wrapped with the reviewer's name. The returned Usage sums every call
// made, also on error.
//
// A valid Report whose reviewer field differs from Name (models copy the
// example or their persona's title) is given Name: a report is attributed
// to the reviewer that asked for it. An empty reviewer field is a schema
// violation and is repaired like any other.
func (r *LLMReviewer) Review(ctx context.Context, t Target) (Review, error) {
	req := r.Request(t)
	var rev Review
	resp, err := r.ask(ctx, req, &rev)
	if err != nil {
		return rev, err
	}
	rep, verr := finding.Extract(resp.Text)
	if verr != nil {
		if truncated(resp.StopReason) {
			return rev, r.truncatedError(req, resp, verr)
		}
		req.Messages = append(req.Messages, AssistantText(resp.Text), UserText(repairPrompt(verr)))
		if resp, err = r.ask(ctx, req, &rev); err != nil {
			return rev, err
		}
		if rep, verr = finding.Extract(resp.Text); verr != nil {
			if truncated(resp.StopReason) {
				return rev, r.truncatedError(req, resp, verr)
			}
			return rev, &SchemaViolationError{Reviewer: r.Name(), Round: t.Round, Err: verr}
		}
	}
	rep.Reviewer = r.Name()
	rev.Report = rep
	return rev, nil
}

// ask makes one call, adding its usage and model to rev.
func (r *LLMReviewer) ask(ctx context.Context, req Request, rev *Review) (Response, error) {
	resp, err := r.provider.Complete(ctx, req)
	rev.Usage = rev.Usage.Add(resp.Usage)
	if resp.Model != "" {
		rev.Model = resp.Model
	}
	if err != nil {
		return Response{}, fmt.Errorf("agent: reviewer %q: %w", r.Name(), err)
	}
	return resp, nil
}

// truncatedError reports an invalid answer the token limit cut off.
func (r *LLMReviewer) truncatedError(req Request, resp Response, verr error) error {
	limit := "the provider's default"
	if req.MaxTokens > 0 {
		limit = fmt.Sprintf("%d tokens", req.MaxTokens)
	}
	return fmt.Errorf("agent: reviewer %q: %w (stop reason %q, limit %s; raise it with WithMaxTokens): %w",
		r.Name(), ErrTruncated, resp.StopReason, limit, verr)
}

// repairPrompt asks for a corrected object, listing every violation with
// its JSON pointer.
func repairPrompt(err error) string {
	var b strings.Builder
	b.WriteString("Your answer does not match Council JSON v1. The validator reported:\n\n")
	var verr *finding.ValidationError
	if errors.As(err, &verr) {
		for _, v := range verr.Violations {
			b.WriteString("- " + v.String() + "\n")
		}
	} else {
		b.WriteString("- " + err.Error() + "\n")
	}
	b.WriteString("\nAnswer again with the corrected JSON object only: no prose, no code fence. Keep every finding you had.\n")
	return b.String()
}
