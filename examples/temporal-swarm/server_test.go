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
)

// The test's helpers for a real Temporal server, as the
// loop/temporal/internal/devtest package starts it (which this module
// cannot import: it is internal to loop/temporal).
const (
	// envDevserver names a devserver binary to use instead of building one.
	envDevserver = "KAIGI_TEMPORAL_DEVSERVER"
	// devserverToolchain is the Go toolchain the devserver module needs.
	devserverToolchain = "go1.27.3"
	// envChild makes the test binary run the command given in it (a JSON
	// array of arguments) instead of the tests: the worker process.
	envChild = "KAIGI_TEMPORAL_SWARM_CHILD"
)

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

// devserverBinary returns $KAIGI_TEMPORAL_DEVSERVER, or builds the
// devserver module of loop/temporal into the user's cache folder (where
// the go command relinks it only when its sources changed).
func devserverBinary(t *testing.T) string {
	t.Helper()
	if bin := os.Getenv(envDevserver); bin != "" {
		if _, err := os.Stat(bin); err != nil {
			t.Fatalf("$%s: %v", envDevserver, err)
		}
		return bin
	}
	mod, err := filepath.Abs(filepath.Join("..", "..", "loop", "temporal", "devserver"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(mod, "go.mod")); err != nil {
		t.Fatalf("the devserver module: %v (set $%s to a devserver binary)", err, envDevserver)
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		t.Fatalf("%v (set $%s to a devserver binary)", err, envDevserver)
	}
	bin := filepath.Join(cache, "kaigi", "temporal-devserver", "devserver-temporal-swarm")
	t.Logf("building the Temporal devserver (GOTOOLCHAIN=%s; minutes the first time)", devserverToolchain)
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Dir = mod
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN="+devserverToolchain)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the devserver: %v\n%s", err, out)
	}
	return bin
}

// startServer starts a Temporal server on loopback and returns its
// frontend's host:port; it is stopped when the test ends.
func startServer(t *testing.T) string {
	t.Helper()
	bin := devserverBinary(t)
	cmd := exec.Command(bin, "-addr", "127.0.0.1:0")
	cmd.Stderr = testWriter{t}
	line := startChild(t, cmd, "ready ", 2*time.Minute)
	return strings.TrimPrefix(line, "ready ")
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
