package main

import (
	"bytes"
	"context"
	"github.com/kaigi-dev/kaigi/examples/internal/chattest"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
)

// chatServer is a local server speaking the OpenAI Chat Completions wire
// format (chattest.Server); answer returns the reply's content for a
// request body, or "" for a 500.
func chatServer(t *testing.T, answer func(body string) string) *httptest.Server {
	return chattest.Server(t, func(body []byte) (string, error) {
		if content := answer(string(body)); content != "" {
			return content, nil
		}
		return "", &chattest.StatusError{Code: http.StatusInternalServerError, Message: "overloaded"}
	})
}

// onlineWorkspace writes a spec of two model participants and its target.
func onlineWorkspace(t *testing.T) string {
	root := t.TempDir()
	spec := `{"id": "online", "topic": "Ready?", "participants": [
		{"name": "alpha", "lens": "style", "provider": "openai", "model": "gpt-4.1-mini"},
		{"name": "beta", "lens": "facts", "provider": "openai", "model": "gpt-4.1-mini"}],
	  "synthesizer": {"instruction": "Judge."}, "targets": ["post.md"]}`
	os.WriteFile(filepath.Join(root, "spec.json"), []byte(spec), 0o644)
	os.WriteFile(filepath.Join(root, "post.md"), []byte("# Title\n\nIn today's fast-paced world, users want speed.\n"), 0o644)
	return root
}

// TestOnlineOpenAICompatible runs a debate of model participants and a
// model lead against a local OpenAI-compatible server: the command a user
// points at OpenAI, Ollama or vLLM with -base-url.
func TestOnlineOpenAICompatible(t *testing.T) {
	noKeys(t)
	name := regexp.MustCompile(`You are (alpha|beta)\.`)
	var mu sync.Mutex
	calls := map[string]int{}
	srv := chatServer(t, func(body string) string {
		who := "lead"
		if m := name.FindStringSubmatch(body); m != nil {
			who = m[1]
		}
		round := "1"
		switch {
		case who == "lead":
			round = "lead"
		case strings.Contains(body, "Round 2."):
			round = "2"
		}
		mu.Lock()
		calls[who+"/"+round]++
		mu.Unlock()
		switch round {
		case "1":
			return `{"posts":[{"kind":"claim","body":"Stock opener.","file":"post.md","lines":"3","quote":"In today's fast-paced world","severity":"medium"}]}`
		case "2":
			return `{"posts":[{"kind":"rebuttal","body":"It sets the scene.","refs":["A1"]}]}`
		}
		return `{"consensus":"Both openers were disputed and neither defended.","verdict":{"verdict":"PASS","critical":[],"consensus":"No point survived.","summary":"Nothing critical."}}`
	})
	root := onlineWorkspace(t)
	t.Setenv("OPENAI_API_KEY", "test-key")
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"-spec", filepath.Join(root, "spec.json"), "-root", root, "-provider", "openai", "-base-url", srv.URL + "/v1"}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out.String(), errb.String())
	}
	for _, k := range []string{"alpha/1", "beta/1", "alpha/2", "beta/2", "lead/lead"} {
		if calls[k] != 1 {
			t.Errorf("%s: %d call(s), want 1 (calls %v)", k, calls[k], calls)
		}
	}
	stdout := out.String()
	for _, want := range []string{"alpha/p2     rebuttal   -> beta/p1", "beta/p2      rebuttal   -> alpha/p1", `"verdict": "PASS"`} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the output lacks %q:\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout+errb.String(), "test-key") {
		t.Error("the API key was printed")
	}
}

// TestNoReviewerAnswered: when no participant and no fan-out reviewer
// answers (a server answering 500 to every call, answers that are no use,
// a port where nothing listens), there is no verdict: the run stops "no
// reviewer answered" with exit 2, writes no verdict.json, says why on
// stderr, and a new run is not blocked.
func TestNoReviewerAnswered(t *testing.T) {
	noKeys(t)
	closed := func() string { // a port where nothing listens
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := l.Addr().String()
		l.Close()
		return "http://" + addr
	}
	for _, tc := range []struct {
		name string
		url  func() string
	}{
		{"500", func() string { return chatServer(t, func(string) string { return "" }).URL }},
		{"prose", func() string { return chatServer(t, func(string) string { return "Looks fine to me." }).URL }},
		{"wrong shape", func() string {
			return chatServer(t, func(string) string { return `{"posts": "none", "findings": 3}` }).URL
		}},
		{"cut off", func() string {
			return chatServer(t, func(string) string { return `{"posts": [{"kind": "claim", "bo` }).URL
		}},
		{"nothing listens", closed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := onlineWorkspace(t)
			t.Setenv("OPENAI_API_KEY", "test-key")
			args := []string{"-spec", filepath.Join(root, "spec.json"), "-root", root, "-provider", "openai", "-base-url", tc.url() + "/v1"}
			var out, errb bytes.Buffer
			code := run(context.Background(), args, &out, &errb)
			if code != exitFail {
				t.Fatalf("exit %d, want %d\n%s\n%s", code, exitFail, out.String(), errb.String())
			}
			if !strings.Contains(errb.String(), "no reviewer answered") || strings.Contains(out.String(), `"PASS"`) {
				t.Errorf("stdout:\n%s\nstderr:\n%s", out.String(), errb.String())
			}
			dir := filepath.Join(root, ".discussion", "online")
			if _, err := os.Stat(filepath.Join(dir, "verdict.json")); !os.IsNotExist(err) {
				t.Errorf("verdict.json written: %v", err)
			}
			if sum, _ := os.ReadFile(filepath.Join(dir, "summary.md")); !strings.Contains(string(sum), "no reviewer answered") {
				t.Errorf("summary.md:\n%s", sum)
			}
			errb.Reset()
			if code := run(context.Background(), args, &out, &errb); code != exitFail || strings.Contains(errb.String(), "unfinished") {
				t.Errorf("a second run: exit %d: %s", code, errb.String())
			}
		})
	}
}

// When every participant fails in the debate but the fan-out's reviewers
// answer, the debate falls back to a plain fan-out, the command prints
// why, and the fan-out's verdict stands.
func TestOnlineFallbackPrinted(t *testing.T) {
	noKeys(t)
	srv := chatServer(t, func(body string) string {
		if strings.Contains(body, "review debate") { // a debate turn
			return ""
		}
		return `{"reviewer":"alpha","schema_version":"1","summary":"one","findings":[{"id":"F001","category":"style","file":"post.md","line_range":"3","issue":"A stock opener.","fix":"Start with the point.","confidence":80,"severity":"high","quotes":["In today's fast-paced world"]}]}`
	})
	out, _ := runOnline(t, srv.URL, exitFail)
	for _, want := range []string{"Absent: alpha from round 1", "Fallback to a plain fan-out: no debate: no points to judge", `"fallback": "no debate: no points to judge`, `"verdict": "FAIL"`} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the output lacks %q:\n%s", want, out.String())
		}
	}
}

// TestConsoleEscapesControlCharacters: a server's error text with a
// terminal escape reaches stdout and stderr escaped, never raw.
func TestConsoleEscapesControlCharacters(t *testing.T) {
	noKeys(t)
	srv := chattest.Server(t, func([]byte) (string, error) {
		return "", &chattest.StatusError{Code: http.StatusInternalServerError, Message: "over\x1b[31mloaded\x00"}
	})
	out, errb := runOnline(t, srv.URL, exitFail)
	for name, s := range map[string]string{"stdout": out.String(), "stderr": errb.String()} {
		if strings.ContainsAny(s, "\x1b\x00") || !strings.Contains(s, `over\x1b[31mloaded`) {
			t.Errorf("%s: %q", name, s)
		}
	}
}

// runOnline runs the command on onlineWorkspace's spec against the server
// at url and fails the test unless it exits with want.
func runOnline(t *testing.T, url string, want int) (out, errb bytes.Buffer) {
	t.Helper()
	root := onlineWorkspace(t)
	t.Setenv("OPENAI_API_KEY", "test-key")
	if code := run(context.Background(), []string{"-spec", filepath.Join(root, "spec.json"), "-root", root, "-provider", "openai", "-base-url", url + "/v1"}, &out, &errb); code != want {
		t.Fatalf("exit %d, want %d\n%s\n%s", code, want, out.String(), errb.String())
	}
	return out, errb
}
