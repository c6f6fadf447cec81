package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/kaigi-dev/kaigi/finding"
)

// TestOnlineOpenAICompatible runs the swarm on model reviewers, against a
// local server speaking the OpenAI Chat Completions wire format: the same
// command a user points at OpenAI, Ollama or vLLM with -base-url.
func TestOnlineOpenAICompatible(t *testing.T) {
	role := regexp.MustCompile(`# Your role: ([a-z-]+)`)
	var mu sync.Mutex
	calls := map[string]int{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if r.URL.Path != "/v1/chat/completions" || r.Header.Get("Authorization") != "Bearer test-key" {
			http.Error(w, `{"error":{"message":"bad request"}}`, http.StatusBadRequest)
			return
		}
		m := role.FindSubmatch(body)
		if m == nil {
			http.Error(w, `{"error":{"message":"no role in the prompt"}}`, http.StatusBadRequest)
			return
		}
		name := string(m[1])
		mu.Lock()
		calls[name]++
		mu.Unlock()
		rep := finding.Report{Reviewer: name, SchemaVersion: "1", Summary: "Read it.", Findings: []finding.Finding{}}
		if name == "anti-ai-slop" {
			rep.Findings = append(rep.Findings, finding.Finding{ID: "F001", Category: "ai-slop",
				LineRange: finding.LineRange{Start: 3, End: 3}, Issue: "Stock opener", Fix: "Users",
				Confidence: 90, Severity: finding.Low, Quotes: []string{"In today's fast-paced world, users"}})
		}
		content, _ := json.Marshal(rep)
		resp := map[string]any{
			"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "gpt-4.1-mini",
			"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
				"message": map[string]any{"role": "assistant", "content": string(content)}}},
			"usage": map[string]any{"prompt_tokens": 1000, "completion_tokens": 50, "total_tokens": 1050},
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(resp)
	}))
	defer srv.Close()

	dir := t.TempDir()
	doc := "# Title\n\nIn today's fast-paced world, users want speed.\n"
	os.WriteFile(filepath.Join(dir, "post.md"), []byte(doc), 0o644)
	code, stdout, stderr := runBinEnv(t, dir, []string{"OPENAI_API_KEY=test-key"},
		"-provider", "openai", "-base-url", srv.URL+"/v1", "-reader", "developers", "-rounds", "1", "post.md")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	if got := string(must(os.ReadFile(filepath.Join(dir, "post.md")))); got != "# Title\n\nUsers want speed.\n" {
		t.Errorf("document = %q", got)
	}
	for _, r := range []string{"anti-ai-slop", "fact-checker", "narrative-critic", "reader-advocate"} {
		if calls[r] != 1 {
			t.Errorf("%s was called %d times, want 1", r, calls[r])
		}
	}
	if !strings.Contains(stdout, "4 call(s)") || !strings.Contains(stdout, "cost $") {
		t.Errorf("the final report lacks the run's usage and cost:\n%s", stdout)
	}
	if strings.Contains(stdout+stderr, "test-key") {
		t.Error("the API key was printed")
	}
}
