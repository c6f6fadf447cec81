package httpjson

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/internal/bodylimit"
)

// Client posts JSON requests with retries. The zero value sends through
// http.DefaultClient without retries or a bound per attempt. A Client is
// safe for concurrent use once configured; its fields must not change
// while a Post runs.
type Client struct {
	// HTTP sends the requests; nil means http.DefaultClient.
	HTTP *http.Client
	// MaxRetries is how often a failed attempt is repeated: one that got
	// a 408, 409, 429 or 5xx answer, or no answer (a connection error, an
	// attempt past Timeout, a body cut short). 0 or less: never.
	MaxRetries int
	// Timeout bounds each attempt, reading the body included; each retry
	// gets its own. 0 or less: only the context bounds the call.
	Timeout time.Duration
	// MaxBytes bounds the body read for one answer, error answers
	// included; 0 or less means agent.DefaultMaxResponseBytes.
	MaxBytes int64
	// Option names how a Go caller raises MaxBytes, for the error of a
	// longer answer (agent.ResponseTooLargeError.Option). Example:
	// "openai.WithMaxResponseBytes".
	Option string
	// Backoff is the wait before retry n (0 for the first) when the
	// answer names none in Retry-After-Ms or Retry-After; nil means
	// Backoff.
	Backoff func(n int) time.Duration
}

// Answer is the last answer of a Post: any status, its headers and its
// whole body.
type Answer struct {
	Status int
	Header http.Header
	Body   []byte
}

// Post sends body to url with header (plus Content-Type and Accept
// application/json) until an answer is final or MaxRetries retries are
// spent, and returns the last answer whatever its status; the caller
// decodes error answers. It does not retry when the wait the server asks
// for exceeds MaxRetryAfter, nor when the wait would end after the
// context's deadline: the answer at hand is returned then.
//
// Without an answer the error is the last attempt's, unprefixed (callers
// add theirs): it wraps the context's error when the context ended (during
// an attempt or a wait), the transport's error (so agent.TransportClass
// classifies it), or is an *agent.ResponseTooLargeError, which is never
// retried.
func (c *Client) Post(ctx context.Context, url string, header http.Header, body []byte) (*Answer, error) {
	for retry := 0; ; retry++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		ans, again, err := c.attempt(ctx, url, header, body)
		switch {
		case err != nil && ctx.Err() != nil:
			if !errors.Is(err, ctx.Err()) {
				err = fmt.Errorf("%w: %w", ctx.Err(), err)
			}
			return nil, err
		case !again, retry >= c.MaxRetries:
			return ans, err
		}
		delay := c.backoff(retry)
		if ans != nil {
			d, named, ok := RetryAfter(ans.Header, time.Now())
			if !ok {
				return ans, nil // the server asks for a longer wait than MaxRetryAfter
			}
			if named {
				delay = d
			}
		}
		if deadline, ok := ctx.Deadline(); ok && !time.Now().Add(delay).Before(deadline) {
			return ans, err // the retry could not be answered in time
		}
		if werr := wait(ctx, delay); werr != nil {
			return nil, fmt.Errorf("%w (while waiting %v to retry after %s)", werr, delay.Round(time.Millisecond), failure(ans, err))
		}
	}
}

// attempt makes one request. again says whether its failure may be
// retried; err is set when there is no answer.
func (c *Client) attempt(ctx context.Context, url string, header http.Header, body []byte) (ans *Answer, again bool, err error) {
	actx := ctx
	if c.Timeout > 0 {
		var cancel context.CancelFunc
		actx, cancel = context.WithTimeout(ctx, c.Timeout)
		defer cancel()
	}
	req, err := http.NewRequestWithContext(actx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return nil, false, err
	}
	for k, v := range header {
		req.Header[k] = v
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	hc := c.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	res, err := hc.Do(req)
	if err == nil {
		defer res.Body.Close()
		var b []byte
		if b, err = bodylimit.ReadAll(res, c.MaxBytes, c.Option); err == nil {
			return &Answer{Status: res.StatusCode, Header: res.Header, Body: b}, Retryable(res.StatusCode), nil
		}
		if errors.Is(err, agent.ErrResponseTooLarge) {
			return nil, false, err
		}
	}
	if actx.Err() != nil && ctx.Err() == nil {
		err = fmt.Errorf("attempt timed out after %v: %w", c.Timeout, err)
	}
	return nil, true, err
}

// Retryable reports whether an answer of status may succeed when asked
// again: 408, 409, 429 and every status from 500 up.
func Retryable(status int) bool {
	return status == http.StatusRequestTimeout || status == http.StatusConflict ||
		status == http.StatusTooManyRequests || status >= 500
}

func (c *Client) backoff(n int) time.Duration {
	if c.Backoff != nil {
		return max(c.Backoff(n), 0)
	}
	return Backoff(n)
}

// failure names what a retry follows: an answer's status or an error.
func failure(ans *Answer, err error) string {
	if ans != nil {
		return agent.HTTPStatus(ans.Status, "", "")
	}
	return err.Error()
}

// wait sleeps d or until ctx ends, whichever is first, and returns the
// context's error in the second case.
func wait(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
