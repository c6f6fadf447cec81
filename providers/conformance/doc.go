// Package conformance is the test suite every kaigi provider passes: plain
// text, structured output, usage mapping, cancellation, concurrent calls,
// and, for HTTP APIs, retries of 429 (with Retry-After) and 500, a 401 that
// never shows the API key, and malformed or truncated bodies that yield an
// error rather than a panic.
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
