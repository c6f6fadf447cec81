// Package bodylimit bounds the HTTP response bodies an SDK reads, as
// middleware of the shape both official SDKs (openai-go, anthropic-sdk-go)
// take with option.WithMiddleware.
package bodylimit
