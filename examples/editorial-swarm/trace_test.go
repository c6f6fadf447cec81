package main

import (
	"encoding/json"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	tracepb "go.opentelemetry.io/proto/otlp/trace/v1"

	"github.com/kaigi-dev/kaigi/examples/internal/chattest"
	"github.com/kaigi-dev/kaigi/examples/internal/otlptest"
	"github.com/kaigi-dev/kaigi/finding"
)

// TestTracesOffline: the demo with only OTEL_EXPORTER_OTLP_ENDPOINT set
// sends its spans to the collector: the command's span at the root, the
// run under it, its rounds, and a span per reviewer call.
func TestTracesOffline(t *testing.T) {
	rec, url := otlptest.HTTP(t)
	code, stdout, stderr := runBinEnv(t, t.TempDir(), otlptest.Env(url))
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	spans := rec.Spans()
	tree := otlptest.Tree(spans)
	t.Logf("%v", tree)
	for _, k := range []string{"editorial-swarm < ", "kaigi.run editorial-swarm < editorial-swarm", "kaigi.round < kaigi.run editorial-swarm"} {
		if tree[k] == 0 {
			t.Errorf("no span %q: %v", k, tree)
		}
	}
	if tree["editorial-swarm < "] != 1 || len(spans) < 5 {
		t.Errorf("%d spans, tree %v", len(spans), tree)
	}
	reviews := 0
	for _, s := range spans {
		if s.Resource["service.name"] != "editorial-swarm" || s.TraceID != spans[0].TraceID {
			t.Errorf("span %q: resource %v, trace %s", s.Name, s.Resource, s.TraceID)
		}
		if strings.HasPrefix(s.Name, "kaigi.review ") {
			reviews++
			if tree[s.Name+" < kaigi.round"] == 0 || s.Attributes["kaigi.reviewer"] == "" {
				t.Errorf("reviewer span %q: %v", s.Name, s.Attributes)
			}
		}
		if s.Name == "editorial-swarm" && s.Attributes["process.exit.code"] != "0" {
			t.Errorf("the command's span: %v", s.Attributes)
		}
	}
	if reviews == 0 {
		t.Errorf("no reviewer call spans: %v", tree)
	}
}

// TestTracesOpenAI: a run on model reviewers against an OpenAI-compatible
// server has a chat span per model call under its reviewer's span, with
// the GenAI attributes; the call the server refuses has error.type and
// no response attributes.
func TestTracesOpenAI(t *testing.T) {
	role := regexp.MustCompile(`# Your role: ([a-z-]+)`)
	srv := chattest.Server(t, func(body []byte) (string, error) {
		m := role.FindSubmatch(body)
		if m == nil {
			return "", &chattest.StatusError{Code: 400, Message: "no role"}
		}
		if string(m[1]) == "fact-checker" {
			return "", &chattest.StatusError{Code: 403, Message: "not for you"}
		}
		content, err := json.Marshal(finding.Report{Reviewer: string(m[1]), SchemaVersion: "1", Summary: "Read it.", Findings: []finding.Finding{}})
		return string(content), err
	})
	rec, url := otlptest.HTTP(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "post.md"), []byte("# Title\n\nUsers want speed.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runBinEnv(t, dir, append(otlptest.Env(url), "OPENAI_API_KEY="+chattest.Key),
		"-provider", "openai", "-base-url", srv.URL+"/v1", "-reader", "developers", "-rounds", "1", "post.md")
	t.Logf("exit %d\n%s\n%s", code, stdout, stderr)
	spans := rec.Spans()
	tree := otlptest.Tree(spans)
	t.Logf("%v", tree)
	chats := 0
	for _, s := range spans {
		if !strings.HasPrefix(s.Name, "chat") {
			continue
		}
		chats++
		reviewer := strings.TrimPrefix(parentName(spans, s), "kaigi.review ")
		a := s.Attributes
		if s.Name != "chat gpt-4.1-mini" || a["gen_ai.operation.name"] != "chat" || a["gen_ai.provider.name"] != "openai" ||
			a["gen_ai.request.model"] != "gpt-4.1-mini" || a["gen_ai.output.type"] != "json" || a["gen_ai.system"] != "" {
			t.Errorf("chat span %q of %s: %v", s.Name, reviewer, a)
		}
		if reviewer == "fact-checker" {
			if a["error.type"] != "403" || s.Status != tracepb.Status_STATUS_CODE_ERROR {
				t.Errorf("the refused call: status %v, %v", s.Status, a)
			}
			for k := range a {
				if strings.HasPrefix(k, "gen_ai.response.") || strings.HasPrefix(k, "gen_ai.usage.") {
					t.Errorf("the refused call has %s", k)
				}
			}
			continue
		}
		if a["gen_ai.response.model"] != "gpt-4.1-mini" || a["gen_ai.usage.input_tokens"] != "1000" || a["gen_ai.usage.output_tokens"] != "50" ||
			a["gen_ai.response.finish_reasons"] != "[stop]" || a["error.type"] != "" {
			t.Errorf("the chat span of %s: %v", reviewer, a)
		}
	}
	if chats < 4 {
		t.Errorf("%d chat spans, want one per reviewer at least: %v", chats, tree)
	}
}

// parentName returns the name of s's parent among spans.
func parentName(spans []otlptest.Span, s otlptest.Span) string {
	for _, p := range spans {
		if p.SpanID == s.ParentID {
			return p.Name
		}
	}
	return ""
}

// TestTracesFailedRun: a run that fails still sends the command's span,
// with status Error and its exit code, to the traces endpoint and under
// the service name the environment names.
func TestTracesFailedRun(t *testing.T) {
	rec, url := otlptest.HTTP(t)
	env := append(otlptest.Env(""), "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT="+url+"/v1/traces", "OTEL_SERVICE_NAME=docs-ci")
	code, _, stderr := runBinEnv(t, t.TempDir(), env, "-reader", "developers", "missing.md")
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s", code, stderr)
	}
	spans := rec.Spans()
	if len(spans) == 0 {
		t.Fatal("no span sent")
	}
	root := spans[len(spans)-1]
	if root.Name != "editorial-swarm" || root.Status != tracepb.Status_STATUS_CODE_ERROR || root.Attributes["process.exit.code"] != "1" ||
		root.Attributes["error.type"] != "1" || root.Resource["service.name"] != "docs-ci" {
		t.Errorf("the command's span: %+v", root)
	}
}

// TestTracesInterrupted: Ctrl-C during a model call still sends the
// spans: the call's, ended canceled, and the command's, with the exit
// code.
func TestTracesInterrupted(t *testing.T) {
	started, release := make(chan struct{}, 8), make(chan struct{})
	srv := chattest.Server(t, func([]byte) (string, error) {
		started <- struct{}{}
		<-release
		return "", &chattest.StatusError{Code: 400, Message: "too late"}
	})
	t.Cleanup(func() { close(release) }) // before the server closes, which waits for its handlers
	rec, url := otlptest.HTTP(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "post.md"), []byte("# Title\n\nUsers want speed.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-provider", "openai", "-base-url", srv.URL+"/v1", "-reader", "developers", "-rounds", "1", "post.md")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), append(otlptest.Env(url), "OPENAI_API_KEY="+chattest.Key, "KAIGI_PROVIDER=")...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-started:
	case <-time.After(time.Minute):
		cmd.Process.Kill()
		t.Fatalf("no model call in a minute\n%s", stderr.String())
	}
	cmd.Process.Signal(os.Interrupt)
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() <= 0 {
		t.Fatalf("wait: %v\n%s", err, stderr.String())
	}
	var root, chat *otlptest.Span
	spans := rec.Spans()
	for i, s := range spans {
		switch {
		case s.Name == "editorial-swarm":
			root = &spans[i]
		case strings.HasPrefix(s.Name, "chat"):
			chat = &spans[i]
		}
	}
	if root == nil || chat == nil {
		t.Fatalf("spans: %v\n%s", otlptest.Tree(spans), stderr.String())
	}
	if root.Attributes["process.exit.code"] != strconv.Itoa(ee.ExitCode()) || root.Status != tracepb.Status_STATUS_CODE_ERROR {
		t.Errorf("the command's span: %+v", root)
	}
	if chat.Attributes["error.type"] != "canceled" || chat.Attributes["gen_ai.response.model"] != "" {
		t.Errorf("the interrupted call's span: %+v", chat)
	}
}

// TestTracesCollectorDown: a collector that cannot be reached costs the
// run nothing but a logged line: the demo exits 0 as it would untraced.
func TestTracesCollectorDown(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := "http://" + l.Addr().String()
	l.Close()
	code, stdout, stderr := runBinEnv(t, t.TempDir(), otlptest.Env(url))
	if code != 0 || !strings.Contains(stderr, "traces: export failed") || !strings.Contains(stdout, "Stopped after") {
		t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
}
