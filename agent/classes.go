package agent

import (
	"context"
	"errors"
	"net"
	"net/http"
	"syscall"
)

// Provider-independent error classes. Every provider in this module
// returns errors that match them with errors.Is, so a fallback chain or a
// circuit breaker can decide what to do without knowing which provider
// failed:
//
//	if errors.Is(err, agent.ErrRateLimited) || errors.Is(err, agent.ErrUnavailable) {
//		// try the next provider
//	}
//
// A context cancelled by the caller is none of these: it still matches
// context.Canceled, and nothing else. A deadline matches both ErrTimedOut
// and context.DeadlineExceeded.
var (
	// ErrRateLimited reports that the server refused the call for now
	// (HTTP 429), after the provider's own retries.
	ErrRateLimited = errors.New("rate limited")
	// ErrUnauthorized reports a missing, wrong or insufficient credential
	// (HTTP 401 and 403). Retrying does not help.
	ErrUnauthorized = errors.New("unauthorized")
	// ErrUnavailable reports a server that failed or could not be
	// reached: HTTP 500, 502, 503, 529 and other 5xx except 504, a refused
	// or reset connection, a name that does not resolve, or a command
	// that could not be started.
	ErrUnavailable = errors.New("provider unavailable")
	// ErrTimedOut reports a call that ran out of time: the caller's
	// deadline, the provider's own timeout, or HTTP 408 and 504.
	ErrTimedOut = errors.New("timed out")
	// ErrResponseTooLarge reports an answer larger than the provider's
	// bound (DefaultMaxResponseBytes unless configured). The rest of the
	// answer was not read.
	ErrResponseTooLarge = errors.New("answer too large")
)

// ErrTruncated reports that an answer was cut off at the output token
// limit before it formed a valid answer (Response.Truncated, or a stop
// reason "length", "max_tokens" or "model_context_window_exceeded").
// Asking again under the same limit would be cut off again, so Ask,
// LLMReviewer and LLMAgent do not re-ask; raise the limit with
// WithMaxTokens or the provider's own option.
var ErrTruncated = errors.New("answer cut off at the token limit")

// DefaultMaxResponseBytes bounds the body a provider reads for one answer
// (8 MiB) unless it is configured otherwise. The longest answers models
// give today (128k tokens) take about 1 MB, so the bound only stops
// broken or hostile servers; its error wraps ErrResponseTooLarge.
const DefaultMaxResponseBytes = 8 << 20

// StatusClass returns the error class of an HTTP status: ErrRateLimited
// for 429, ErrUnauthorized for 401 and 403, ErrTimedOut for 408 and 504,
// ErrUnavailable for every other status from 500 up (529 included), and nil
// for any other status. Providers use it in the Is method of their API
// error types.
func StatusClass(code int) error {
	switch {
	case code == http.StatusTooManyRequests:
		return ErrRateLimited
	case code == http.StatusUnauthorized, code == http.StatusForbidden:
		return ErrUnauthorized
	case code == http.StatusRequestTimeout, code == http.StatusGatewayTimeout:
		return ErrTimedOut
	case code >= 500:
		return ErrUnavailable
	}
	return nil
}

// TransportClass returns the error class of a call that got no answer:
// ErrTimedOut for a deadline (context.DeadlineExceeded, or a net.Error
// whose Timeout reports true), ErrUnavailable for a connection that could
// not be made or was cut (a *net.OpError, a *net.DNSError, ECONNREFUSED,
// ECONNRESET), and nil otherwise; context.Canceled is nil, since the
// caller gave up. Providers use it in the Is method of their transport
// error types.
func TransportClass(err error) error {
	if err == nil || errors.Is(err, context.Canceled) {
		return nil
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return ErrTimedOut
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return ErrTimedOut
	}
	var op *net.OpError
	var dns *net.DNSError
	if errors.As(err, &op) || errors.As(err, &dns) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) {
		return ErrUnavailable
	}
	return nil
}
