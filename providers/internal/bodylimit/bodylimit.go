package bodylimit

import (
	"fmt"
	"io"
	"net/http"

	"github.com/kaigi-dev/kaigi/agent"
)

// ReadAll reads res.Body to its end if it holds at most limit bytes
// (limit <= 0 means agent.DefaultMaxResponseBytes). A body whose
// Content-Length already exceeds the limit is not read at all; of a
// longer body without one, limit+1 bytes are read and no more. Either
// fails with an error wrapping agent.ErrResponseTooLarge that names the
// limit and how to raise it (hint, such as "WithMaxResponseBytes"),
// without quoting the body. Errors of the read itself are returned as
// they are. ReadAll does not close the body.
func ReadAll(res *http.Response, limit int64, hint string) ([]byte, error) {
	if limit <= 0 {
		limit = agent.DefaultMaxResponseBytes
	}
	if res.ContentLength > limit {
		return nil, tooLarge(fmt.Sprintf("the server announced %d bytes, more", res.ContentLength), limit, hint)
	}
	b, err := io.ReadAll(io.LimitReader(res.Body, limit+1)) // one byte more tells "at the limit" from "past it"
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, tooLarge("the server sent more", limit, hint)
	}
	return b, nil
}

// tooLarge is the error of a body past limit; what completes "... than
// the limit".
func tooLarge(what string, limit int64, hint string) error {
	return fmt.Errorf("%w: %s than the limit of %d bytes (raise it with %s)", agent.ErrResponseTooLarge, what, limit, hint)
}
