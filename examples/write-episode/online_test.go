package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"github.com/kaigi-dev/kaigi/examples/internal/chattest"
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
	calls, url := modelServer(t, func(review int) writing.VerdictKind {
		if review > 0 {
			return writing.OK
		}
		return writing.RevisionNeeded
	})
	dir := t.TempDir()
	if err := copySample(dir); err != nil {
		t.Fatal(err)
	}
	t.Setenv("OPENAI_API_KEY", "test-key")
	code, stdout, stderr := runArgs(t, "-provider", "openai", "-base-url", url, "-story", dir, "-episode", "3", "-gate", "auto")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	saved, err := os.ReadFile(filepath.Join(dir, "episodes", "03_The_Storm.txt"))
	if err != nil || !strings.Contains(string(saved), "Draft v1") {
		t.Fatalf("saved episode %q, %v", saved, err)
	}
	// 2 drafts and a reflection on each, 2 reviews, 2 discussions of one
	// round, 3 readers x 2 orders comparing, 3 readers on each of the 2
	// drafts.
	want := map[string]int{"write": 2, "reflect": 2, "review": 2, "explain": 2, "discuss": 2, "compare": 6, "read": 6}
	for k, n := range want {
		if calls[k] != n {
			t.Errorf("%s: %d call(s), want %d (all %v)", k, calls[k], n, calls)
		}
	}
	if !strings.Contains(stdout, "22 model call(s)") {
		t.Errorf("the report lacks the usage:\n%s", stdout)
	}
	if strings.Contains(stdout+stderr, "test-key") {
		t.Error("the API key was printed")
	}
}

// TestGateAutoForcePassNotSaved: a model whose arc reviewer never says OK
// under -gate auto (CI): the FORCE_PASS episode is not saved, the story
// files are as they were, and the run exits 2 saying why.
func TestGateAutoForcePassNotSaved(t *testing.T) {
	_, url := modelServer(t, func(int) writing.VerdictKind { return writing.RevisionNeeded })
	dir := t.TempDir()
	if err := copySample(dir); err != nil {
		t.Fatal(err)
	}
	tracker, _ := os.ReadFile(filepath.Join(dir, writing.TrackerFile))
	t.Setenv("OPENAI_API_KEY", "test-key")
	code, stdout, stderr := runArgs(t, "-provider", "openai", "-base-url", url, "-story", dir, "-episode", "3", "-gate", "auto", "-max-revisions", "1")
	if code != exitNotSaved {
		t.Fatalf("exit %d, want %d\n%s\n%s", code, exitNotSaved, stdout, stderr)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "episodes", "03_*")); len(m) != 0 {
		t.Errorf("a FORCE_PASS episode was saved: %v", m)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, writing.TrackerFile)); string(got) != string(tracker) {
		t.Errorf("the tracker changed:\n%s", got)
	}
	for _, f := range []string{"current-draft.txt", "arc-review.md"} {
		if _, err := os.Stat(filepath.Join(dir, writing.WorkspaceDir, f)); err != nil {
			t.Errorf("the message points at the workspace, which lacks %s: %v", f, err)
		}
	}
	for _, want := range []string{"FORCE_PASS", "-gate auto never saves", "not saved"} {
		if !strings.Contains(stdout+stderr, want) {
			t.Errorf("the output lacks %q:\n%s\n%s", want, stdout, stderr)
		}
	}

	// In CI with -format json, stdout stays JSON: the Outcome, not saved.
	code, stdout, stderr = runArgs(t, "-provider", "openai", "-base-url", url, "-story", dir, "-episode", "3", "-gate", "auto", "-max-revisions", "1", "-format", "json")
	var res writing.Outcome
	if err := json.Unmarshal([]byte(stdout), &res); code != exitNotSaved || err != nil || res.Saved || res.Judgment.Grade != writing.ForcePass {
		t.Errorf("-format json: exit %d, %v, %+v\n%s\n%s", code, err, res, stdout, stderr)
	}
}

// modelServer serves every role on a local server speaking the OpenAI
// Chat Completions wire format; verdict gives the arc reviewer's verdict
// of its review-th review (from 0). It returns the calls by kind, to be
// read once the run is over, and the base URL.
func modelServer(t *testing.T, verdict func(review int) writing.VerdictKind) (map[string]int, string) {
	role := regexp.MustCompile(`# Role: ([a-z-]+)`)
	version := regexp.MustCompile(`Draft v(\d+)`)
	var mu sync.Mutex
	calls := map[string]int{}
	srv := chattest.Server(t, func(raw []byte) (string, error) {
		body, all := string(raw), chattest.Text(raw)
		m := role.FindStringSubmatch(body)
		if m == nil {
			return "", errors.New("no role in the prompt")
		}
		mu.Lock()
		defer mu.Unlock()
		js := func(v any) string { b, _ := json.Marshal(v); return string(b) }
		var content string
		switch who := m[1]; {
		case who == "author" && strings.Contains(all, "Explain your intent"):
			calls["explain"]++
			content = js(writing.Reply{Agree: true})
		case who == "author" && strings.Contains(all, "Reflect on your draft"):
			calls["reflect"]++
			content = js(writing.Reflection{Surprise: "Ren's choice came before the storm did.",
				Choice:  writing.Choice{Who: "Ren", What: "runs for the dinghy", Kind: writing.Decision, NotTaken: "mending the lamp"},
				Balance: writing.Balance{Action: 70, Dialogue: 10, Interior: 20}})
		case who == "author":
			content = fmt.Sprintf("The Storm\n\nDraft v%d: the lamp went dark, and Ren ran.\n", calls["write"])
			calls["write"]++
		case who == "arc-reviewer" && strings.Contains(all, "Give your verdict"):
			v := verdict(calls["review"])
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
		return content, nil
	})
	return calls, srv.URL + "/v1"
}
