// Package devtest starts a real Temporal server for tests (of this module
// and of the examples on it): the devserver
// program of the loop/temporal/devserver module, as a child process on
// loopback.
//
// The server is the binary named by the environment variable
// KAIGI_TEMPORAL_DEVSERVER (.ci/run builds it once and sets it); where that
// is unset, the first Start in a test binary builds it from the devserver
// module into the user's cache directory (with GOTOOLCHAIN=go1.27.3, which
// that module needs; the go command fetches the toolchain). The first build
// takes about 9 minutes on an idle two-core machine and up to 1 h 30 min on
// a busy one; later ones only check that the binary is up to date. A
// failed build fails the test: it never skips.
//
// The package uses only the standard library, so it builds in the
// loop/temporal module whatever SDK version that module requires.
package devtest

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// Namespace is the namespace the server registers at start.
const Namespace = "default"

const (
	// envBinary is the environment variable naming a devserver binary to
	// use instead of building one.
	envBinary = "KAIGI_TEMPORAL_DEVSERVER"
	// toolchain is the Go toolchain the devserver module builds with: the
	// Temporal server release it uses needs a newer Go than kaigi's.
	toolchain = "go1.27.3"
	// readyTimeout bounds how long the server may take to print its ready
	// line (a start takes about a second).
	readyTimeout = 2 * time.Minute
	// stopTimeout is how long the server may take to stop after SIGTERM
	// before it is killed.
	stopTimeout = 10 * time.Second
	// tailSize is how much of the server's stderr an error message quotes.
	tailSize = 8 << 10
)

// build builds the devserver once per test binary.
var build = sync.OnceValues(buildDevserver)

// Start starts a Temporal server on 127.0.0.1 with a free port, waits until
// its frontend answers calls for [Namespace], and returns the frontend's
// host:port. A t.Cleanup stops the server with SIGTERM and waits for it
// (SIGKILL after 10 s); an unclean exit fails the test. Start fails the test
// with the server's stderr if it does not start within 2 minutes. A server
// that exits because another process took one of its ports first (tests
// running in parallel start servers at once) is started again, up to
// maxStarts times.
//
// Each call starts a server of its own, with its own in-memory state.
func Start(t testing.TB) (addr string) {
	t.Helper()
	bin, err := binary()
	if err != nil {
		t.Fatal(err)
	}
	for try := 1; ; try++ {
		if addr, inUse := start(t, bin, try < maxStarts); !inUse {
			return addr
		}
	}
}

// maxStarts is how many times Start starts a server whose ports another
// process took between the server's choosing them and its binding them
// (servers of tests running in parallel pick ports at the same time).
const maxStarts = 3

// start starts one server, as Start describes. When retry is set and the
// server exits before it is ready because an address is in use, start
// reports inUse instead of failing the test.
func start(t testing.TB, bin string, retry bool) (addr string, inUse bool) {
	t.Helper()
	stderr := &tailBuffer{max: tailSize}
	ready := &readyWriter{line: make(chan string, 1)}
	cmd := exec.Command(bin, "-addr", "127.0.0.1:0", "-namespace", Namespace)
	cmd.Stdout = ready
	cmd.Stderr = stderr
	cmd.SysProcAttr = sysProcAttr()
	if err := cmd.Start(); err != nil {
		t.Fatalf("devtest: starting %s: %v", bin, err)
	}
	exited := make(chan struct{})
	var waitErr error // set before exited is closed
	early := false    // the test already failed for an early exit
	go func() {
		waitErr = cmd.Wait()
		close(exited)
	}()

	t.Cleanup(func() {
		select {
		case <-exited:
			if early {
				return
			}
			t.Errorf("devtest: Temporal server exited before the test's end: %v\nstderr:\n%s", waitErr, stderr)
			return
		default:
		}
		if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Errorf("devtest: stopping Temporal server: %v", err)
		}
		select {
		case <-exited:
			if waitErr != nil {
				t.Errorf("devtest: Temporal server did not exit cleanly on SIGTERM: %v\nstderr:\n%s", waitErr, stderr)
			}
		case <-time.After(stopTimeout):
			_ = cmd.Process.Kill()
			<-exited
			t.Errorf("devtest: Temporal server did not stop within %v of SIGTERM; killed\nstderr:\n%s", stopTimeout, stderr)
		}
	})

	timer := time.NewTimer(readyTimeout)
	defer timer.Stop()
	select {
	case line := <-ready.line:
		addr, ok := strings.CutPrefix(line, "ready ")
		if _, _, err := net.SplitHostPort(addr); !ok || err != nil {
			t.Fatalf("devtest: Temporal server printed %q, want \"ready HOST:PORT\"", line)
		}
		return addr, false
	case <-exited:
		early = true
		if retry && strings.Contains(stderr.String(), "address already in use") {
			return "", true
		}
		t.Fatalf("devtest: Temporal server exited before it was ready: %v\nstderr:\n%s", waitErr, stderr)
	case <-timer.C:
		t.Fatalf("devtest: Temporal server not ready within %v\nstderr:\n%s", readyTimeout, stderr)
	}
	return "", false // not reached: t.Fatalf does not return
}

// binary returns the path of the devserver binary: $KAIGI_TEMPORAL_DEVSERVER
// if set, else one built from the devserver module (once per test binary,
// into the user's cache directory, where the go command relinks it only when
// its sources changed).
func binary() (string, error) {
	if bin := os.Getenv(envBinary); bin != "" {
		if _, err := os.Stat(bin); err != nil {
			return "", fmt.Errorf("devtest: $%s: %w", envBinary, err)
		}
		return bin, nil
	}
	return build()
}

// buildDevserver builds the devserver module, next to the loop/temporal
// module of the working directory, into the user's cache directory. A lock
// file serializes builds by test binaries running in parallel.
func buildDevserver() (string, error) {
	_, self, _, ok := runtime.Caller(0) // this file, in loop/temporal/devtest
	if !ok {
		return "", fmt.Errorf("devtest: cannot find the devserver module (set $%s to a devserver binary)", envBinary)
	}
	modDir := filepath.Join(filepath.Dir(self), "..", "devserver")
	if _, err := os.Stat(filepath.Join(modDir, "go.mod")); err != nil {
		return "", fmt.Errorf("devtest: the devserver module: %w (set $%s to a devserver binary)", err, envBinary)
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("devtest: %w (set $%s to a devserver binary)", err, envBinary)
	}
	outDir := filepath.Join(cache, "kaigi", "temporal-devserver")
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return "", fmt.Errorf("devtest: %w", err)
	}
	unlock, err := lockFile(filepath.Join(outDir, "lock"))
	if err != nil {
		return "", fmt.Errorf("devtest: %w", err)
	}
	defer unlock()

	bin := filepath.Join(outDir, "devserver")
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, ".")
	cmd.Dir = modDir
	// The devserver is its own module outside the repository's go.work.
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN="+toolchain, "GOWORK=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("devtest: building the Temporal devserver (GOTOOLCHAIN=%s go build in %s): %v\n%s", toolchain, modDir, err, out)
	}
	return bin, nil
}

// lockFile takes an exclusive lock on the file, creating it, and returns
// the function that releases it.
func lockFile(name string) (unlock func(), err error) {
	f, err := os.OpenFile(name, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, fmt.Errorf("locking %s: %w", name, err)
	}
	return func() {
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}

// readyWriter is the server's stdout: it sends the first line on line and
// discards the rest.
type readyWriter struct {
	mu   sync.Mutex
	buf  []byte
	sent bool
	line chan string
}

func (w *readyWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.sent {
		return len(p), nil
	}
	w.buf = append(w.buf, p...)
	if i := bytes.IndexByte(w.buf, '\n'); i >= 0 {
		w.line <- string(w.buf[:i])
		w.sent, w.buf = true, nil
	}
	return len(p), nil
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (b *tailBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf = append(b.buf, p...)
	if over := len(b.buf) - b.max; over > 0 {
		b.buf = append(b.buf[:0], b.buf[over:]...)
	}
	return len(p), nil
}

// String returns the kept bytes.
func (b *tailBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.buf) == 0 {
		return "(empty)"
	}
	return string(b.buf)
}
