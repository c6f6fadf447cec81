// Package httpjson is the transport of the HTTP providers (openai,
// anthropic): it posts one JSON request and reads its answer, with a
// bound per attempt, retries of 408, 409, 429, 5xx and connection errors
// (capped exponential backoff with jitter, or the server's Retry-After),
// waits bounded by the caller's context, and a bounded body (bodylimit).
// It also holds what both wire formats need to read an answer: lenient
// token counts, excerpts of error bodies that are not JSON, and the
// redaction of the key from transport errors.
package httpjson
