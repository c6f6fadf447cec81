package conformance_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/conformance"
)

// jsonWire is a made-up minimal API: POST /complete with the Request as
// JSON, an answer {"text", "model", "usage"} or an error {"error"}.
var jsonWire = conformance.Wire{
	Path: "/complete",
	Encode: func(r conformance.Reply) []byte {
		b, _ := json.Marshal(map[string]any{"text": r.Text, "model": r.Model, "usage": r.Usage, "truncated": r.Truncated})
		return b
	},
	EncodeError: func(_ int, msg string) []byte {
		b, _ := json.Marshal(map[string]string{"error": msg})
		return b
	},
}

// jsonProvider is the smallest HTTP provider that passes the suite: the
// reference for "adding a provider". It retries 429 and 5xx once,
// honouring Retry-After, because it has no SDK to do it.
type jsonProvider struct {
	url, key string
}

func (p *jsonProvider) Complete(ctx context.Context, req agent.Request) (agent.Response, error) {
	body, err := json.Marshal(req)
	if err != nil {
		return agent.Response{}, fmt.Errorf("jsonapi: %w", err)
	}
	for attempt := 0; ; attempt++ {
		resp, retryAfter, err := p.once(ctx, body)
		if err == nil || retryAfter < 0 || attempt == 1 {
			return resp, err
		}
		select {
		case <-ctx.Done():
			return agent.Response{}, fmt.Errorf("jsonapi: %w", ctx.Err())
		case <-time.After(retryAfter):
		}
	}
}

// once makes one attempt; retryAfter >= 0 means the failure may be retried.
func (p *jsonProvider) once(ctx context.Context, body []byte) (agent.Response, time.Duration, error) {
	hr, err := http.NewRequestWithContext(ctx, http.MethodPost, p.url+"/complete", bytes.NewReader(body))
	if err != nil {
		return agent.Response{}, -1, fmt.Errorf("jsonapi: %w", err)
	}
	hr.Header.Set("Authorization", "Bearer "+p.key)
	res, err := http.DefaultClient.Do(hr)
	if err != nil {
		if class := agent.TransportClass(err); class != nil {
			return agent.Response{}, -1, fmt.Errorf("jsonapi: %w (%w)", err, class)
		}
		return agent.Response{}, -1, fmt.Errorf("jsonapi: %w", err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, agent.DefaultMaxResponseBytes+1))
	if err != nil {
		return agent.Response{}, -1, fmt.Errorf("jsonapi: reading the answer: %w", err)
	}
	if len(raw) > agent.DefaultMaxResponseBytes {
		return agent.Response{}, -1, fmt.Errorf("jsonapi: %w: more than %d bytes", agent.ErrResponseTooLarge, agent.DefaultMaxResponseBytes)
	}
	if res.StatusCode != http.StatusOK {
		retry := time.Duration(-1)
		if res.StatusCode == http.StatusTooManyRequests || res.StatusCode >= 500 {
			secs, _ := strconv.Atoi(res.Header.Get("Retry-After"))
			retry = time.Duration(secs) * time.Second
		}
		// The server's message is left out: it may echo the key.
		if class := agent.StatusClass(res.StatusCode); class != nil {
			return agent.Response{}, retry, fmt.Errorf("jsonapi: HTTP %d: %w", res.StatusCode, class)
		}
		return agent.Response{}, retry, fmt.Errorf("jsonapi: HTTP %d", res.StatusCode)
	}
	var out struct {
		Text      string      `json:"text"`
		Model     string      `json:"model"`
		Usage     agent.Usage `json:"usage"`
		Truncated bool        `json:"truncated"`
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return agent.Response{}, -1, fmt.Errorf("jsonapi: malformed answer: %w", err)
	}
	u := out.Usage // negative counts are taken as 0
	u = agent.Usage{InputTokens: max(u.InputTokens, 0), OutputTokens: max(u.OutputTokens, 0),
		CacheReadTokens: max(u.CacheReadTokens, 0), CacheWriteTokens: max(u.CacheWriteTokens, 0), Calls: 1}
	resp := agent.Response{Text: out.Text, Model: out.Model, Truncated: out.Truncated, Usage: u}
	switch {
	case out.Text == "" && out.Truncated:
		return resp, -1, fmt.Errorf("jsonapi: %w: %w", agent.ErrEmptyReply, agent.ErrTruncated)
	case out.Text == "":
		return resp, -1, fmt.Errorf("jsonapi: %w", agent.ErrEmptyReply)
	}
	return resp, 0, nil
}

func TestReferenceProviderConforms(t *testing.T) {
	start := func(wrap bool) func(t *testing.T, key string, replies ...conformance.Reply) (agent.Provider, func() []conformance.Call) {
		return func(t *testing.T, key string, replies ...conformance.Reply) (agent.Provider, func() []conformance.Call) {
			url, calls := conformance.Server(t, jsonWire, replies...)
			var p agent.Provider = &jsonProvider{url: url, key: key}
			if wrap { // the example's wrapper must not break anything
				p = &logged{next: p, log: slog.New(slog.NewTextHandler(io.Discard, nil))}
			}
			return p, calls
		}
	}
	check := func(t *testing.T, c conformance.Call, req agent.Request) {
		var got agent.Request
		if err := json.Unmarshal(c.Body, &got); err != nil {
			t.Fatalf("request body: %v", err)
		}
		if got.Model != req.Model || got.MaxTokens != req.MaxTokens || !bytes.Equal(got.Schema, req.Schema) {
			t.Errorf("request = %+v, want %+v", got, req)
		}
	}
	for _, wrap := range []bool{false, true} {
		t.Run(fmt.Sprint("wrapped=", wrap), func(t *testing.T) {
			conformance.Run(t, conformance.Harness{Start: start(wrap), CheckRequest: check, HTTP: true, Usage: true, Wire: &jsonWire})
		})
	}
}
