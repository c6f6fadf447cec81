package conformance

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
)

// Harness connects Run to one provider.
type Harness struct {
	// Start starts a fake backend that answers the provider's calls with
	// replies, in order, and returns the provider under test wired to it
	// (using apiKey, if the provider takes one) and a function returning
	// the calls the backend received so far. The provider must retry at
	// least once on 429 and 500 when HTTP is true.
	Start func(t *testing.T, apiKey string, replies ...Reply) (agent.Provider, func() []Call)

	// CheckRequest reports, through t, how call fails to be the wire form
	// of req: model name, max tokens, where the schema went, cache break
	// points. It is called for the plain and the structured case.
	CheckRequest func(t *testing.T, call Call, req agent.Request)

	// HTTP says the backend speaks HTTP: the cases for 429, 500, 401 and
	// malformed or truncated bodies apply, and so does ErrorClasses.
	HTTP bool

	// Statuses says the backend answers a Reply with a Status as a failed
	// call of that HTTP status without speaking HTTP (a scripted
	// provider), so the ErrorClasses case applies.
	Statuses bool

	// Usage says the backend reports token counts that the provider maps
	// into agent.Usage.
	Usage bool

	// Wire, when set, is the HTTP wire format Start serves; the malformed
	// case then also cuts real answers short at several points.
	Wire *Wire

	// NoTokenLimit says the provider has no output token limit, so no
	// answer can be cut off at one (a command line tool): the Truncation
	// case is skipped.
	NoTokenLimit bool
}

// Key is the API key Run hands to Start. It is long and unusual so a test
// can tell that it leaked into an error.
const Key = "sk-conformance-0123456789-DO-NOT-LEAK"

// ReportSchema is the JSON Schema the structured-output case sends: a
// small Council-JSON-like object with nesting, an optional property, an
// enum and keywords that strict modes reject.
const ReportSchema = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "properties": {
    "reviewer": {"type": "string", "minLength": 1},
    "schema_version": {"type": "string", "enum": ["1"]},
    "findings": {
      "type": "array",
      "items": {
        "type": "object",
        "properties": {
          "id": {"type": "string"},
          "severity": {"type": "string", "enum": ["low", "medium", "high"]},
          "confidence": {"type": "integer", "minimum": 0, "maximum": 100}
        },
        "required": ["id", "severity", "confidence"]
      }
    },
    "memo": {"type": "string"}
  },
  "required": ["reviewer", "schema_version", "findings"]
}`

// Run runs the conformance cases against the provider h starts.
func Run(t *testing.T, h Harness) {
	t.Run("PlainText", func(t *testing.T) { plainText(t, h) })
	t.Run("StructuredOutput", func(t *testing.T) { structured(t, h) })
	t.Run("EmptyReply", func(t *testing.T) { emptyReply(t, h) })
	t.Run("Cancel", func(t *testing.T) { cancel(t, h) })
	t.Run("CanceledBeforeCall", func(t *testing.T) { canceledBefore(t, h) })
	t.Run("Concurrent", func(t *testing.T) { concurrent(t, h) })
	if h.Usage {
		t.Run("Usage", func(t *testing.T) { usage(t, h) })
		t.Run("NegativeUsage", func(t *testing.T) { negativeUsage(t, h) })
		t.Run("EmptyReplyUsage", func(t *testing.T) { emptyReplyUsage(t, h) })
	}
	if !h.NoTokenLimit {
		t.Run("Truncation", func(t *testing.T) { truncation(t, h) })
	}
	if h.HTTP || h.Statuses {
		t.Run("ErrorClasses", func(t *testing.T) { errorClasses(t, h) })
	}
	t.Run("Ask", func(t *testing.T) { ask(t, h) })
	if h.HTTP {
		t.Run("RateLimitRetry", func(t *testing.T) {
			retry(t, h, Reply{Status: 429, RetryAfter: "0", Text: "rate limited"})
		})
		t.Run("ServerErrorRetry", func(t *testing.T) {
			retry(t, h, Reply{Status: 500, Text: "internal error"})
		})
		t.Run("Unauthorized", func(t *testing.T) { unauthorized(t, h) })
		t.Run("Malformed", func(t *testing.T) { malformed(t, h) })
		t.Run("ResponseTooLarge", func(t *testing.T) { tooLarge(t, h) })
	}
}

// plainRequest is a short conversation with Japanese text and CRLF.
func plainRequest() agent.Request {
	return agent.Request{
		Model:  "conformance-model",
		System: "You are a careful reviewer.",
		Messages: []agent.Message{
			{Role: agent.User, Parts: []agent.Part{
				{Text: "文書:\r\n吾輩は猫である。\r\n", CacheBreak: true},
				{Text: "Summarise in one line."},
			}},
		},
	}
}

func complete(t *testing.T, p agent.Provider, req agent.Request) (agent.Response, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	return p.Complete(ctx, req)
}

func plainText(t *testing.T, h Harness) {
	want := "猫の一人称の語り。\r\nA cat narrates."
	p, calls := h.Start(t, Key, Reply{Text: want, Model: "conformance-model"})
	req := plainRequest()
	resp, err := complete(t, p, req)
	if err != nil {
		t.Fatalf("Complete: %v", err)
	}
	if resp.Text != want {
		t.Errorf("Text = %q, want %q", resp.Text, want)
	}
	if resp.Usage.Calls != 1 {
		t.Errorf("Usage.Calls = %d, want 1", resp.Usage.Calls)
	}
	got := calls()
	if len(got) != 1 {
		t.Fatalf("backend saw %d calls, want 1", len(got))
	}
	h.CheckRequest(t, got[0], req)
}

func structured(t *testing.T, h Harness) {
	want := `{"reviewer":"r","schema_version":"1","findings":[]}`
	p, calls := h.Start(t, Key, Reply{Text: want, Model: "conformance-model"})
	req := plainRequest()
	req.Schema = []byte(ReportSchema)
	req.SchemaName = "council_report"
	req.MaxTokens = 321
	temp := 0.25
	req.Temperature = &temp
	resp, err := complete(t, p, req)
	if err != nil {
		t.Fatalf("Complete: %v", err)
	}
	if resp.Text != want {
		t.Errorf("Text = %q, want %q", resp.Text, want)
	}
	got := calls()
	if len(got) != 1 {
		t.Fatalf("backend saw %d calls, want 1", len(got))
	}
	h.CheckRequest(t, got[0], req)
}

func emptyReply(t *testing.T, h Harness) {
	p, _ := h.Start(t, Key, Reply{Text: "", Model: "conformance-model"})
	if _, err := complete(t, p, plainRequest()); err == nil {
		t.Error("Complete returned no error for an empty answer")
	}
}

func usage(t *testing.T, h Harness) {
	want := agent.Usage{InputTokens: 1200, OutputTokens: 345, CacheReadTokens: 800, CacheWriteTokens: 64, Calls: 1}
	p, _ := h.Start(t, Key, Reply{Text: "ok", Model: "conformance-model", Usage: want})
	resp, err := complete(t, p, plainRequest())
	if err != nil {
		t.Fatalf("Complete: %v", err)
	}
	if resp.Usage != want {
		t.Errorf("Usage = %+v, want %+v", resp.Usage, want)
	}
	if resp.Model != "conformance-model" {
		t.Errorf("Model = %q, want %q", resp.Model, "conformance-model")
	}
}

// negativeUsage: a server that reports negative token counts must not
// make a call look cheaper than free.
func negativeUsage(t *testing.T, h Harness) {
	neg := agent.Usage{InputTokens: -5, OutputTokens: -7, CacheReadTokens: -11, CacheWriteTokens: -13}
	p, _ := h.Start(t, Key, Reply{Text: "ok", Model: "conformance-model", Usage: neg})
	resp, err := complete(t, p, plainRequest())
	if err != nil {
		t.Fatalf("Complete: %v", err)
	}
	u := resp.Usage
	if u.InputTokens < 0 || u.OutputTokens < 0 || u.CacheReadTokens < 0 || u.CacheWriteTokens < 0 {
		t.Errorf("Usage = %+v, want every negative count taken as 0", u)
	}
}

// emptyReplyUsage: an empty answer is an error, but what it cost is not
// lost.
func emptyReplyUsage(t *testing.T, h Harness) {
	spent := agent.Usage{InputTokens: 900, OutputTokens: 3}
	p, _ := h.Start(t, Key, Reply{Text: "", Model: "conformance-model", Usage: spent})
	resp, err := complete(t, p, plainRequest())
	if !errors.Is(err, agent.ErrEmptyReply) {
		t.Fatalf("err = %v, want one wrapping agent.ErrEmptyReply", err)
	}
	if resp.Usage.InputTokens != spent.InputTokens || resp.Usage.OutputTokens != spent.OutputTokens {
		t.Errorf("Usage = %+v, want the empty answer's %+v", resp.Usage, spent)
	}
	if resp.Model != "conformance-model" {
		t.Errorf("Model = %q, want the model of the empty answer", resp.Model)
	}
}

// truncation: an answer cut off at the token limit is reported as such,
// with its text; one cut off before any text is an error wrapping
// agent.ErrTruncated.
func truncation(t *testing.T, h Harness) {
	cut := `{"reviewer": "r", "findings": [{"id": "F0`
	p, _ := h.Start(t, Key, Reply{Text: cut, Model: "conformance-model", Truncated: true}, Reply{Text: "", Model: "conformance-model", Truncated: true})
	resp, err := complete(t, p, plainRequest())
	if err != nil {
		t.Fatalf("Complete of a cut-off answer: %v", err)
	}
	if !resp.Truncated || resp.Text != cut {
		t.Errorf("Response = %+v, want the cut-off text with Truncated set", resp)
	}
	if _, err := complete(t, p, plainRequest()); !errors.Is(err, agent.ErrTruncated) || !errors.Is(err, agent.ErrEmptyReply) {
		t.Errorf("Complete of an answer cut off before any text: err = %v, want agent.ErrTruncated and agent.ErrEmptyReply", err)
	}
}

// classes are the provider-independent error classes, in a fixed order.
var classes = []error{agent.ErrRateLimited, agent.ErrUnauthorized, agent.ErrUnavailable, agent.ErrTimedOut, agent.ErrTruncated, agent.ErrResponseTooLarge}

// classesOf returns the classes err matches.
func classesOf(err error) []error {
	var out []error
	for _, c := range classes {
		if errors.Is(err, c) {
			out = append(out, c)
		}
	}
	return out
}

// errorClasses: every failing status, after the provider's own retries,
// gives an error of its class and of no other, so a fallback chain can
// decide without knowing the provider.
func errorClasses(t *testing.T, h Harness) {
	tests := []struct {
		status int
		want   error
	}{
		{429, agent.ErrRateLimited},
		{401, agent.ErrUnauthorized},
		{403, agent.ErrUnauthorized},
		{500, agent.ErrUnavailable},
		{503, agent.ErrUnavailable},
		{529, agent.ErrUnavailable},
		{504, agent.ErrTimedOut},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.status), func(t *testing.T) {
			p, _ := h.Start(t, Key, Reply{Status: tt.status, RetryAfter: "0", Text: "failing on purpose"})
			_, err := complete(t, p, plainRequest())
			if got := classesOf(err); len(got) != 1 || got[0] != tt.want {
				t.Errorf("HTTP %d: err = %v matches the classes %v, want %v only", tt.status, err, got, tt.want)
			}
		})
	}
}

// within fails t when f has not returned after d: a hung provider must
// fail the case, not the whole test binary.
func within(t *testing.T, d time.Duration, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("call did not return within %v of its context ending", d)
	}
}

func cancel(t *testing.T, h Harness) {
	p, _ := h.Start(t, Key, Reply{Hang: true})
	ctx, stop := context.WithTimeout(t.Context(), 100*time.Millisecond)
	defer stop()
	var err error
	within(t, 10*time.Second, func() { _, err = p.Complete(ctx, plainRequest()) })
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Complete after the deadline: err = %v, want one wrapping context.DeadlineExceeded", err)
	}
	if got := classesOf(err); len(got) != 1 || got[0] != agent.ErrTimedOut {
		t.Errorf("Complete after the deadline: err = %v matches the classes %v, want agent.ErrTimedOut only", err, got)
	}
}

func canceledBefore(t *testing.T, h Harness) {
	p, calls := h.Start(t, Key, Reply{Text: "never"})
	ctx, stop := context.WithCancel(t.Context())
	stop()
	_, err := p.Complete(ctx, plainRequest())
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Complete with a canceled context: err = %v, want one wrapping context.Canceled", err)
	}
	if got := classesOf(err); len(got) != 0 {
		t.Errorf("a call the caller canceled matches the classes %v, want none", got)
	}
	if n := len(calls()); n != 0 {
		t.Errorf("backend saw %d calls, want 0", n)
	}
}

func concurrent(t *testing.T, h Harness) {
	const n = 8
	p, calls := h.Start(t, Key, Reply{Text: "same", Model: "conformance-model"})
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() {
			req := plainRequest()
			req.Messages = append(req.Messages, agent.UserText(fmt.Sprint("call ", i)))
			resp, err := complete(t, p, req)
			if err == nil && resp.Text != "same" {
				err = fmt.Errorf("Text = %q", resp.Text)
			}
			errs[i] = err
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Errorf("concurrent calls: %v", err)
	}
	if got := len(calls()); got != n {
		t.Errorf("backend saw %d calls, want %d", got, n)
	}
}

func retry(t *testing.T, h Harness, first Reply) {
	p, calls := h.Start(t, Key, first, Reply{Text: "after retry", Model: "conformance-model"})
	resp, err := complete(t, p, plainRequest())
	if err != nil {
		t.Fatalf("Complete after one HTTP %d: %v", first.Status, err)
	}
	if resp.Text != "after retry" {
		t.Errorf("Text = %q, want %q", resp.Text, "after retry")
	}
	if n := len(calls()); n != 2 {
		t.Errorf("backend saw %d calls, want 2 (one failure, one retry)", n)
	}
}

func unauthorized(t *testing.T, h Harness) {
	msg := "Incorrect API key provided: " + Key + ". You can find your API key in your account settings."
	p, calls := h.Start(t, Key, Reply{Status: 401, Text: msg})
	_, err := complete(t, p, plainRequest())
	if err == nil {
		t.Fatal("Complete returned no error for HTTP 401")
	}
	for _, s := range []string{err.Error(), fmt.Sprintf("%v", err), fmt.Sprintf("%+v", err), fmt.Sprintf("%#v", err)} {
		if strings.Contains(s, Key) {
			t.Errorf("the error shows the API key: %s", s)
		}
	}
	if !strings.Contains(err.Error(), "401") {
		t.Errorf("error %q does not name the status 401", err)
	}
	if n := len(calls()); n != 1 {
		t.Errorf("backend saw %d calls, want 1 (a 401 is not retried)", n)
	}
	for _, c := range calls() {
		if !strings.Contains(fmt.Sprint(c.Header), Key) {
			t.Errorf("the request did not carry the API key in a header: %v", c.Header)
		}
	}
}

// tooLarge: an answer beyond agent.DefaultMaxResponseBytes is refused
// with agent.ErrResponseTooLarge, and not fetched again.
func tooLarge(t *testing.T, h Harness) {
	text := strings.Repeat("あ", agent.DefaultMaxResponseBytes/3+1)
	body := []byte(text)
	if h.Wire != nil {
		body = h.Wire.Encode(Reply{Text: text, Model: "conformance-model"})
	}
	p, calls := h.Start(t, Key, Reply{Body: body})
	_, err := complete(t, p, plainRequest())
	if !errors.Is(err, agent.ErrResponseTooLarge) {
		t.Errorf("Complete of a %d-byte answer: err = %.200v, want one wrapping agent.ErrResponseTooLarge", len(body), err)
	}
	if err != nil && len(err.Error()) > 1000 {
		t.Errorf("the error holds %d bytes of the answer", len(err.Error()))
	}
	if n := len(calls()); n != 1 {
		t.Errorf("backend saw %d calls, want 1 (an answer too large is not fetched again)", n)
	}
}

func malformed(t *testing.T, h Harness) {
	bodies := map[string][]byte{
		"not JSON":         []byte("<html><body>502 Bad Gateway</body></html>"),
		"truncated JSON":   []byte(`{"id":"msg_1","choices":[{"message":{"content":"hal`),
		"wrong shape":      []byte(`{"id":7,"choices":"none","content":{"text":false}}`),
		"JSON null":        []byte(`null`),
		"empty body":       {},
		"array not object": []byte(`[1,2,3]`),
	}
	if h.Wire != nil {
		good := h.Wire.Encode(Reply{Text: "a complete answer", Model: "conformance-model"})
		for _, cut := range []int{1, len(good) / 3, len(good) / 2, len(good) - 1} {
			bodies[fmt.Sprintf("answer cut at byte %d", cut)] = good[:cut]
		}
	}
	for name, body := range bodies {
		t.Run(strings.ReplaceAll(name, " ", "_"), func(t *testing.T) {
			p, _ := h.Start(t, Key, Reply{Body: body})
			var err error
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Fatalf("Complete panicked on a %s body: %v", name, r)
					}
				}()
				_, err = complete(t, p, plainRequest())
			}()
			if err == nil {
				t.Errorf("Complete returned no error for a %s body %q", name, body)
			}
		})
	}
}
