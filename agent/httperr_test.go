package agent

import (
	"errors"
	"fmt"
	"testing"
)

// TestHTTPStatus: the status text of standard and non-standard codes, and
// each part of the message joined once.
func TestHTTPStatus(t *testing.T) {
	for _, tc := range []struct {
		code          int
		kind, message string
		want          string
	}{
		{529, "", "Overloaded", "HTTP 529 Overloaded"},
		{529, "overloaded_error", "Overloaded", "HTTP 529 Overloaded (overloaded_error)"},
		{429, "rate_limit_error", "slow down", "HTTP 429 Too Many Requests (rate_limit_error): slow down"},
		{520, "", "", "HTTP 520 Web Server Returned an Unknown Error"},
		{487, "", "odd", "HTTP 487 Client Error: odd"},
		{570, "", "", "HTTP 570 Server Error"},
		{299, "", "x", "HTTP 299: x"},
	} {
		if got := HTTPStatus(tc.code, tc.kind, tc.message); got != tc.want {
			t.Errorf("HTTPStatus(%d, %q, %q) = %q, want %q", tc.code, tc.kind, tc.message, got, tc.want)
		}
	}
}

// TestResponseTooLargeError: it matches ErrResponseTooLarge through
// wrapping, and says what passed which limit and the option.
func TestResponseTooLargeError(t *testing.T) {
	err := fmt.Errorf("openai: model %q: %w", "m", &ResponseTooLargeError{Limit: 1000, Announced: 5000, Option: "openai.WithMaxResponseBytes"})
	var tl *ResponseTooLargeError
	if !errors.Is(err, ErrResponseTooLarge) || !errors.As(err, &tl) || tl.Limit != 1000 {
		t.Fatalf("%v does not match ErrResponseTooLarge and *ResponseTooLargeError", err)
	}
	const want = `openai: model "m": answer too large: the server announced 5000 bytes, more than the limit of 1000 bytes (raise it with openai.WithMaxResponseBytes)`
	if err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
	if got := (&ResponseTooLargeError{Limit: 10}).Error(); got != "answer too large: the server sent more than the limit of 10 bytes" {
		t.Errorf("without announcement or option: %q", got)
	}
}
