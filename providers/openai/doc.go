// Package openai is a kaigi agent.Provider for the Chat Completions API:
// OpenAI itself and every server that speaks it — Ollama, vLLM, LM Studio,
// llama.cpp's server, OpenRouter — chosen by base URL.
//
// It speaks the API's JSON over net/http itself, without the official SDK,
// whose module graph brings the Azure and Google Cloud SDKs along. A call
// is retried after a 408, 409, 429 or 5xx answer or a connection error,
// honouring Retry-After, with backoff and jitter, never past the context's
// deadline (WithMaxRetries sets how often, WithRequestTimeout bounds each
// attempt; there is no second retry layer). A Request's Schema is sent as a
// strict response_format json_schema, adjusted by StrictSchema, with its
// keys in the order the Schema lists them (strict mode writes properties in
// that order). Usage counts cached prompt tokens as CacheReadTokens and the
// rest of the prompt as InputTokens (negative counts are taken as 0).
// Finish reason "length" sets Response.Truncated. A response body is read
// up to WithMaxResponseBytes (agent.DefaultMaxResponseBytes); a longer one
// fails with agent.ErrResponseTooLarge and is not fetched again. Errors
// match the agent error classes (agent.ErrRateLimited, ErrUnauthorized,
// ErrUnavailable, ErrTimedOut) with errors.Is. The Provider never reads the
// environment: pass the key. Errors never contain the API key.
//
// The smallest use:
//
//	p := openai.New(openai.WithAPIKey(os.Getenv("OPENAI_API_KEY")), openai.WithModel("gpt-4.1-mini"))
//	resp, err := p.Complete(ctx, agent.Request{Messages: []agent.Message{agent.UserText("Hello")}})
//
// and for a local Ollama:
//
//	p := openai.NewOllama("llama3.2")
package openai
