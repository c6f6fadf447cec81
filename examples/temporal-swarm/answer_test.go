package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"go.temporal.io/sdk/client"

	"github.com/kaigi-dev/kaigi/loop/temporal"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// TestAnswersOnTemporal runs the answer and status commands as a user
// does against a real server: a malformed answer is refused with its
// reason (exit 1) and status shows it; an answer with no worker says that
// it waits for one; a run whose server goes away says the server cannot
// be reached.
func TestAnswersOnTemporal(t *testing.T) {
	addr := startServer(t)
	store, work := t.TempDir(), t.TempDir()
	startWorkerProcess(t, "-temporal", addr, "-store", store, "-work", work)
	sample, err := offline.Sample("sample-ja.md")
	if err != nil {
		t.Fatal(err)
	}

	t.Run("refused", func(t *testing.T) {
		file, out := writeDoc(t, "sample-ja.md", sample), filepath.Join(t.TempDir(), "out")
		const id = "sample-ja.md-refused"
		if _, stderr, code := command(t, nil, "run", "-temporal", addr, "-store", store, "-gate", "file", "-reader", demoReader, "-id", id, "-out", out, file); code != exitConverged {
			t.Fatalf("run: exit %d\n%s", code, stderr)
		}
		pending, err := os.ReadFile(filepath.Join(out, ".editorial", "round-1", "pending.json"))
		if err != nil {
			t.Fatal(err)
		}
		var items []json.RawMessage
		if err := json.Unmarshal(decide(t, pending), &items); err != nil || len(items) == 0 {
			t.Fatalf("pending.json: %d items, %v", len(items), err)
		}
		twice, _ := json.Marshal(append(items, items[0]))
		var maybe []map[string]any // the first entry's action one that is none
		json.Unmarshal(decide(t, pending), &maybe)
		maybe[0]["action"] = "maybe"
		maybeData, _ := json.Marshal(maybe)
		for name, bad := range map[string]string{
			"not an array": `{"decisions": []}`,
			"a key twice":  string(twice),
			"action maybe": string(maybeData), // not a string replace: the sample's entries may all be advice
		} {
			answer := filepath.Join(t.TempDir(), "decisions.json")
			os.WriteFile(answer, []byte(bad), 0o644)
			stdout, stderr, code := command(t, nil, "answer", "-temporal", addr, "-id", id, answer)
			if code != exitError || !strings.Contains(stderr, "refused the answer") || strings.Contains(stdout, "took the answer") {
				t.Errorf("%s: answer exit %d, want 1 saying it was refused\n%s%s", name, code, stdout, stderr)
				continue
			}
			reason := stderr[strings.Index(stderr, "refused the answer: ")+len("refused the answer: "):]
			reason = strings.TrimSuffix(strings.TrimSpace(reason), " (it waits for another)")
			stdout, stderr, code = command(t, nil, "status", "-temporal", addr, "-id", id)
			if code != exitConverged || !strings.HasPrefix(stdout, "waiting: ") || !strings.Contains(stdout, "The last answer was refused: "+reason) {
				t.Errorf("%s: status exit %d, want it waiting and saying %q\n%s%s", name, code, reason, stdout, stderr)
			}
		}
		good := filepath.Join(t.TempDir(), "decisions.json")
		os.WriteFile(good, decide(t, pending), 0o644)
		if stdout, stderr, code := command(t, nil, "answer", "-temporal", addr, "-id", id, good); code != exitConverged || !strings.Contains(stdout, "took the answer") {
			t.Errorf("a good answer after the refused ones: exit %d\n%s%s", code, stdout, stderr)
		}
	})

	t.Run("no worker", func(t *testing.T) {
		cl := dialTest(t, addr)
		files, err := temporal.PutFiles(context.Background(), temporal.FileStore{Dir: store}, map[string][]byte{"a.md": []byte("x")})
		if err != nil {
			t.Fatal(err)
		}
		const id, queue = "no-worker", "nobody-polls-this"
		if _, err := cl.ExecuteWorkflow(context.Background(), client.StartWorkflowOptions{ID: id, TaskQueue: queue}, temporal.WorkflowName, temporal.Input{Driver: editorialLoop, Files: files}); err != nil {
			t.Fatal(err)
		}
		answer := filepath.Join(t.TempDir(), "decisions.json")
		os.WriteFile(answer, []byte("[]"), 0o644)
		_, stderr, code := commandUntil(t, "No worker polls", "answer", "-temporal", addr, "-id", id, answer)
		if !strings.Contains(stderr, "No worker polls the queue "+queue) || !strings.Contains(stderr, "worker -queue "+queue) || code != exitError || !strings.Contains(stderr, "interrupted") {
			t.Errorf("answer with no worker: exit %d, want it to say that it waits for a worker\n%s", code, stderr)
		}
	})

	t.Run("server down", func(t *testing.T) {
		proxy := newProxy(t, addr)
		file, out := writeDoc(t, "sample-ja.md", sample), filepath.Join(t.TempDir(), "out")
		// No worker polls the queue: the run waits, and its client follows it.
		var once sync.Once
		_, stderr, _ := commandWith(t, func(s string, cancel func()) {
			if strings.Contains(s, "Started ") {
				once.Do(proxy.close)
			}
			if strings.Contains(s, "cannot be reached") {
				cancel()
			}
		}, "run", "-temporal", proxy.addr, "-store", store, "-queue", "nobody-polls-this-either", "-gate", "file", "-reader", demoReader, "-out", out, file)
		if !strings.Contains(stderr, "The Temporal server at "+proxy.addr+" cannot be reached") && !strings.Contains(stderr, "the Temporal server at "+proxy.addr+" cannot be reached") {
			t.Errorf("run with the server gone does not say that it cannot be reached:\n%s", stderr)
		}
		if !strings.Contains(stderr, "start the development server") || strings.Contains(stderr, "is a worker polling") {
			t.Errorf("run with the server gone does not say to start the development server (or blames a worker):\n%s", stderr)
		}
	})
}

// commandUntil runs the command until its stderr holds want (then its
// context is cancelled, as Ctrl-C does) or it ends.
func commandUntil(t *testing.T, want string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	return commandWith(t, func(s string, cancel func()) {
		if strings.Contains(s, want) {
			cancel()
		}
	}, args...)
}

// commandWith runs the command, calling watch with its stderr so far
// after each write (watch may cancel the command's context); it fails the
// test if the command does not end within 2 minutes.
func commandWith(t *testing.T, watch func(stderr string, cancel func()), args ...string) (stdout, stderr string, code int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var o bytes.Buffer
	e := &watchWriter{watch: func(s string) { watch(s, cancel) }}
	code = run(ctx, args, strings.NewReader(""), &o, e)
	if ctx.Err() == context.DeadlineExceeded {
		t.Errorf("%s did not end within 2 minutes", args[0])
	}
	t.Logf("%s: exit %d\n%s", args[0], code, e.String())
	return o.String(), e.String(), code
}

// watchWriter keeps what is written and calls watch with all of it after
// each write.
type watchWriter struct {
	mu    sync.Mutex
	buf   strings.Builder
	watch func(string)
}

func (w *watchWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	w.buf.Write(p)
	s := w.buf.String()
	w.mu.Unlock()
	w.watch(s)
	return len(p), nil
}

func (w *watchWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

// proxy forwards loopback TCP connections to a server until closed, when
// it refuses new connections and cuts the open ones: a server gone away.
type proxy struct {
	addr  string
	l     net.Listener
	mu    sync.Mutex
	conns []net.Conn
}

func newProxy(t *testing.T, target string) *proxy {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &proxy{addr: l.Addr().String(), l: l}
	t.Cleanup(p.close)
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			s, err := net.Dial("tcp", target)
			if err != nil {
				c.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, c, s)
			p.mu.Unlock()
			go func() { io.Copy(s, c); s.Close() }()
			go func() { io.Copy(c, s); c.Close() }()
		}
	}()
	return p
}

func (p *proxy) close() {
	p.l.Close()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}
