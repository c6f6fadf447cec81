package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"github.com/kaigi-dev/kaigi/loop/rounds"
	"github.com/kaigi-dev/kaigi/loop/temporal"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// TestOnTemporal runs the commands against a real Temporal server on
// loopback, with the worker command as a child process: a run with -gate
// auto, one with -gate file answered with the answer command, one with
// -gate ask answered on its input, and a Goldfish run, each ending as the
// same loop in a process.
func TestOnTemporal(t *testing.T) {
	addr := startServer(t)
	store, work := t.TempDir(), t.TempDir()
	startWorkerProcess(t, "-temporal", addr, "-store", store, "-work", work)
	sample, err := offline.Sample("sample-ja.md")
	if err != nil {
		t.Fatal(err)
	}

	t.Run("auto", func(t *testing.T) {
		file, out := writeDoc(t, "sample-ja.md", sample), filepath.Join(t.TempDir(), "out")
		stdout, stderr, code := command(t, nil, "run", "-temporal", addr, "-store", store, "-gate", "auto", "-reader", demoReader, "-out", out, file)
		if code != exitConverged && code != exitUnresolved {
			t.Fatalf("exit %d\n%s", code, stderr)
		}
		want, reason, _ := inProcessEditorial(t, "sample-ja.md", sample, nil)
		sameDoc(t, filepath.Join(out, "sample-ja.md"), want)
		if !strings.Contains(stdout, editorial.Describe(loop.StopReason(reason))) {
			t.Errorf("stdout does not say the run stopped %q:\n%s", reason, stdout)
		}
		if got, _ := os.ReadFile(file); !bytes.Equal(got, sample) {
			t.Error("the run wrote over FILE without -in-place")
		}
		if _, err := os.Stat(filepath.Join(out, ".editorial", "summary.md")); err != nil {
			t.Errorf("the run folder: %v", err)
		}
	})

	t.Run("file", func(t *testing.T) {
		file, out := writeDoc(t, "sample-ja.md", sample), filepath.Join(t.TempDir(), "out")
		const id = "sample-ja.md-file-gate"
		_, stderr, code := command(t, nil, "run", "-temporal", addr, "-store", store, "-gate", "file", "-reader", demoReader, "-id", id, "-out", out, file)
		if code != exitConverged {
			t.Fatalf("exit %d\n%s", code, stderr)
		}
		for _, s := range []string{id, "answer -temporal " + addr + " -id " + id, filepath.Join(out, ".editorial", "round-1", "pending.json")} {
			if !strings.Contains(stderr, s) {
				t.Errorf("stderr does not say %q:\n%s", s, stderr)
			}
		}
		if stdout, stderr, code := command(t, nil, "status", "-temporal", addr, "-id", id, "-store", store, "-out", out); code != exitConverged ||
			!strings.HasPrefix(stdout, "waiting: ") || !strings.Contains(stdout, "The question is in ") {
			t.Errorf("status of the waiting run: exit %d\n%s%s", code, stdout, stderr)
		}
		if _, stderr, code := command(t, nil, "run", "-temporal", addr, "-store", store, "-gate", "file", "-id", id, "-out", t.TempDir(), file); code != exitError || !strings.Contains(stderr, "already") {
			t.Errorf("a second run with the ID of a running one: exit %d\n%s", code, stderr)
		}
		cl := dialTest(t, addr)
		waits, answered := 0, -1
		deadline := time.Now().Add(2 * time.Minute)
		for !ended(t, cl, id) {
			if time.Now().After(deadline) {
				t.Fatal("the run did not end within 2 minutes")
			}
			p, err := query(context.Background(), cl, id)
			if err != nil || p.State != "waiting" || p.Advances == answered {
				time.Sleep(200 * time.Millisecond)
				continue
			}
			question, err := temporal.FileStore{Dir: store}.Get(context.Background(), p.QuestionRef)
			if err != nil {
				t.Fatal(err)
			}
			if waits == 0 {
				sameDoc(t, filepath.Join(out, filepath.FromSlash(p.Question)), question)
			}
			decisions := filepath.Join(t.TempDir(), "decisions.json")
			if err := os.WriteFile(decisions, decide(t, question), 0o644); err != nil {
				t.Fatal(err)
			}
			if _, stderr, code := command(t, nil, "answer", "-temporal", addr, "-id", id, decisions); code != exitConverged {
				t.Fatalf("answer: exit %d\n%s", code, stderr)
			}
			waits++
			answered = p.Advances
		}
		stdout, stderr, code := command(t, nil, "status", "-temporal", addr, "-id", id, "-store", store, "-out", out)
		if code != exitConverged && code != exitUnresolved {
			t.Fatalf("status: exit %d\n%s", code, stderr)
		}
		want, reason, localWaits := inProcessEditorial(t, "sample-ja.md", sample, func(p []byte) []byte { return decide(t, p) })
		if localWaits == 0 {
			t.Fatal("the run in a process never waited; the test proves nothing")
		}
		if waits != localWaits {
			t.Errorf("answered %d times on Temporal, %d in a process", waits, localWaits)
		}
		sameDoc(t, filepath.Join(out, "sample-ja.md"), want)
		if !strings.Contains(stdout, editorial.Describe(loop.StopReason(reason))) {
			t.Errorf("status does not say the run stopped %q:\n%s", reason, stdout)
		}
		var res temporal.Result
		if err := cl.GetWorkflow(context.Background(), id, "").Get(context.Background(), &res); err != nil {
			t.Fatal(err)
		}
		pendings, _ := filepath.Glob(filepath.Join(out, ".editorial", "round-*", "pending.json"))
		for _, p := range pendings {
			rel, _ := filepath.Rel(out, p)
			if _, kept := res.Files[filepath.ToSlash(rel)]; !kept {
				t.Errorf("the ended run's -out keeps %s, a question copied while it waited", rel)
			}
		}
		summary, err := os.ReadFile(filepath.Join(out, ".editorial", "summary.md"))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(summary), work) || !strings.Contains(string(summary), filepath.Join(out, ".editorial", "round-1")+"/findings.md") {
			t.Errorf("summary.md in -out does not name the files in -out (%s), or names the worker's (%s):\n%s", out, work, summary)
		}
	})

	t.Run("ask", func(t *testing.T) {
		file, out := writeDoc(t, "sample-ja.md", sample), filepath.Join(t.TempDir(), "out")
		in := newPrompter(t, map[string]string{"Apply which?": "all", "Reject which": "all", "Reason for": "advice noted"})
		_, stderr, code := command(t, in, "run", "-temporal", addr, "-store", store, "-gate", "ask", "-reader", demoReader, "-out", out, "-in-place", file)
		if code != exitConverged && code != exitUnresolved {
			t.Fatalf("exit %d\n%s", code, stderr)
		}
		if in.asked() == 0 {
			t.Fatalf("nothing was asked:\n%s", stderr)
		}
		want, _, _ := inProcessEditorial(t, "sample-ja.md", sample, func(p []byte) []byte { return decide(t, p) })
		sameDoc(t, filepath.Join(out, "sample-ja.md"), want)
		sameDoc(t, file, want) // -in-place
	})

	t.Run("demo", func(t *testing.T) {
		dir := t.TempDir()
		stdout, stderr, code := command(t, nil, "demo", "-temporal", addr, "-dir", dir)
		if code != exitConverged {
			t.Fatalf("exit %d\n%s", code, stderr)
		}
		want, reason, _, local := inProcessRun(t, "sample-ja.md", sample, nil)
		sameDoc(t, filepath.Join(dir, "sample-ja.md.temporal-out", "sample-ja.md"), want)
		sameFindings(t, filepath.Join(dir, "sample-ja.md.temporal-out", ".editorial"), local)
		if !strings.Contains(stdout, editorial.Describe(loop.StopReason(reason))) {
			t.Errorf("the demo on Temporal does not stop as in a process (%q):\n%s", reason, stdout)
		}
		if !strings.Contains(string(readFile(t, filepath.Join(local, "round-1", "reviewer-fact-checker.json"))), "images/architecture.png") {
			t.Error("the fact-checker in a process does not report the sample's broken image link; the test proves nothing")
		}
		for _, s := range []string{"Stopped: ", "Final document: ", "# Editorial summary"} {
			if !strings.Contains(stdout, s) {
				t.Errorf("the demo does not print %q:\n%s", s, stdout)
			}
		}
	})

	t.Run("goldfish", func(t *testing.T) {
		spec, err := os.ReadFile(filepath.Join("..", "..", "loop", "goldfish", "testdata", "spec.md"))
		if err != nil {
			t.Fatal(err)
		}
		const reviewers = "design_critic,structural,style,implementation_readiness"
		file, out := writeDoc(t, "spec.md", spec), filepath.Join(t.TempDir(), "out")
		_, stderr, code := command(t, nil, "run", "-temporal", addr, "-store", store, "-loop", "goldfish", "-gate", "auto", "-target", "S1.12", "-reviewers", reviewers, "-out", out, file)
		if code != exitConverged && code != exitUnresolved {
			t.Fatalf("exit %d\n%s", code, stderr)
		}
		settings, _ := json.Marshal(goldfishSettings{Target: "S1.12", Reviewers: reviewers})
		l, err := goldfishLoopFor(settings)
		if err != nil {
			t.Fatal(err)
		}
		local := writeDoc(t, "spec.md", spec)
		l.Dir, l.Gate, l.Asker = filepath.Join(filepath.Dir(local), ".goldfish"), rounds.AutoGate{}, loop.AutoAsker{}
		if _, err := l.Run(context.Background(), local); err != nil && !isStop(err) {
			t.Fatal(err)
		}
		want, _ := os.ReadFile(local)
		if bytes.Equal(want, spec) {
			t.Log("the Goldfish run in a process changed nothing")
		}
		sameDoc(t, filepath.Join(out, "spec.md"), want)
	})
}

// isStop reports whether err is a loop's stop before converging.
func isStop(err error) bool {
	return err != nil && (errors.Is(err, loop.ErrNotConverged) || errors.Is(err, rounds.ErrDocumentChanged))
}

// command runs the command in this process and returns its output and
// exit code; stdin nil is empty.
func command(t *testing.T, stdin io.Reader, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	if stdin == nil {
		stdin = strings.NewReader("")
	}
	var o, e bytes.Buffer
	var errW io.Writer = &e
	if p, ok := stdin.(*prompter); ok {
		errW = io.MultiWriter(&e, p)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	code = run(ctx, args, stdin, &o, errW)
	t.Logf("%s: exit %d\n%s", strings.Join(args[:1], " "), code, e.String())
	return o.String(), e.String(), code
}

// writeDoc writes data to name in a new folder and returns its path.
func writeDoc(t *testing.T, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// sameDoc fails unless the file at path holds want.
func sameDoc(t *testing.T, path string, want []byte) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the run in a process:\n--- on Temporal\n%s\n--- in a process\n%s", path, got, want)
	}
}

// inProcessEditorial runs the Editorial Swarm as the worker configures it
// (the offline council, the settings run sends) on a copy of doc in a
// process: with the automatic gate when decide is nil, else with the file
// gate, each wait answered with decide(pending.json) and resumed. It
// returns the final document, the stop reason and the number of waits.
func inProcessEditorial(t *testing.T, name string, doc []byte, decide func([]byte) []byte) ([]byte, string, int) {
	t.Helper()
	final, reason, waits, _ := inProcessRun(t, name, doc, decide)
	return final, reason, waits
}

// inProcessRun is inProcessEditorial, which also returns the run folder.
// Its offline fact-checker checks links on disk, as examples/editorial-swarm
// does.
func inProcessRun(t *testing.T, name string, doc []byte, decide func([]byte) []byte) ([]byte, string, int, string) {
	t.Helper()
	path := writeDoc(t, name, doc)
	root, rel, err := offline.WorkspaceRoot(filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	c, _, err := editorialCouncil(nil, offline.Config{LinkFS: os.DirFS(root), LinkDir: rel})
	if err != nil {
		t.Fatal(err)
	}
	settings, _ := json.Marshal(editorialSettings{Reader: demoReader, Auto: "low"})
	l, err := editorialLoopFor(c, settings)
	if err != nil {
		t.Fatal(err)
	}
	l.Dir = filepath.Join(filepath.Dir(path), ".editorial")
	l.Gate = rounds.AutoGate{}
	if decide != nil {
		l.Gate = rounds.FileGate{Path: filepath.Join(l.Dir, editorial.DecisionsName)}
	}
	ctx := context.Background()
	out, err := l.Run(ctx, path)
	waits := 0
	for out != nil && out.Reason == loop.AwaitingDecisions && decide != nil {
		waits++
		pending, rerr := os.ReadFile(filepath.Join(l.Dir, "round-"+strconv.Itoa(out.Rounds), "pending.json"))
		if rerr != nil {
			t.Fatal(rerr)
		}
		if werr := os.WriteFile(filepath.Join(l.Dir, editorial.DecisionsName), decide(pending), 0o644); werr != nil {
			t.Fatal(werr)
		}
		out, err = l.Resume(ctx, path)
	}
	if out == nil || (err != nil && !isStop(err)) {
		t.Fatal(err)
	}
	final, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return final, string(out.Reason), waits, l.Dir
}

// sameFindings fails unless the reviewers' reports of every round in the
// run folders got (on Temporal) and want (in a process) are the same, and
// there are some.
func sameFindings(t *testing.T, got, want string) {
	t.Helper()
	reports, _ := filepath.Glob(filepath.Join(want, "round-*", "reviewer-*.json"))
	if len(reports) == 0 {
		t.Fatalf("no reviewer reports in %s", want)
	}
	for _, w := range reports {
		rel, _ := filepath.Rel(want, w)
		sameDoc(t, filepath.Join(got, rel), readFile(t, w))
	}
	if gotReports, _ := filepath.Glob(filepath.Join(got, "round-*", "reviewer-*.json")); len(gotReports) != len(reports) {
		t.Errorf("%d reviewer reports on Temporal, %d in a process", len(gotReports), len(reports))
	}
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// decide answers a round's pending.json as the prompter does with "all",
// "all", "advice noted": apply every fix, reject the rest with a reason.
func decide(t *testing.T, pending []byte) []byte {
	t.Helper()
	var items []rounds.Pending
	if err := json.Unmarshal(pending, &items); err != nil {
		t.Fatalf("pending.json: %v", err)
	}
	for i, it := range items {
		if it.Fix != "" {
			items[i].Action = "apply"
		} else {
			items[i].Action, items[i].Reason = "reject", "advice noted"
		}
	}
	data, _ := json.Marshal(items)
	return data
}

// dialTest connects a client to the test's server.
func dialTest(t *testing.T, addr string) client.Client {
	t.Helper()
	cl, err := common{temporal: addr}.dial(context.Background(), testWriter{t})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(cl.Close)
	return cl
}

// ended reports whether the workflow id has closed.
func ended(t *testing.T, cl client.Client, id string) bool {
	t.Helper()
	d, err := cl.DescribeWorkflowExecution(context.Background(), id, "")
	if err != nil {
		t.Fatal(err)
	}
	return d.GetWorkflowExecutionInfo().GetStatus() != enumspb.WORKFLOW_EXECUTION_STATUS_RUNNING
}

// prompter is a command's stdin that answers the prompts the command
// writes to stderr (it is also its stderr): each prompt that holds a key
// of answers gets that answer as a line.
type prompter struct {
	answers map[string]string
	r       *io.PipeReader
	w       *io.PipeWriter
	mu      sync.Mutex
	n       int
	buf     strings.Builder
}

func newPrompter(t *testing.T, answers map[string]string) *prompter {
	r, w := io.Pipe()
	t.Cleanup(func() { w.Close() })
	return &prompter{answers: answers, r: r, w: w}
}

// Write takes what the command writes to stderr, answering its prompts.
func (p *prompter) Write(b []byte) (int, error) {
	p.answer(string(b))
	return len(b), nil
}

// Read reads the answers.
func (p *prompter) Read(b []byte) (int, error) { return p.r.Read(b) }

// asked returns the number of prompts answered.
func (p *prompter) asked() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.n
}

// answer answers the prompt in the text written so far, if any.
func (p *prompter) answer(written string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.buf.WriteString(written)
	s := p.buf.String()
	for key, a := range p.answers {
		if strings.Contains(s, key) && strings.HasSuffix(strings.TrimRight(s, " "), ":") {
			p.n++
			p.buf.Reset()
			go p.w.Write([]byte(a + "\n")) // the command reads it after this Write returns
			return
		}
	}
}
