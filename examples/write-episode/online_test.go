package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/kaigi-dev/kaigi/loop/writing"
)

// TestOnlineOpenAICompatible runs every role on a model, against a local
// server speaking the OpenAI Chat Completions wire format: the command a
// user points at OpenAI, Ollama or vLLM with -base-url.
func TestOnlineOpenAICompatible(t *testing.T) {
	role := regexp.MustCompile(`# Role: ([a-z-]+)`)
	version := regexp.MustCompile(`Draft v(\d+)`)
	var mu sync.Mutex
	calls := map[string]int{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		if r.URL.Path != "/v1/chat/completions" || r.Header.Get("Authorization") != "Bearer test-key" {
			http.Error(w, `{"error":{"message":"bad request"}}`, http.StatusBadRequest)
			return
		}
		var req struct {
			Messages []struct {
				Content any `json:"content"`
			} `json:"messages"`
		}
		json.Unmarshal(raw, &req)
		body := string(raw)
		var text strings.Builder
		for _, m := range req.Messages {
			b, _ := json.Marshal(m.Content)
			var s string
			if json.Unmarshal(b, &s) != nil {
				s = string(b)
			}
			text.WriteString(s)
		}
		all := text.String()
		m := role.FindStringSubmatch(body)
		if m == nil {
			http.Error(w, `{"error":{"message":"no role in the prompt"}}`, http.StatusBadRequest)
			return
		}
		mu.Lock()
		defer mu.Unlock()
		js := func(v any) string { b, _ := json.Marshal(v); return string(b) }
		var content string
		switch who := m[1]; {
		case who == "author" && strings.Contains(all, "Explain your intent"):
			calls["explain"]++
			content = js(writing.Reply{Agree: true})
		case who == "author":
			content = fmt.Sprintf("The Storm\n\nDraft v%d: the lamp went dark, and Ren ran.\n", calls["write"])
			calls["write"]++
		case who == "arc-reviewer" && strings.Contains(all, "Give your verdict"):
			v := writing.RevisionNeeded
			if calls["review"] > 0 {
				v = writing.OK
			}
			calls["review"]++
			content = js(writing.Verdict{Verdict: v, Summary: "The turn needs a clearer choice.", Issues: []writing.Issue{{Quote: "and Ren ran", Issue: "the choice is not shown", Fix: "", Severity: "medium"}}})
		case who == "arc-reviewer":
			calls["discuss"]++
			content = js(writing.Reply{Agree: true})
		case strings.Contains(all, "Which draft"):
			calls["compare"]++
			i, j := strings.Index(all, "## Draft A"), strings.Index(all, "## Draft B")
			a, b := version.FindStringSubmatch(all[i:j])[1], version.FindStringSubmatch(all[j:])[1]
			prefer := "B"
			if a > b {
				prefer = "A"
			}
			content = js(writing.Preference{Prefer: prefer, Reason: "the newer draft shows the choice"})
		default:
			calls["read"]++
			content = js(writing.Feedback{Stars: 4, Impression: "Tense.", Good: []string{"the dark lamp"}, Concerns: []writing.Concern{}, OneLine: "A storm and a choice.", Memory: "Ren ran for the boat."})
		}
		resp := map[string]any{
			"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "gpt-4.1-mini",
			"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
				"message": map[string]any{"role": "assistant", "content": content}}},
			"usage": map[string]any{"prompt_tokens": 1000, "completion_tokens": 50, "total_tokens": 1050},
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(resp)
	}))
	defer srv.Close()

	dir := t.TempDir()
	if err := copySample(dir); err != nil {
		t.Fatal(err)
	}
	t.Setenv("OPENAI_API_KEY", "test-key")
	code, stdout, stderr := runArgs(t, "-provider", "openai", "-base-url", srv.URL+"/v1", "-story", dir, "-episode", "3", "-gate", "auto")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	saved, err := os.ReadFile(filepath.Join(dir, "episodes", "03_The_Storm.txt"))
	if err != nil || !strings.Contains(string(saved), "Draft v1") {
		t.Fatalf("saved episode %q, %v", saved, err)
	}
	// 2 drafts, 2 reviews, 2 discussions of one round, 3 readers x 2 orders
	// comparing, 3 readers on each of the 2 drafts.
	want := map[string]int{"write": 2, "review": 2, "explain": 2, "discuss": 2, "compare": 6, "read": 6}
	for k, n := range want {
		if calls[k] != n {
			t.Errorf("%s: %d call(s), want %d (all %v)", k, calls[k], n, calls)
		}
	}
	if !strings.Contains(stdout, "20 model call(s)") {
		t.Errorf("the report lacks the usage:\n%s", stdout)
	}
	if strings.Contains(stdout+stderr, "test-key") {
		t.Error("the API key was printed")
	}
}
