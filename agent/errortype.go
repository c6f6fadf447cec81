package agent

import (
	"context"
	"errors"

	"github.com/kaigi-dev/kaigi/finding"
)

// ErrorTyper is implemented by errors that name their own low-cardinality
// class for the error.type attribute of a span: a provider's API error
// returns the API's error code or type, or the HTTP status.
type ErrorTyper interface {
	ErrorType() string
}

// OtherError is the error.type of an error of no known class, as the
// OpenTelemetry semantic conventions spell it.
const OtherError = "_OTHER"

// ErrorType returns the error.type attribute of a span that ended with
// err: the ErrorType of the first error in err's chain that implements
// ErrorTyper and returns a value; otherwise the name of the first class
// err matches, of "canceled" (context.Canceled), "timeout" (ErrTimedOut,
// context.DeadlineExceeded), "rate_limited", "unauthorized",
// "unavailable", "response_too_large", "truncated", "empty_reply",
// "no_model" and "schema_violation" (finding.ErrSchemaViolation);
// otherwise OtherError. It returns "" for a nil err.
func ErrorType(err error) string {
	if err == nil {
		return ""
	}
	var t ErrorTyper
	if errors.As(err, &t) {
		if s := t.ErrorType(); s != "" {
			return s
		}
	}
	switch {
	case errors.Is(err, context.Canceled):
		return "canceled"
	case errors.Is(err, ErrTimedOut), errors.Is(err, context.DeadlineExceeded):
		return "timeout"
	case errors.Is(err, ErrRateLimited):
		return "rate_limited"
	case errors.Is(err, ErrUnauthorized):
		return "unauthorized"
	case errors.Is(err, ErrUnavailable):
		return "unavailable"
	case errors.Is(err, ErrResponseTooLarge):
		return "response_too_large"
	case errors.Is(err, ErrTruncated):
		return "truncated"
	case errors.Is(err, ErrEmptyReply):
		return "empty_reply"
	case errors.Is(err, ErrNoModel):
		return "no_model"
	case errors.Is(err, finding.ErrSchemaViolation):
		return "schema_violation"
	}
	return OtherError
}
