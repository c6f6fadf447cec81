package main

import (
	"encoding/json"
	"errors"
	"github.com/kaigi-dev/kaigi/examples/internal/chattest"
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
	srv := chattest.Server(t, func(body []byte) (string, error) {
		m := role.FindSubmatch(body)
		if m == nil {
			return "", errors.New("no role in the prompt")
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
		content, err := json.Marshal(rep)
		return string(content), err
	})

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

// TestModelControlCharactersEscaped: a model whose answers carry NUL and
// ESC[31m gets them escaped on stdout and in every Markdown artifact.
func TestModelControlCharactersEscaped(t *testing.T) {
	srv := chattest.Server(t, func(body []byte) (string, error) {
		m := regexp.MustCompile(`# Your role: ([a-z-]+)`).FindSubmatch(body)
		if m == nil {
			return "", errors.New("no role in the prompt")
		}
		rep := finding.Report{Reviewer: string(m[1]), SchemaVersion: "1", Summary: "Read\x00 it \x1b[31m.", Findings: []finding.Finding{
			{ID: "F001", Category: "fact", LineRange: finding.LineRange{Start: 3, End: 3}, Issue: "Unsourced\x00 \x1b[31mclaim",
				Confidence: 80, Severity: finding.High, Quotes: []string{"users want speed"}},
		}}
		content, err := json.Marshal(rep)
		return string(content), err
	})
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "post.md"), []byte("# Title\n\nIn today's fast-paced world, users want speed.\n"), 0o644)
	code, stdout, stderr := runBinEnv(t, dir, []string{"OPENAI_API_KEY=test-key"},
		"-provider", "openai", "-base-url", srv.URL+"/v1", "-reader", "developers", "-rounds", "1", "-gate", "auto", "post.md")
	if code != 2 {
		t.Fatalf("exit %d, want 2 (a high finding open)\n%s\n%s", code, stdout, stderr)
	}
	if strings.ContainsAny(stdout+stderr, "\x00\x1b") {
		t.Errorf("stdout or stderr holds a raw NUL or ESC:\n%q\n%q", stdout, stderr)
	}
	if !strings.Contains(stdout, `Unsourced\x00 \x1b[31mclaim`) {
		t.Errorf("stdout does not show the escaped issue:\n%s", stdout)
	}
	filepath.WalkDir(filepath.Join(dir, ".editorial"), func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".md") && strings.ContainsAny(string(must(os.ReadFile(p))), "\x00\x1b") {
			t.Errorf("%s holds a raw NUL or ESC", p)
		}
		return err
	})
}

// TestCostUnknownWithoutUsage: a server that reports no usage leaves the
// cost unknown on stdout, in summary.md and in -json (cost_unknown).
func TestCostUnknownWithoutUsage(t *testing.T) {
	srv := chattest.ServerWithoutUsage(t, func(body []byte) (string, error) {
		m := regexp.MustCompile(`# Your role: ([a-z-]+)`).FindSubmatch(body)
		if m == nil {
			return "", errors.New("no role in the prompt")
		}
		content, err := json.Marshal(finding.Report{Reviewer: string(m[1]), SchemaVersion: "1", Summary: "Read it.", Findings: []finding.Finding{}})
		return string(content), err
	})
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "post.md"), []byte("# Title\n\nUsers want speed.\n"), 0o644)
	args := []string{"-provider", "openai", "-base-url", srv.URL + "/v1", "-reader", "developers", "-rounds", "1", "post.md"}
	env := []string{"OPENAI_API_KEY=test-key"}
	code, stdout, stderr := runBinEnv(t, dir, env, args...)
	if code != 0 || !strings.Contains(stdout, "cost is unknown") {
		t.Fatalf("exit %d, want 0 saying the cost is unknown\n%s\n%s", code, stdout, stderr)
	}
	summary := string(must(os.ReadFile(filepath.Join(dir, ".editorial", "summary.md"))))
	if !strings.Contains(summary, "cost unknown") || strings.Contains(summary, "$0.0000") {
		t.Errorf("summary.md does not say the cost is unknown:\n%s", summary)
	}
	_, stdout, _ = runBinEnv(t, dir, env, append([]string{"-json"}, args...)...)
	var sum struct {
		CostUnknown *bool `json:"cost_unknown"`
	}
	if err := json.Unmarshal([]byte(stdout), &sum); err != nil || sum.CostUnknown == nil || !*sum.CostUnknown {
		t.Errorf("-json: cost_unknown %v (%v), want true\n%s", sum.CostUnknown, err, stdout)
	}
}
