package httpjson_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/internal/httpjson"
)

// step is how the test server answers one request.
type step struct {
	status     int
	body       string
	retryAfter string
	hang       bool // answer only when the request's context ends
	drop       bool // close the connection without an answer
}

// server answers the i-th request with steps[i] (the last repeats) and
// counts the requests.
type server struct {
	*httptest.Server
	mu sync.Mutex
	n  int
}

func serve(t *testing.T, steps ...step) *server {
	t.Helper()
	s := &server{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		st := steps[min(s.n, len(steps)-1)]
		s.n++
		s.mu.Unlock()
		switch {
		case st.hang:
			<-r.Context().Done()
			return
		case st.drop:
			conn, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				conn.Close()
			}
			return
		}
		if st.retryAfter != "" {
			w.Header().Set("Retry-After", st.retryAfter)
		}
		w.WriteHeader(max(st.status, 200))
		_, _ = w.Write([]byte(st.body))
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *server) calls() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.n
}

// noWait is a Backoff without waiting, for tests.
func noWait(int) time.Duration { return 0 }

// aLongWait is a Backoff longer than any test's context, so that a retry
// that happens shows the wait came from Retry-After.
func aLongWait(int) time.Duration { return time.Hour }

func TestPostRetries(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		steps      []step
		wantStatus int
		wantCalls  int
	}{
		{"429 then 200", []step{{status: 429, body: "slow down"}, {body: "ok"}}, 200, 2},
		{"408 then 200", []step{{status: 408}, {body: "ok"}}, 200, 2},
		{"409 then 200", []step{{status: 409}, {body: "ok"}}, 200, 2},
		{"503 then 200", []step{{status: 503}, {body: "ok"}}, 200, 2},
		{"529 then 200", []step{{status: 529}, {body: "ok"}}, 200, 2},
		{"500 three times exhausts two retries", []step{{status: 500, body: "boom"}}, 500, 3},
		{"400 is not retried", []step{{status: 400, body: "bad"}, {body: "ok"}}, 400, 1},
		{"401 is not retried", []step{{status: 401, body: "who"}, {body: "ok"}}, 401, 1},
		{"404 is not retried", []step{{status: 404}, {body: "ok"}}, 404, 1},
		{"a dropped connection is retried", []step{{drop: true}, {body: "ok"}}, 200, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := serve(t, tt.steps...)
			c := httpjson.Client{MaxRetries: 2, Backoff: noWait}
			ans, err := c.Post(t.Context(), s.URL, nil, []byte(`{}`))
			if err != nil {
				t.Fatalf("Post: %v", err)
			}
			if ans.Status != tt.wantStatus || s.calls() != tt.wantCalls {
				t.Errorf("status %d after %d calls, want %d after %d", ans.Status, s.calls(), tt.wantStatus, tt.wantCalls)
			}
			if ans.Status == 500 && string(ans.Body) != "boom" {
				t.Errorf("body %q, want the last answer's", ans.Body)
			}
		})
	}
}

func TestPostSendsJSONAndHeaders(t *testing.T) {
	var got *http.Request
	var body string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		got, body = r, string(b)
	}))
	defer srv.Close()
	header := http.Header{"Authorization": {"Bearer k"}}
	c := httpjson.Client{}
	if _, err := c.Post(t.Context(), srv.URL+"/v1/x", header, []byte(`{"a":"日本語"}`)); err != nil {
		t.Fatal(err)
	}
	if got.Method != http.MethodPost || got.URL.Path != "/v1/x" || body != `{"a":"日本語"}` {
		t.Errorf("%s %s %q, want POST /v1/x with the body", got.Method, got.URL.Path, body)
	}
	for k, want := range map[string]string{"Authorization": "Bearer k", "Content-Type": "application/json", "Accept": "application/json"} {
		if v := got.Header.Get(k); v != want {
			t.Errorf("%s: %q, want %q", k, v, want)
		}
	}
	if len(header) != 1 {
		t.Errorf("the caller's header was changed: %v", header)
	}
}

func TestPostRetryAfter(t *testing.T) {
	t.Parallel()
	date := time.Now().Add(1500 * time.Millisecond).UTC().Format(http.TimeFormat)
	tests := []struct {
		name       string
		retryAfter string
		wantCalls  int
	}{
		// The backoff is an hour, longer than the context: only the
		// server's shorter wait lets the retry happen.
		{"seconds", "1", 2},
		{"fraction of a second", "0.2", 2},
		{"HTTP date", date, 2},
		{"HTTP date in the past", "Mon, 02 Jan 2006 15:04:05 GMT", 2},
		{"beyond MaxRetryAfter: the answer at once", "3600", 1},
		{"past the context's deadline: the answer at once", "50", 1},
		{"unparsable: the backoff, past the deadline", "soon", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := serve(t, step{status: 429, retryAfter: tt.retryAfter}, step{body: "ok"})
			ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
			defer cancel()
			c := httpjson.Client{MaxRetries: 1, Backoff: aLongWait}
			ans, err := c.Post(ctx, s.URL, nil, nil)
			if err != nil {
				t.Fatalf("Post: %v", err)
			}
			if s.calls() != tt.wantCalls {
				t.Errorf("%d calls, want %d", s.calls(), tt.wantCalls)
			}
			if want := map[int]int{1: 429, 2: 200}[tt.wantCalls]; ans.Status != want {
				t.Errorf("status %d, want %d", ans.Status, want)
			}
		})
	}
}

func TestPostCancelDuringBackoff(t *testing.T) {
	s := serve(t, step{status: 503}, step{body: "ok"})
	ctx, cancel := context.WithCancel(t.Context())
	// The caller gives up once the wait has been chosen, before it ends.
	c := httpjson.Client{MaxRetries: 3, Backoff: func(int) time.Duration { cancel(); return time.Hour }}
	_, err := c.Post(ctx, s.URL, nil, nil)
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "HTTP 503") {
		t.Errorf("err = %v, want context.Canceled naming the status it waited to retry", err)
	}
	if agent.TransportClass(err) != nil {
		t.Errorf("a call the caller canceled has the class %v", agent.TransportClass(err))
	}
	if s.calls() != 1 {
		t.Errorf("%d calls, want 1", s.calls())
	}
}

func TestPostCanceledBefore(t *testing.T) {
	s := serve(t, step{body: "ok"})
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	c := httpjson.Client{MaxRetries: 2}
	if _, err := c.Post(ctx, s.URL, nil, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
	if s.calls() != 0 {
		t.Errorf("%d calls, want 0", s.calls())
	}
}

func TestPostAttemptTimeout(t *testing.T) {
	t.Parallel()
	t.Run("a hung attempt is retried", func(t *testing.T) {
		t.Parallel()
		s := serve(t, step{hang: true}, step{body: "ok"})
		// The bound is long enough for the second attempt on a busy machine.
		c := httpjson.Client{MaxRetries: 1, Timeout: time.Second, Backoff: noWait}
		ans, err := c.Post(t.Context(), s.URL, nil, nil)
		if err != nil || ans.Status != 200 || string(ans.Body) != "ok" {
			t.Fatalf("Post = %+v, %v; want the retry's answer", ans, err)
		}
		if s.calls() != 2 {
			t.Errorf("%d calls, want 2", s.calls())
		}
	})
	t.Run("every attempt hung", func(t *testing.T) {
		t.Parallel()
		s := serve(t, step{hang: true})
		c := httpjson.Client{MaxRetries: 1, Timeout: 50 * time.Millisecond, Backoff: noWait}
		_, err := c.Post(t.Context(), s.URL, nil, nil)
		if !errors.Is(err, context.DeadlineExceeded) || agent.TransportClass(err) != agent.ErrTimedOut || !strings.Contains(err.Error(), "attempt timed out after 50ms") {
			t.Errorf("err = %v, want a timed-out attempt (agent.ErrTimedOut)", err)
		}
		if s.calls() != 2 {
			t.Errorf("%d calls, want 2", s.calls())
		}
	})
	t.Run("the context's deadline ends the call", func(t *testing.T) {
		t.Parallel()
		s := serve(t, step{hang: true})
		ctx, cancel := context.WithTimeout(t.Context(), 100*time.Millisecond)
		defer cancel()
		c := httpjson.Client{MaxRetries: 5, Timeout: time.Hour, Backoff: noWait}
		_, err := c.Post(ctx, s.URL, nil, nil)
		if !errors.Is(err, context.DeadlineExceeded) || agent.TransportClass(err) != agent.ErrTimedOut {
			t.Errorf("err = %v, want context.DeadlineExceeded", err)
		}
		if s.calls() != 1 {
			t.Errorf("%d calls, want 1: no retry after the caller's deadline", s.calls())
		}
	})
}

func TestPostTooLarge(t *testing.T) {
	t.Parallel()
	big := strings.Repeat("x", 2048)
	for _, status := range []int{200, 500, 429} {
		s := serve(t, step{status: status, body: big}, step{body: "ok"})
		c := httpjson.Client{MaxRetries: 2, MaxBytes: 1024, Option: "WithMaxResponseBytes", Backoff: noWait}
		_, err := c.Post(t.Context(), s.URL, nil, nil)
		if !errors.Is(err, agent.ErrResponseTooLarge) || !strings.Contains(err.Error(), "WithMaxResponseBytes") || strings.Contains(err.Error(), "xxxx") {
			t.Errorf("HTTP %d: err = %.200v, want agent.ErrResponseTooLarge naming the option, not quoting the body", status, err)
		}
		if s.calls() != 1 {
			t.Errorf("HTTP %d: %d calls, want 1 (an answer too large is not fetched again)", status, s.calls())
		}
	}
}

func TestPostConnectionRefused(t *testing.T) {
	s := serve(t, step{})
	url := s.URL
	s.Close()
	c := httpjson.Client{MaxRetries: 2, Backoff: noWait}
	_, err := c.Post(t.Context(), url, nil, nil)
	if err == nil || agent.TransportClass(err) != agent.ErrUnavailable {
		t.Errorf("err = %v, want agent.ErrUnavailable", err)
	}
}

func TestPostBadURL(t *testing.T) {
	c := httpjson.Client{MaxRetries: 2, Backoff: aLongWait}
	if _, err := c.Post(t.Context(), "http://[::1", nil, nil); err == nil {
		t.Error("Post to a malformed URL returned no error")
	}
}
