package bodylimit

import (
	"io"
	"net/http"

	"github.com/kaigi-dev/kaigi/agent"
)

// ReadAll reads res.Body to its end if it holds at most limit bytes
// (limit <= 0 means agent.DefaultMaxResponseBytes). A body whose
// Content-Length already exceeds the limit is not read at all; of a
// longer body without one, limit+1 bytes are read and no more. Either
// fails with an *agent.ResponseTooLargeError (which matches
// agent.ErrResponseTooLarge) naming the limit and the option that raises
// it (option, such as "openai.WithMaxResponseBytes"), without quoting the
// body. Errors of the read itself are returned as they are. ReadAll does
// not close the body.
func ReadAll(res *http.Response, limit int64, option string) ([]byte, error) {
	if limit <= 0 {
		limit = agent.DefaultMaxResponseBytes
	}
	if res.ContentLength > limit {
		return nil, &agent.ResponseTooLargeError{Limit: limit, Announced: res.ContentLength, Option: option}
	}
	b, err := io.ReadAll(io.LimitReader(res.Body, limit+1)) // one byte more tells "at the limit" from "past it"
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, &agent.ResponseTooLargeError{Limit: limit, Option: option}
	}
	return b, nil
}
