package agent

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

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
// wrapped with the reviewer's name.
//
// When the error is non-nil, only Usage and Model of the returned Review
// are meaningful: Usage sums every call made (each Complete counts as one
// call even when the provider leaves Usage.Calls 0, and negative token
// counts count as 0), and Model names the model the calls went to (the
// provider's answer, else the requested model), so that a skipped review
// can still be priced.
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
		if truncated(resp) {
			return rev, r.truncatedError(req, resp, verr)
		}
		req.Messages = append(req.Messages, AssistantText(quoteAnswer(resp.Text)), UserText(repairPrompt(verr)))
		if resp, err = r.ask(ctx, req, &rev); err != nil {
			return rev, err
		}
		if rep, verr = finding.Extract(resp.Text); verr != nil {
			if truncated(resp) {
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
	rev.Usage = rev.Usage.Add(callUsage(resp.Usage))
	if m := cmp.Or(resp.Model, req.Model); m != "" {
		rev.Model = m
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

// MaxRepairQuote bounds, in bytes, how much of a model's invalid answer a
// repair request quotes back to it. A longer answer is quoted up to the
// bound (cut at a character boundary) and followed by a note of how much
// was left out, so an oversized answer is never sent back whole.
const MaxRepairQuote = 64 << 10

// quoteAnswer returns answer as the repair request quotes it: whole up to
// MaxRepairQuote bytes, cut with a note beyond.
func quoteAnswer(answer string) string {
	if len(answer) <= MaxRepairQuote {
		return answer
	}
	cut := MaxRepairQuote
	for cut > 0 && !utf8.RuneStart(answer[cut]) {
		cut--
	}
	return answer[:cut] + fmt.Sprintf("\n\n[… %d more bytes of this answer are left out here]", len(answer)-cut)
}

// maxRepairViolations and maxViolationLine bound the violations a repair
// request lists: a violation may quote the model's own text.
const (
	maxRepairViolations = 50
	maxViolationLine    = 1 << 10
)

// clip cuts s to maxViolationLine bytes at a character boundary.
func clip(s string) string {
	if len(s) <= maxViolationLine {
		return s
	}
	cut := maxViolationLine
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// repairPrompt asks for a corrected object, listing every violation with
// its JSON pointer.
func repairPrompt(err error) string {
	var b strings.Builder
	b.WriteString("Your answer does not match Council JSON v1. The validator reported:\n\n")
	var verr *finding.ValidationError
	if errors.As(err, &verr) {
		for _, v := range verr.Violations[:min(len(verr.Violations), maxRepairViolations)] {
			b.WriteString("- " + clip(v.String()) + "\n")
		}
		if n := len(verr.Violations) - maxRepairViolations; n > 0 {
			fmt.Fprintf(&b, "- … and %d more\n", n)
		}
	} else {
		b.WriteString("- " + clip(err.Error()) + "\n")
	}
	b.WriteString("\nAnswer again with the corrected JSON object only: no prose, no code fence. Keep every finding you had.\n")
	return b.String()
}
