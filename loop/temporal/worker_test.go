package temporal_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"syscall"
	"testing"
	"time"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"github.com/kaigi-dev/kaigi/loop/goldfish"
	"github.com/kaigi-dev/kaigi/loop/internal/sixthloop"
	"github.com/kaigi-dev/kaigi/loop/temporal"
)

// The environment of a worker process the tests start (the test binary
// run again): the server, the queue, the store, the work folder, the
// reviewers' call log and their delay.
const (
	envWorker = "KAIGI_TEMPORAL_TEST_WORKER"
	envQueue  = "KAIGI_TEMPORAL_TEST_QUEUE"
	envStore  = "KAIGI_TEMPORAL_TEST_STORE"
	envWork   = "KAIGI_TEMPORAL_TEST_WORK"
	envLog    = "KAIGI_TEMPORAL_TEST_LOG"
	envDelay  = "KAIGI_TEMPORAL_TEST_DELAY_MS"
)

func TestMain(m *testing.M) {
	if addr := os.Getenv(envWorker); addr != "" {
		os.Exit(runWorker(addr))
	}
	os.Exit(m.Run())
}

// chainSwarm is a scripted four-reviewer Editorial Swarm whose every round
// edits (one -> two -> three -> four) while a high finding stays open, so
// it runs four rounds and each round's text differs; each
// call waits delay and, when log is set, appends "start NAME HASH" (the
// text's SHA-256) to it as it begins and "done NAME HASH" before it
// answers.
func chainSwarm(delay time.Duration, log string) func(editorial.Args) (*editorial.Loop, error) {
	note := func(what, name string, text []byte) error {
		if log == "" {
			return nil
		}
		sum := sha256.Sum256(text)
		f, err := os.OpenFile(log, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			return err
		}
		defer f.Close()
		_, err = fmt.Fprintf(f, "%s %s %s\n", what, name, hex.EncodeToString(sum[:]))
		return err
	}
	slow := func(r agent.Reviewer) agent.Reviewer {
		return agent.ReviewerFunc{ReviewerName: r.Name(), Fn: func(ctx context.Context, t agent.Target) (agent.Review, error) {
			if err := note("start", r.Name(), t.Text); err != nil {
				return agent.Review{}, err
			}
			select {
			case <-time.After(delay):
			case <-ctx.Done():
				return agent.Review{}, ctx.Err()
			}
			if err := note("done", r.Name(), t.Text); err != nil {
				return agent.Review{}, err
			}
			return r.Review(ctx, t)
		}}
	}
	return func(editorial.Args) (*editorial.Loop, error) {
		return &editorial.Loop{MaxRounds: 5, Council: council.Council{Limit: 4, Members: council.Members(
			slow(phraseReviewer("one", nil, rule{phrase: "one", fix: "two", severity: finding.Low, conf: 90})),
			slow(phraseReviewer("two", nil, rule{phrase: "two", fix: "three", severity: finding.Low, conf: 90})),
			slow(phraseReviewer("three", nil, rule{phrase: "three", fix: "four", severity: finding.Low, conf: 90})),
			slow(phraseReviewer("style", nil, rule{phrase: "とても", severity: finding.High, conf: 60})),
		)}}, nil
	}
}

const chainArticle = "# 手順\n\none の段落はとても短い。\n"

// runWorker is a worker process: the loop workflow with chainSwarm as
// "editorial", the offline Goldfish, discussionDriver, writingDriver,
// multishotDriver and slowMultishot, until SIGTERM (or
// SIGKILL).
func runWorker(addr string) int {
	c, err := client.Dial(client.Options{HostPort: addr})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer c.Close()
	delay, _ := strconv.Atoi(os.Getenv(envDelay))
	w := worker.New(c, os.Getenv(envQueue), worker.Options{})
	temporal.Register(w, &temporal.Activities{
		Store: temporal.FileStore{Dir: os.Getenv(envStore)},
		Drivers: map[string]temporal.Driver{
			"editorial":      editorial.NewDriver(chainSwarm(time.Duration(delay)*time.Millisecond, os.Getenv(envLog))),
			"discussion":     discussionDriver(),
			"writing":        writingDriver(),
			"multishot":      multishotDriver(),
			"multishot-slow": slowMultishot(time.Duration(delay)*time.Millisecond, os.Getenv(envLog)),
			"goldfish":       goldfish.NewDriver(offlineGoldfish),
			"sixth":          sixthloop.Scripted(),
		},
		WorkDir: os.Getenv(envWork),
	})
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGTERM, os.Interrupt)
	ch := make(chan any)
	go func() { <-stop; close(ch) }()
	if err := w.Run(ch); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// workerProcess is a worker started as a child process.
type workerProcess struct {
	cmd    *exec.Cmd
	stderr bytes.Buffer
}

// startWorker starts a worker process; the test's end stops it.
func startWorker(t *testing.T, addr, queue, store, work, log string, delay time.Duration) *workerProcess {
	t.Helper()
	p := &workerProcess{cmd: exec.Command(os.Args[0], "-test.run=^$")}
	p.cmd.Env = append(os.Environ(), envWorker+"="+addr, envQueue+"="+queue, envStore+"="+store, envWork+"="+work, envLog+"="+log,
		envDelay+"="+strconv.Itoa(int(delay/time.Millisecond)))
	p.cmd.Stderr = &p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if p.cmd.ProcessState == nil {
			p.cmd.Process.Signal(syscall.SIGTERM)
			done := make(chan struct{})
			go func() { p.cmd.Wait(); close(done) }()
			select {
			case <-done:
			case <-time.After(15 * time.Second):
				p.cmd.Process.Kill()
				<-done
			}
		}
	})
	return p
}

// kill ends the worker with SIGKILL, as a machine that dies.
func (p *workerProcess) kill(t *testing.T) {
	t.Helper()
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	p.cmd.Wait()
}
