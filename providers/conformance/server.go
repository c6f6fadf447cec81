package conformance

import (
	"cmp"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
)

// Reply is how a fake backend answers one call.
type Reply struct {
	// Text is the model's answer.
	Text string
	// Model is the model name the backend reports.
	Model string
	// Usage holds the token counts the backend reports (Calls is ignored).
	Usage agent.Usage
	// Truncated makes the backend report the answer as cut off at the
	// output token limit, in the wire's own words (OpenAI's finish reason
	// "length", Anthropic's stop reason "max_tokens").
	Truncated bool

	// Status is the HTTP status, or for a command its exit status; 0 means
	// success. A failing status is answered with Wire.EncodeError(Status,
	// Text) unless Body is set.
	Status int
	// RetryAfter is sent as the Retry-After header. Example: "0".
	RetryAfter string
	// Body, when not nil, is sent verbatim instead of an encoded answer:
	// for malformed and truncated bodies.
	Body []byte
	// Hang makes the backend never answer; the call can only end by the
	// client giving up (its context).
	Hang bool
}

// Call is one request a fake backend received.
type Call struct {
	// Path is the URL path of an HTTP request. Example: "/v1/messages".
	Path string
	// Header holds an HTTP request's headers; nil for a command.
	Header http.Header
	// Body is the HTTP request body, or what a command read on stdin.
	Body []byte
}

// Wire is an HTTP API's wire format, as a fake server needs it.
type Wire struct {
	// Path is the one path the API is called on. Example: "/v1/messages".
	Path string
	// Encode returns the body of a successful answer carrying r.Text,
	// r.Model, r.Usage and r.Truncated.
	Encode func(r Reply) []byte
	// EncodeError returns the body of an error answer with status and
	// message.
	EncodeError func(status int, message string) []byte
}

// Server starts an httptest server speaking w. It answers the i-th request
// with replies[i] (the last reply repeats; none means an empty success) and
// a request to any other path than w.Path with 404. It returns the server's
// URL and a function returning the requests received so far. The server is
// closed when the test ends.
func Server(t testing.TB, w Wire, replies ...Reply) (url string, calls func() []Call) {
	t.Helper()
	var (
		mu   sync.Mutex
		seen []Call
	)
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(rw, err.Error(), http.StatusBadRequest)
			return
		}
		mu.Lock()
		i := len(seen)
		seen = append(seen, Call{Path: r.URL.Path, Header: r.Header.Clone(), Body: body})
		mu.Unlock()

		rw.Header().Set("Content-Type", "application/json")
		if r.URL.Path != w.Path {
			rw.WriteHeader(http.StatusNotFound)
			_, _ = rw.Write(w.EncodeError(http.StatusNotFound, "no route for "+r.URL.Path))
			return
		}
		var rep Reply
		if len(replies) > 0 {
			rep = replies[min(i, len(replies)-1)]
		}
		if rep.Hang {
			<-r.Context().Done()
			return
		}
		if rep.RetryAfter != "" {
			rw.Header().Set("Retry-After", rep.RetryAfter)
		}
		status := cmp.Or(rep.Status, http.StatusOK)
		out := rep.Body
		switch {
		case out != nil:
		case status >= 400:
			out = w.EncodeError(status, rep.Text)
		default:
			out = w.Encode(rep)
		}
		rw.WriteHeader(status)
		_, _ = rw.Write(out)
	}))
	t.Cleanup(srv.Close)
	return srv.URL, func() []Call {
		mu.Lock()
		defer mu.Unlock()
		return append([]Call(nil), seen...)
	}
}
