package httpjson

import (
	"net/http"
	"strconv"
	"strings"
	"unicode"
)

// StatusLine names an HTTP status as an error message starts: "HTTP 429
// Too Many Requests", "HTTP 529 Overloaded", or "HTTP 599" for a status
// with no common meaning.
func StatusLine(code int) string {
	s := "HTTP " + strconv.Itoa(code)
	if t := StatusText(code); t != "" {
		s += " " + t
	}
	return s
}

// StatusText is http.StatusText, and for the non-standard codes that
// model APIs and the gateways in front of them send, their common
// meaning: 529 Overloaded (Anthropic) and Cloudflare's 520 to 527. It is
// "" for other unknown codes.
func StatusText(code int) string {
	if t := http.StatusText(code); t != "" {
		return t
	}
	switch code {
	case 520:
		return "Web Server Returned an Unknown Error"
	case 521:
		return "Web Server Is Down"
	case 522:
		return "Connection Timed Out"
	case 523:
		return "Origin Is Unreachable"
	case 524:
		return "A Timeout Occurred"
	case 525:
		return "SSL Handshake Failed"
	case 526:
		return "Invalid SSL Certificate"
	case 527:
		return "Railgun Error"
	case 529:
		return "Overloaded"
	}
	return ""
}

// ExcerptRunes is how much of a body Excerpt keeps.
const ExcerptRunes = 200

// Excerpt is the start of an error body that is not the API's JSON (an
// HTML page from a proxy, a plain-text message), fit for an error
// message: white space runs (line breaks included) become one space,
// invalid UTF-8 is replaced, and the text is cut after ExcerptRunes
// runes, ending in "…".
func Excerpt(body []byte) string {
	s := strings.Join(strings.FieldsFunc(strings.ToValidUTF8(string(body), "\uFFFD"), unicode.IsSpace), " ")
	n := 0
	for i := range s {
		if n == ExcerptRunes {
			return s[:i] + "…"
		}
		n++
	}
	return s
}
