package temporal

import (
	"errors"
	"slices"

	"go.temporal.io/sdk/temporal"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
)

// callClasses are the classes of a call's error that the driver tells
// apart (a skip's hint, a provider's kind of failure), kept by name
// across the workflow.
var callClasses = [...]struct {
	name string
	err  error
}{
	{"truncated", agent.ErrTruncated},
	{"schema-violation", finding.ErrSchemaViolation},
	{"rate-limited", agent.ErrRateLimited},
	{"unauthorized", agent.ErrUnauthorized},
	{"unavailable", agent.ErrUnavailable},
	{"timed-out", agent.ErrTimedOut},
	{"too-large", agent.ErrResponseTooLarge},
	{"empty-reply", agent.ErrEmptyReply},
}

// callFailure is what a failed call's activity error carries besides its
// message: the classes of the error and an answer's schema violations.
type callFailure struct {
	Classes    []string            `json:"classes,omitempty"`
	Violations []finding.Violation `json:"violations,omitempty"`
	Usage      agent.Usage         `json:"usage,omitzero"` // what it spent (agent.SpentBy)
}

// failureOf describes err for the workflow.
func failureOf(err error) callFailure {
	f := callFailure{Usage: agent.SpentBy(err)}
	for _, c := range callClasses {
		if errors.Is(err, c.err) {
			f.Classes = append(f.Classes, c.name)
		}
	}
	var verr *finding.ValidationError
	if errors.As(err, &verr) {
		f.Violations = slices.Clone(verr.Violations)
	}
	return f
}

// callFailed is the activity error of a call that failed: its message,
// its failure as details, retried unless retrying cannot mend it.
func callFailed(err error) error {
	return temporal.NewApplicationErrorWithOptions(err.Error(), "CallFailed", temporal.ApplicationErrorOptions{
		NonRetryable: permanent(err), Cause: err, Details: []any{failureOf(err)},
	})
}

// CallError is the error a step gets for a call the workflow made and
// that failed for good (its activity's retries spent): the driver treats
// it as it treats a failed call in a process (a council skips that
// reviewer for the round). Its text is the call's own error message, and
// errors.Is and errors.As see the classes the call's error had (an answer
// cut at the token limit is agent.ErrTruncated, a schema violation a
// *finding.ValidationError), as the step would have returned it in a
// process; agent.SpentBy returns what its last attempt spent, as the
// call's own error would have told in a process.
type CallError struct {
	Key        string              // the step key
	Message    string              // the call's last error message
	Classes    []string            // see Is
	Violations []finding.Violation // see As
	Usage      agent.Usage         // see Spent
}

func (e *CallError) Error() string { return e.Message }

// Spent returns what the call's last attempt spent (agent.SpentBy).
func (e *CallError) Spent() agent.Usage { return e.Usage }

// Is reports whether the call's error was of target's class.
func (e *CallError) Is(target error) bool {
	for _, c := range callClasses {
		if c.err == target && slices.Contains(e.Classes, c.name) {
			return true
		}
	}
	return false
}

// As sets a **finding.ValidationError target to the answer's violations.
func (e *CallError) As(target any) bool {
	if t, ok := target.(**finding.ValidationError); ok && len(e.Violations) > 0 {
		*t = &finding.ValidationError{Violations: slices.Clone(e.Violations)}
		return true
	}
	return false
}
