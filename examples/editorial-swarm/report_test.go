package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/examples/internal/cli"
)

// TestNoReviewerAnswered: with a key the server refuses, every reviewer
// is skipped; the run is not a convergence, exits 2 and says why, on the
// console and in -json.
func TestNoReviewerAnswered(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		w.Write([]byte(`{"error":{"message":"Incorrect API key provided: the key was revoked at the request of its owner, please create a new one","type":"invalid_request_error","code":"invalid_api_key"}}`))
	}))
	defer srv.Close()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "post.md"), []byte("# Title\n\nSome text.\n"), 0o644)
	args := []string{"-provider", "openai", "-base-url", srv.URL + "/v1", "-reader", "developers", "post.md"}
	env := []string{"OPENAI_API_KEY=wrong-key"}

	code, stdout, stderr := runBinEnv(t, dir, env, args...)
	if code != 2 {
		t.Fatalf("exit %d, want 2\n%s\n%s", code, stdout, stderr)
	}
	for _, want := range []string{"no reviewer answered", "Skipped reviewers:",
		"fact-checker (shot 1): ", "the key was revoked at the request of its owner, please create a new one"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout does not say %q:\n%s", want, stdout)
		}
	}
	if !strings.Contains(stderr, "no reviewer answered") {
		t.Errorf("stderr does not say that no reviewer answered:\n%s", stderr)
	}

	code, stdout, _ = runBinEnv(t, dir, env, append([]string{"-json"}, args...)...)
	var sum struct {
		Reason  string `json:"reason"`
		Skipped []struct {
			Round    int    `json:"round"`
			Reviewer string `json:"reviewer"`
			Reason   string `json:"reason"`
		} `json:"skipped"`
	}
	if err := json.Unmarshal([]byte(stdout), &sum); err != nil {
		t.Fatalf("-json: %v\n%s", err, stdout)
	}
	if code != 2 || sum.Reason != "no-reviewer-answered" || len(sum.Skipped) != 4 || !strings.Contains(sum.Skipped[0].Reason, "revoked") {
		t.Errorf("-json: exit %d, %+v", code, sum)
	}
}

// TestTruncatedAnswerHint: an answer cut off at the token limit is
// reported as such, with the flag that raises the limit.
func TestTruncatedAnswerHint(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{
			"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "gpt-4.1-mini",
			"choices": []any{map[string]any{"index": 0, "finish_reason": "length",
				"message": map[string]any{"role": "assistant", "content": `{"reviewer": "x", "schema_version": "1", "summ`}}},
			"usage": map[string]any{"prompt_tokens": 1000, "completion_tokens": 50, "total_tokens": 1050},
		})
	}))
	defer srv.Close()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "post.md"), []byte("# Title\n\nSome text.\n"), 0o644)
	code, stdout, stderr := runBinEnv(t, dir, []string{"OPENAI_API_KEY=k"},
		"-provider", "openai", "-base-url", srv.URL+"/v1", "-reader", "developers", "post.md")
	if code != 2 || !strings.Contains(stdout, "cut off at the token limit: raise the limit with -max-tokens") {
		t.Errorf("exit %d, stdout lacks the -max-tokens hint:\n%s\n%s", code, stdout, stderr)
	}
	// Calls were made and priced by the model the server named.
	if strings.Contains(stdout, "no model was called") || !strings.Contains(stdout, "in 4 call(s); cost $0.0019.") {
		t.Errorf("the usage line does not count the failed calls:\n%s", stdout)
	}
	skipped := string(must(os.ReadFile(filepath.Join(dir, ".editorial", "round-1", "skipped.md"))))
	if !strings.Contains(skipped, "[NOTE] answer truncated: fact-checker") {
		t.Errorf("skipped.md:\n%s", skipped)
	}
}

// TestCLIProviderCallsCounted: a command-line provider reports no tokens,
// but its calls were made: the report must not say no model was called.
func TestCLIProviderCallsCounted(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "post.md"), []byte("# Title\n\nSome text.\n"), 0o644)
	code, stdout, stderr := runBin(t, dir, "-provider", "cli", "-cli", `echo {"reviewer":"x","schema_version":"1","summary":"ok","findings":[]}`,
		"-reader", "developers", "post.md")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	if strings.Contains(stdout, "no model was called") || !strings.Contains(stdout, "Model calls: 4") {
		t.Errorf("the report does not count the command's calls:\n%s", stdout)
	}
}

// TestFlagsAfterTheFile: flags are taken before and after the articles'
// names; after "--" a name may start with "-".
func TestFlagsAfterTheFile(t *testing.T) {
	var stderr strings.Builder
	o, files, err := parse([]string{"-reader", "x", "記事.md", "-rounds", "2", "-json"}, &stderr)
	if err != nil || len(files) != 1 || files[0] != "記事.md" || o.rounds != 2 || !o.json || o.reader != "x" {
		t.Fatalf("parse = %+v, %v, %v", o, files, err)
	}
	if _, files, err := parse([]string{"-json", "--", "-odd.md"}, &stderr); err != nil || len(files) != 1 || files[0] != "-odd.md" {
		t.Errorf("after --: %v, %v", files, err)
	}
	if o, files, err := parse([]string{"a.md", "-json", "b.md"}, &stderr); err != nil || !o.json || len(files) != 2 || files[1] != "b.md" {
		t.Errorf("two articles: %v, %v", files, err)
	}
}

// TestMaxSizeFlag: an article above the limit is refused with the flag
// that raises it; -max-size does.
func TestMaxSizeFlag(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "big.md"), []byte(strings.Repeat("Some line of text.\n", 600)), 0o644) // 11,400 bytes
	code, _, stderr := runBin(t, dir, "-reader", "x", "-gate", "auto", "-max-size", "10K", "big.md")
	if code != 1 || !strings.Contains(stderr, "document too large") || !strings.Contains(stderr, "raise it with -max-size (e.g. -max-size 1M)") || strings.Contains(stderr, "Loop.MaxSize") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
	if code, stdout, stderr := runBin(t, dir, "-reader", "x", "-gate", "auto", "big.md", "-max-size", "12KiB"); code == 1 {
		t.Errorf("-max-size 12KiB: exit %d\n%s\n%s", code, stdout, stderr)
	}
	if code, _, stderr := runBin(t, dir, "-max-size", "lots", "big.md"); code != 1 || !strings.Contains(stderr, `"lots" is not a size`) {
		t.Errorf("-max-size lots: exit %d, %s", code, stderr)
	}
}

// parse parses args as run does, for tests of the flags.
func parse(args []string, stderr io.Writer) (*options, []string, error) {
	o := declare(cli.New("editorial-swarm", nil, nil, stderr))
	err := o.Parse(args, usage, o.check)
	return o, o.Args(), err
}
