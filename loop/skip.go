package loop

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
)

// Skip is a reviewer call that was skipped in a round.
type Skip struct {
	Reviewer string `json:"reviewer"`
	Shot     int    `json:"shot"`
	// Reason is why, in full, without the council's "reviewer NAME (shot
	// N)" prefix (the artifacts show both next to it); for an answer that
	// did not validate only the heading, since Violations lists the
	// violations. Example: "agent: reviewer \"fact-checker\": openai: 401
	// Unauthorized".
	Reason string `json:"reason"`
	// SchemaViolation reports that the reviewer's answer violated Council
	// JSON v1 twice (in its first answer and in its repair).
	SchemaViolation bool `json:"schema_violation,omitempty"`
	// Truncated reports that the answer was cut off at the token limit
	// (errors.Is agent.ErrTruncated) before it formed a valid report: it
	// was not repaired, since a repair would be cut off too. Raising the
	// reviewer's token limit is the remedy.
	Truncated bool `json:"truncated,omitempty"`
	// Violations holds the first 5 violations of an answer that did not
	// validate, sorted by JSON pointer; nil for any other skip.
	Violations []finding.Violation `json:"violations,omitempty"`
	// ViolationCount counts all of them (Violations may hold fewer).
	ViolationCount int `json:"violation_count,omitempty"`
	// Model is the model the failed call reached, when the reviewer said
	// (council.Result.Review.Model); it prices Usage. It may be empty.
	Model string `json:"model,omitempty"`
	// Usage counts what the failed call spent.
	Usage agent.Usage `json:"usage"`
}

// maxSkipViolations is how many violations a Skip keeps of an answer that
// did not validate: enough to see what the model got wrong, few enough
// to read.
const maxSkipViolations = 5

// skipOf describes a skipped council call.
func skipOf(res council.Result) Skip {
	s := Skip{Reviewer: res.Reviewer, Shot: res.Shot, Reason: reason(res.Err),
		SchemaViolation: errors.Is(res.Err, finding.ErrSchemaViolation),
		Truncated:       errors.Is(res.Err, agent.ErrTruncated),
		Usage:           res.Review.Usage, Model: res.Review.Model}
	var verr *finding.ValidationError
	if errors.As(res.Err, &verr) && len(verr.Violations) > 0 {
		s.Violations = slices.Clone(verr.Violations[:min(len(verr.Violations), maxSkipViolations)])
		s.ViolationCount = len(verr.Violations)
		// The heading only: the violations are listed apart.
		head, _, _ := strings.Cut(s.Reason, "\n")
		s.Reason = strings.TrimSuffix(strings.TrimSpace(head), ":")
	}
	return s
}

// reason returns a skip's reason without the reviewer's name, which the
// artifacts show next to it anyway.
func reason(err error) string {
	var re *council.ReviewerError
	if errors.As(err, &re) {
		return re.Err.Error()
	}
	return err.Error()
}

// truncationHint is what artifacts add to a Skip whose answer was cut off
// at the token limit.
const truncationHint = "the answer was cut off at the token limit before it formed a valid report, and a repair would be cut off too: raise the reviewer's token limit and run again"

// Hint says what a person can do about the skip: for an answer cut off
// at the token limit, raise the limit; "" when there is nothing to do but
// run again.
func (s Skip) Hint() string {
	if s.Truncated {
		return truncationHint
	}
	return ""
}

// SkipText says on one line why a call was skipped: the reason, the first
// violations, and for a truncated answer what to do (truncationHint).
func SkipText(s Skip) string {
	var b strings.Builder
	b.WriteString(s.Reason)
	if len(s.Violations) > 0 {
		b.WriteString("; first violations: ")
		for i, v := range s.Violations {
			if i > 0 {
				b.WriteString("; ")
			}
			b.WriteString(v.String())
		}
		if more := s.ViolationCount - len(s.Violations); more > 0 {
			fmt.Fprintf(&b, " (and %d more)", more)
		}
	}
	if h := s.Hint(); h != "" {
		b.WriteString("; " + h)
	}
	return b.String()
}
