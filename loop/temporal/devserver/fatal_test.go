package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"go.temporal.io/server/common/log"
	"go.temporal.io/server/common/log/tag"
)

// envChild makes the test binary act as the devserver program, with the
// arguments it holds (a JSON array): the real program, in a process of its
// own. envFatal makes it log a fatal record through the logger the server
// is given, wrapped as the server wraps it.
const (
	envChild = "KAIGI_DEVSERVER_CHILD"
	envFatal = "KAIGI_DEVSERVER_FATAL_CHILD"
)

func TestMain(m *testing.M) {
	if spec := os.Getenv(envChild); spec != "" {
		var args []string
		if err := json.Unmarshal([]byte(spec), &args); err != nil {
			os.Exit(3)
		}
		os.Args = append([]string{"devserver"}, args...)
		main()
		os.Exit(0)
	}
	if os.Getenv(envFatal) != "" {
		logger := log.With(serverLogger(false, os.Stderr, os.Exit), tag.Service("history"))
		logger.Fatal("failed to start ringpop", tag.Error(errors.New("join duration of 30s exceeded")))
		os.Stderr.WriteString("went on after a fatal record\n")
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// child runs the test binary as a child with env set, and returns its
// exit code and stderr; it fails the test if the child runs past 3
// minutes.
func child(t *testing.T, env ...string) (int, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("the child did not end within 3 minutes\n%s", stderr.String())
	}
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatal(err)
	}
	return cmd.ProcessState.ExitCode(), stderr.String()
}

// TestPortInUse: the development server, without -v, on a port another
// program listens on exits 1 and says why, instead of a nil-pointer panic.
func TestPortInUse(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	spec, _ := json.Marshal([]string{"-addr", l.Addr().String()})
	code, stderr := child(t, envChild+"="+string(spec))
	if code != 1 || !strings.Contains(stderr, "devserver: fatal: ") || !strings.Contains(stderr, "address already in use") || strings.Contains(stderr, "panic") {
		t.Fatalf("exit %d, want 1 with \"devserver: fatal: ... address already in use\"\n%s", code, stderr)
	}
}

// TestFatalRecordEndsTheProcess: a fatal record of the server (ringpop that
// does not start, logged through the server's wrapping of the logger)
// ends the process with exit 1 and the reason on stderr, without -v.
func TestFatalRecordEndsTheProcess(t *testing.T) {
	code, stderr := child(t, envFatal+"=1")
	want := "devserver: fatal: failed to start ringpop ("
	if code != 1 || !strings.Contains(stderr, want) || !strings.Contains(stderr, "join duration of 30s exceeded") || !strings.Contains(stderr, "history") || strings.Contains(stderr, "went on") {
		t.Fatalf("exit %d, want 1 saying %q and the error\n%s", code, want, stderr)
	}
}
