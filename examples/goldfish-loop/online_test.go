package main

import (
	"encoding/json"
	"errors"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/kaigi-dev/kaigi/examples/internal/chattest"
	"github.com/kaigi-dev/kaigi/finding"
)

// TestOnlineOpenAICompatible runs the loop with every goldfish and the
// resolver on a model, against a local server speaking the OpenAI Chat
// Completions wire format: the command a user points at OpenAI, Ollama or
// vLLM with -base-url.
// A server that reports no usage gets the cost said unknown, not $0.
func TestOnlineOpenAICompatible(t *testing.T) {
	for _, c := range []struct {
		name  string
		serve func(testing.TB, func([]byte) (string, error)) *httptest.Server
		cost  string
	}{
		{"usage", chattest.Server, "9 model call(s), cost $"},
		{"no usage", chattest.ServerWithoutUsage, "9 model call(s), cost unknown"},
	} {
		t.Run(c.name, func(t *testing.T) { testOnline(t, c.serve, c.cost) })
	}
}

func testOnline(t *testing.T, serve func(testing.TB, func([]byte) (string, error)) *httptest.Server, cost string) {
	role := regexp.MustCompile(`# Your role: ([a-z_]+)`)
	keys := regexp.MustCompile(`## (r\d+/[a-z_]+(?:#\d+)?/F\d+) \(`)
	var mu sync.Mutex
	calls := map[string]int{}
	srv := serve(t, func(body []byte) (string, error) {
		text, schema := chattest.Text(body), chattest.Schema(body)
		var answer any
		switch schema {
		case "council_report":
			m := role.FindStringSubmatch(text)
			if m == nil {
				return "", errors.New("no role")
			}
			rep := finding.Report{Reviewer: m[1], SchemaVersion: "1", Summary: "Read it.", Findings: []finding.Finding{}}
			if m[1] == "design_critic" && strings.Contains(text, "It's worth noting that uploads") {
				rep.Findings = append(rep.Findings, finding.Finding{ID: "F001", Category: "design", LineRange: finding.LineRange{Start: 3, End: 3},
					Issue: "filler before the point", Fix: "Uploads", Confidence: 90, Severity: finding.Medium, Quotes: []string{"It's worth noting that uploads"}})
			}
			answer = rep
		case "Resolutions":
			var rs []map[string]string
			for _, k := range keys.FindAllStringSubmatch(text, -1) {
				rs = append(rs, map[string]string{"key": k[1], "kind": "PROPOSE_FIX", "reason": "agreed: the filler goes"})
			}
			answer = map[string]any{"resolutions": rs}
		default:
			return "", errors.New("unexpected schema")
		}
		mu.Lock()
		calls[schema]++
		mu.Unlock()
		content, err := json.Marshal(answer)
		return string(content), err
	})

	dir := t.TempDir()
	spec := filepath.Join(dir, "spec.md")
	os.WriteFile(spec, sampleSpec, 0o644)
	code, stdout, stderr := runCmd(t, map[string]string{"OPENAI_API_KEY": "test-key"},
		"-provider", "openai", "-base-url", srv.URL+"/v1", "-yes", "-target", "S1.12", "-out", filepath.Join(dir, ".goldfish"), spec)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	got, _ := os.ReadFile(spec)
	if !strings.Contains(string(got), "Uploads can fail.") || strings.Contains(string(got), "It's worth noting") {
		t.Errorf("document:\n%s", got)
	}
	// Round 1: two goldfish twice each (self-agreement) and the resolver;
	// rounds 2 and 3: the goldfish once each, nothing to resolve.
	if calls["council_report"] != 8 || calls["Resolutions"] != 1 {
		t.Errorf("calls %v", calls)
	}
	if !strings.Contains(stdout, cost) || !strings.Contains(stdout, "Stopped after 3 round(s): converged") {
		t.Errorf("stdout:\n%s", stdout)
	}
	if strings.Contains(stdout+stderr, "test-key") {
		t.Error("the API key was printed")
	}
}
