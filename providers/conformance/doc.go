// Package conformance is the test suite every kaigi provider passes: plain
// text, structured output, usage mapping (negative counts clamped, the
// usage of an empty answer kept), answers cut off at the token limit
// (Response.Truncated, agent.ErrTruncated), cancellation, a deadline
// that matches agent.ErrTimedOut, concurrent calls, and, for HTTP APIs,
// retries of 429 (with Retry-After) and 500, a 401 that never shows the
// API key, malformed or truncated bodies that yield an error rather than a
// panic, an oversized body refused with agent.ErrResponseTooLarge, and
// every failing status matching its provider-independent error class
// (429 rate limited, 401 and 403 unauthorized, 500, 503 and 529
// unavailable, 504 timed out).
//
// A provider's own tests call Run with a Harness that starts a fake backend
// speaking the provider's real wire format. For an HTTP API, Server starts
// an httptest server from a Wire (how to encode an answer and an error):
//
//	func TestConformance(t *testing.T) {
//		conformance.Run(t, conformance.Harness{
//			Start: func(t *testing.T, key string, replies ...conformance.Reply) (agent.Provider, func() []conformance.Call) {
//				url, calls := conformance.Server(t, myWire, replies...)
//				return myprovider.New(url, key), calls
//			},
//			CheckRequest: checkMyRequestBody,
//			HTTP:         true,
//			Usage:        true,
//		})
//	}
//
// The package is meant for tests; it imports testing.
package conformance
