package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/loop/temporal/devtest"
)

// envChild makes the test binary run the command given in it (a JSON
// array of arguments) instead of the tests: the worker process.
const envChild = "KAIGI_TEMPORAL_SWARM_CHILD"

// TestMain runs the command of $KAIGI_TEMPORAL_SWARM_CHILD when set (the
// test's worker process), the tests otherwise.
func TestMain(m *testing.M) {
	if spec := os.Getenv(envChild); spec != "" {
		var args []string
		if err := json.Unmarshal([]byte(spec), &args); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(exitError)
		}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		code := run(ctx, args, os.Stdin, os.Stdout, os.Stderr)
		stop()
		os.Exit(code)
	}
	os.Exit(m.Run())
}

// startServer starts a Temporal server on loopback (package devtest) and
// returns its frontend's host:port; it is stopped when the test ends.
func startServer(t *testing.T) string {
	t.Helper()
	return devtest.Start(t)
}

// startWorkerProcess starts the worker command as a child process (this test
// binary) and returns once it polls; it is stopped with SIGTERM when the
// test ends, and must exit 0.
func startWorkerProcess(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	spec, _ := json.Marshal(append([]string{"worker"}, args...))
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), envChild+"="+string(spec))
	cmd.Stderr = testWriter{t}
	startChild(t, cmd, "Worker on ", time.Minute)
	return cmd
}

// startChild starts cmd, waits for a line of its stdout that starts with
// ready, and returns that line; at the test's end it stops cmd with
// SIGTERM (SIGKILL after 10 s) and fails unless it exits 0.
func startChild(t *testing.T, cmd *exec.Cmd, ready string, within time.Duration) string {
	t.Helper()
	out, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout = w
	err = cmd.Start()
	w.Close()
	if err != nil {
		out.Close()
		t.Fatal(err)
	}
	lines := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		sent := false
		for sc.Scan() {
			if !sent && strings.HasPrefix(sc.Text(), ready) {
				lines <- sc.Text()
				sent = true
			}
		}
		io.Copy(io.Discard, out)
		out.Close()
	}()
	exited := make(chan error, 1)
	waited := make(chan struct{})
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-waited:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-waited
			t.Errorf("%s did not stop within 10 s of SIGTERM", filepath.Base(cmd.Path))
		}
		if err := <-exited; err != nil {
			t.Errorf("%s: %v", filepath.Base(cmd.Path), err)
		}
	})
	go func() {
		err := cmd.Wait()
		exited <- err
		close(waited)
	}()
	select {
	case line := <-lines:
		return line
	case <-waited:
		err := <-exited
		exited <- err
		t.Fatalf("%s exited before it was ready: %v", filepath.Base(cmd.Path), err)
	case <-time.After(within):
		t.Fatalf("%s not ready within %v", filepath.Base(cmd.Path), within)
	}
	return ""
}

// testWriter writes to a test's log.
type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Helper()
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}
