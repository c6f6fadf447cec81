package agent

import (
	"cmp"
	"context"
	"errors"
	"fmt"

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

// Review asks the model for its Report on t: AskWith with finding.Extract
// as the extractor, so the reply's last valid Report wins.
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
	ans, err := AskWith(ctx, r.provider, r.Request(t), finding.Extract)
	rev := Review{Usage: ans.Usage, Model: ans.Model}
	var ae *AnswerError
	switch {
	case err == nil:
		rev.Report = ans.Value
		rev.Report.Reviewer = r.Name()
		return rev, nil
	case errors.As(err, &ae) && !errors.Is(err, ErrTruncated):
		return rev, &SchemaViolationError{Reviewer: r.Name(), Round: t.Round, Err: cmp.Or(ae.Err, error(ae))}
	}
	return rev, fmt.Errorf("agent: reviewer %q: %w", r.Name(), err)
}
