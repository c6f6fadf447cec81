package main

import (
	"encoding/json"
	"errors"
	"github.com/kaigi-dev/kaigi/examples/internal/chattest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestOnlineOpenAICompatible runs a session on model agents (classifier,
// two reviewer shots, judge) against a local server speaking the OpenAI
// Chat Completions wire format, as a user points the command at OpenAI,
// Ollama or vLLM with -base-url.
func TestOnlineOpenAICompatible(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	var mu sync.Mutex
	calls := map[string]int{}
	var prompts []string
	srv := chattest.Server(t, func(body []byte) (string, error) {
		var req struct {
			Messages []json.RawMessage `json:"messages"`
		}
		if err := json.Unmarshal(body, &req); err != nil || len(req.Messages) < 2 {
			return "", errors.New("bad body")
		}
		text := string(body)
		var role, answer string
		switch {
		case strings.Contains(text, "You cut a code change into review slices"):
			role, answer = "classifier", `{"schema_version":1,"slices":[{"name":"store","prompt":"Review the store package. Policy: Errors are returned, never dropped.","files":["store/store.go"]}]}`
		case strings.Contains(text, "You judge whether a slice"):
			role, answer = "judge", `{"schema_version":1,"verdict":"continue","reason":"the error path of Save is a seam: every pass finds it"}`
		default:
			role, answer = "reviewer", "Here is my review.\n```json\n"+`{"schema_version":1,"findings":[{"severity":"P1","title":"Error from os.WriteFile is dropped","content":"Save ignores the error of os.WriteFile; return it.","location":{"path":"store/store.go","start_line":6,"end_line":null}}]}`+"\n```"
		}
		mu.Lock()
		calls[role]++
		prompts = append(prompts, text)
		mu.Unlock()
		return answer, nil
	})

	repo := t.TempDir()
	git := func(args ...string) {
		cmd := exec.Command("git", append([]string{"-C", repo, "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	write := func(name, text string) {
		p := filepath.Join(repo, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(text), 0o644)
	}
	git("init", "-q")
	write("REVIEW.md", "Errors are returned, never dropped.\n")
	write("store/store.go", "package store\n\nimport \"os\"\n\nfunc Save(p string, b []byte) {\n}\n")
	git("add", "-A")
	git("commit", "-q", "-m", "base")
	write("store/store.go", "package store\n\nimport \"os\"\n\nfunc Save(p string, b []byte) {\n\tos.WriteFile(p, b, 0o644)\n}\n")

	t.Setenv("OPENAI_API_KEY", "test-key")
	t.Setenv("KAIGI_PROVIDER", "")
	session := filepath.Join(t.TempDir(), "session")
	const task = "Save writes the bytes to the file（そのまま）"
	code, out, errs := runCmd(t, "-repo", repo, "-uncommitted", "-task", task, "-provider", "openai", "-base-url", srv.URL+"/v1",
		"-dir", session, "-memory", "", "-gate", "auto", "-max-passes", "1")
	if code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	// The automatic gate ignores the finding (it has no edit), which
	// completes the slice although the judge opened a new window.
	if calls["classifier"] != 1 || calls["reviewer"] != 2 || calls["judge"] != 1 {
		t.Errorf("calls %v: want 1 classifier, 2 shots, 1 judge", calls)
	}
	for _, want := range []string{"store dedupe: 1 automatic duplicate(s)", "judge: continue", "-> ignore: ignored", "ok=true remaining=0", "usage: 4 call(s)"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	reviewerPrompt := ""
	for _, p := range prompts {
		if strings.Contains(p, "independent reviewer of a code change") {
			reviewerPrompt = p
		}
	}
	for _, want := range []string{"Save writes the bytes to the file（そのまま）", "Errors are returned, never dropped.", "# Review policy REVIEW.md"} {
		if !strings.Contains(reviewerPrompt, want) {
			t.Errorf("the reviewer's prompt lacks %q", want)
		}
	}
	if data, err := os.ReadFile(filepath.Join(session, "task.md")); err != nil || string(data) != task {
		t.Errorf("task.md = %q, %v", data, err)
	}
	var sum struct {
		OK        bool `json:"ok"`
		Remaining int  `json:"remaining"`
	}
	data, _ := os.ReadFile(filepath.Join(session, "summary.json"))
	if err := json.Unmarshal(data, &sum); err != nil || !sum.OK {
		t.Errorf("summary.json: %v %s", err, data)
	}
	if strings.Contains(out+errs, "test-key") {
		t.Error("the API key was printed")
	}
}
