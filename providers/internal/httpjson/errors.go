package httpjson

import (
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
)

// Redact returns s with every occurrence of key replaced by "[redacted]";
// an empty key changes nothing.
func Redact(s, key string) string {
	if key == "" {
		return s
	}
	return strings.ReplaceAll(s, key, "[redacted]")
}

// TransportError returns an error whose message is msg (a provider's
// account of err, with the API key cut out by Redact) and which unwraps
// to err, so errors.Is(err, context.Canceled) works, and matches err's
// agent error class (agent.TransportClass).
func TransportError(msg string, err error) error {
	return &transportError{msg: msg, err: err}
}

type transportError struct {
	msg string
	err error
}

func (e *transportError) Error() string { return e.msg }
func (e *transportError) Unwrap() error { return e.err }
func (e *transportError) Is(target error) bool {
	return target != nil && target == agent.TransportClass(e.err)
}
