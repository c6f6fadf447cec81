// Package chattest is a local server speaking the OpenAI Chat Completions
// wire format, for the example commands' online tests: the commands are
// pointed at it with -base-url, as a user points them at OpenAI, Ollama or
// vLLM.
package chattest

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// Key is the API key the server accepts ("Authorization: Bearer Key").
const Key = "test-key"

// StatusError is an answer's error that the server sends with Code.
type StatusError struct {
	Code    int
	Message string
}

func (e *StatusError) Error() string { return fmt.Sprintf("%d %s", e.Code, e.Message) }

// Server starts the server, stopped when the test ends. For each request
// to /v1/chat/completions with Key, answer returns the reply's content
// from the raw request body; an error is sent back as an OpenAI error
// body, with its StatusError's code or 400. Every reply reports 1,000
// prompt and 50 completion tokens. answer is called from the server's
// goroutines.
func Server(t testing.TB, answer func(body []byte) (string, error)) *httptest.Server {
	return serve(t, true, answer)
}

// ServerWithoutUsage is Server with replies that report no usage, as
// some OpenAI-compatible servers send them.
func ServerWithoutUsage(t testing.TB, answer func(body []byte) (string, error)) *httptest.Server {
	return serve(t, false, answer)
}

func serve(t testing.TB, usage bool, answer func(body []byte) (string, error)) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if r.URL.Path != "/v1/chat/completions" || r.Header.Get("Authorization") != "Bearer "+Key {
			fail(w, &StatusError{Code: http.StatusBadRequest, Message: "bad request"})
			return
		}
		content, err := answer(body)
		if err != nil {
			fail(w, err)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		reply := map[string]any{
			"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "gpt-4.1-mini",
			"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
				"message": map[string]any{"role": "assistant", "content": content}}},
		}
		if usage {
			reply["usage"] = map[string]any{"prompt_tokens": 1000, "completion_tokens": 50, "total_tokens": 1050}
		}
		json.NewEncoder(w).Encode(reply)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// fail sends err as an OpenAI error body.
func fail(w http.ResponseWriter, err error) {
	code, msg := http.StatusBadRequest, err.Error()
	var se *StatusError
	if errors.As(err, &se) {
		code, msg = se.Code, se.Message
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(map[string]any{"error": map[string]any{"message": msg}})
}

// request is the part of a request body Text and Schema read.
type request struct {
	Messages []struct {
		Content json.RawMessage `json:"content"`
	} `json:"messages"`
	ResponseFormat struct {
		JSONSchema struct {
			Name string `json:"name"`
		} `json:"json_schema"`
	} `json:"response_format"`
}

// Text returns the request's messages' text, one after another (a
// content given as parts is kept as its JSON).
func Text(body []byte) string {
	var req request
	json.Unmarshal(body, &req)
	var b strings.Builder
	for _, m := range req.Messages {
		var s string
		if json.Unmarshal(m.Content, &s) != nil {
			s = string(m.Content)
		}
		b.WriteString(s)
	}
	return b.String()
}

// Schema returns the name of the JSON Schema the request asks the answer
// to follow, "" when it asks for none.
func Schema(body []byte) string {
	var req request
	json.Unmarshal(body, &req)
	return req.ResponseFormat.JSONSchema.Name
}
