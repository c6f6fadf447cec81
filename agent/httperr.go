package agent

import (
	"fmt"
	"net/http"
)

// unofficialStatus names the HTTP statuses that model servers and the
// proxies in front of them send but that net/http does not know.
var unofficialStatus = map[int]string{
	499: "Client Closed Request",
	509: "Bandwidth Limit Exceeded",
	520: "Web Server Returned an Unknown Error",
	521: "Web Server Is Down",
	522: "Connection Timed Out",
	523: "Origin Is Unreachable",
	524: "A Timeout Occurred",
	525: "SSL Handshake Failed",
	526: "Invalid SSL Certificate",
	529: "Overloaded", // Anthropic's and others' "try again later"
	598: "Network Read Timeout Error",
	599: "Network Connect Timeout Error",
}

// StatusText is the text of an HTTP status: net/http's, else the name
// proxies and model servers use for the code (529 "Overloaded", 520 to
// 526 as Cloudflare names them, 499, 509, 598, 599), else "Client Error"
// or "Server Error" by its class, else "".
func StatusText(code int) string {
	if s := http.StatusText(code); s != "" {
		return s
	}
	if s, ok := unofficialStatus[code]; ok {
		return s
	}
	switch {
	case 400 <= code && code < 500:
		return "Client Error"
	case 500 <= code && code < 600:
		return "Server Error"
	}
	return ""
}

// HTTPStatus words an error answer for a message: "HTTP 529 Overloaded",
// then " (kind)" when kind is not empty, then ": message" when message
// is not empty and says more than the status text.
func HTTPStatus(code int, kind, message string) string {
	s := fmt.Sprintf("HTTP %d", code)
	text := StatusText(code)
	if text != "" {
		s += " " + text
	}
	if kind != "" {
		s += " (" + kind + ")"
	}
	if message != "" && message != text {
		s += ": " + message
	}
	return s
}

// ResponseTooLargeError reports an answer larger than a provider's bound,
// in Go terms: Option names the option that raises it. It matches
// ErrResponseTooLarge (errors.Is). A command that sets the bound from a
// flag finds it with errors.As and names its flag instead of Option.
type ResponseTooLargeError struct {
	// Limit is the bound, in bytes.
	Limit int64
	// Announced is the Content-Length the server announced past Limit,
	// or 0 when the body ran past Limit without one.
	Announced int64
	// Option is how a Go caller raises the bound. Example:
	// "openai.WithMaxResponseBytes".
	Option string
}

// Error says what passed the limit and names Option.
func (e *ResponseTooLargeError) Error() string {
	what := "the server sent more"
	if e.Announced > 0 {
		what = fmt.Sprintf("the server announced %d bytes, more", e.Announced)
	}
	s := fmt.Sprintf("%v: %s than the limit of %d bytes", ErrResponseTooLarge, what, e.Limit)
	if e.Option != "" {
		s += " (raise it with " + e.Option + ")"
	}
	return s
}

// Is reports whether target is ErrResponseTooLarge.
func (e *ResponseTooLargeError) Is(target error) bool { return target == ErrResponseTooLarge }
