//go:build unix

package cli_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/cli"
	"github.com/kaigi-dev/kaigi/providers/conformance"
)

func script(t *testing.T) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("testdata", "fake-agent.sh"))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func newProvider(t *testing.T, args []string, opts ...cli.Option) *cli.Provider {
	t.Helper()
	p, err := cli.New(append([]string{script(t)}, args...), opts...)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestConformance(t *testing.T) {
	conformance.Run(t, conformance.Harness{
		Start: func(t *testing.T, _ string, replies ...conformance.Reply) (agent.Provider, func() []conformance.Call) {
			// The n-th call gets the n-th reply's text; the last repeats.
			dir, replyDir := t.TempDir(), t.TempDir()
			env := []string{"CALLS_DIR=" + dir}
			if len(replies) > 0 {
				env = append(env, "REPLIES_DIR="+replyDir)
				if replies[0].Hang {
					env = append(env, "FAKE_HANG=1")
				}
			}
			for i, r := range replies {
				if err := os.WriteFile(filepath.Join(replyDir, "reply."+strconv.Itoa(i+1)), []byte(r.Text), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			p := newProvider(t, []string{"conformance"}, cli.WithEnv(env...), cli.WithGracePeriod(time.Second))
			return p, func() []conformance.Call {
				files, _ := filepath.Glob(filepath.Join(dir, "call.*"))
				calls := make([]conformance.Call, 0, len(files))
				for _, f := range files {
					b, err := os.ReadFile(f)
					if err != nil {
						t.Errorf("reading a recorded call: %v", err)
					}
					calls = append(calls, conformance.Call{Body: b})
				}
				return calls
			}
		},
		CheckRequest: func(t *testing.T, c conformance.Call, req agent.Request) {
			if want := cli.Render(req); string(c.Body) != want {
				t.Errorf("stdin = %q, want %q", c.Body, want)
			}
		},
		NoTokenLimit: true,
	})
}

func TestSuccess(t *testing.T) {
	p := newProvider(t, []string{"echo", "--model", cli.ModelPlaceholder, "-p"}, cli.WithModel("default-model"))
	tests := []struct {
		name, model, prompt, want string
	}{
		{"default model", "", "hello", "--model|default-model|-p|hello"},
		{"request model", "sonnet", "hello", "--model|sonnet|-p|hello"},
		{"Japanese CRLF and no final newline", "m", "\ufeff吾輩は猫である。\r\n名前はまだ無い。", "--model|m|-p|\ufeff吾輩は猫である。\r\n名前はまだ無い。"},
		{"shell metacharacters stay text", "$(touch pwned); `id`", "x", "--model|$(touch pwned); `id`|-p|x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, err := p.Complete(t.Context(), agent.Request{Model: tt.model, Messages: []agent.Message{agent.UserText(tt.prompt)}})
			if err != nil {
				t.Fatal(err)
			}
			if resp.Text != tt.want {
				t.Errorf("Text = %q, want %q", resp.Text, tt.want)
			}
			if resp.Usage.Calls != 1 {
				t.Errorf("Usage.Calls = %d", resp.Usage.Calls)
			}
		})
	}
	if _, err := os.Stat("pwned"); err == nil {
		t.Error("an argument was run through a shell")
	}
}

func TestNoModelForPlaceholder(t *testing.T) {
	p := newProvider(t, []string{"echo", "--model", cli.ModelPlaceholder})
	_, err := p.Complete(t.Context(), agent.Request{Messages: []agent.Message{agent.UserText("x")}})
	if !errors.Is(err, agent.ErrNoModel) {
		t.Errorf("err = %v, want agent.ErrNoModel", err)
	}
}

func TestNonZeroExit(t *testing.T) {
	p := newProvider(t, []string{"fail", "3"}, cli.WithStderrTail(200))
	_, err := p.Complete(t.Context(), agent.Request{Messages: []agent.Message{agent.UserText("x")}})
	var exitErr *cli.ExitError
	if !errors.As(err, &exitErr) {
		t.Fatalf("err = %v, want an *ExitError", err)
	}
	if exitErr.Code != 3 {
		t.Errorf("Code = %d, want 3", exitErr.Code)
	}
	if !strings.HasSuffix(exitErr.Stderr, "認証に失敗しました (authentication failed)") {
		t.Errorf("Stderr = %q, want the end of stderr", exitErr.Stderr)
	}
	if len(exitErr.Stderr) > 200+len("...") {
		t.Errorf("Stderr holds %d bytes, want at most the 200-byte tail", len(exitErr.Stderr))
	}
	if msg := err.Error(); !strings.Contains(msg, "status 3") || !strings.Contains(msg, "authentication failed") || strings.Contains(msg, "progress line 0:") {
		t.Errorf("error %q should name the status and the end of stderr only", msg)
	}
}

// alive reports whether pid is a process that has not yet died (a zombie
// waiting for its reaper counts as dead).
func alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true // no /proc: trust kill(0)
	}
	if i := bytes.LastIndexByte(stat, ')'); i >= 0 && i+2 < len(stat) {
		return stat[i+2] != 'Z'
	}
	return true
}

func pids(t *testing.T, file string) []int {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("no pid file: %v", err)
	}
	var out []int
	for _, f := range strings.Fields(string(b)) {
		n, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("pid file: %v", err)
		}
		out = append(out, n)
	}
	return out
}

// waitGone fails t unless every pid is dead within a few seconds.
func waitGone(t *testing.T, ps []int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for _, pid := range ps {
		for alive(pid) {
			if time.Now().After(deadline) {
				t.Errorf("process %d still runs", pid)
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
}

func TestTimeoutKillsProcessGroup(t *testing.T) {
	for _, grace := range []time.Duration{200 * time.Millisecond, 0} {
		t.Run("grace="+grace.String(), func(t *testing.T) {
			pidFile := filepath.Join(t.TempDir(), "pids")
			// The timeout leaves the script ample time to start its
			// grandchild even on a loaded machine.
			p := newProvider(t, []string{"stubborn", pidFile}, cli.WithTimeout(1500*time.Millisecond), cli.WithGracePeriod(grace))
			start := time.Now()
			_, err := p.Complete(t.Context(), agent.Request{Messages: []agent.Message{agent.UserText("x")}})
			if !errors.Is(err, context.DeadlineExceeded) || !errors.Is(err, agent.ErrTimedOut) {
				t.Errorf("err = %v, want one wrapping context.DeadlineExceeded and agent.ErrTimedOut", err)
			}
			if d := time.Since(start); d > 10*time.Second {
				t.Errorf("Complete took %v; the SIGTERM-ignoring group was not killed", d)
			}
			ps := pids(t, pidFile)
			if len(ps) != 3 {
				t.Fatalf("pid file lists %v, want the command, its child and grandchild", ps)
			}
			waitGone(t, ps)
		})
	}
}

func TestCancelKillsProcessGroup(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pids")
	p := newProvider(t, []string{"stubborn", pidFile}, cli.WithGracePeriod(100*time.Millisecond))
	ctx, cancel := context.WithCancel(t.Context())
	go func() { // cancel once the whole process tree runs
		defer cancel()
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
			if b, err := os.ReadFile(pidFile); err == nil && len(strings.Fields(string(b))) == 3 {
				return
			}
		}
	}()
	_, err := p.Complete(ctx, agent.Request{Messages: []agent.Message{agent.UserText("x")}})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want one wrapping context.Canceled", err)
	}
	waitGone(t, pids(t, pidFile))
}

func TestBackgroundStragglerKilled(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pids")
	p := newProvider(t, []string{"linger", pidFile})
	resp, err := p.Complete(t.Context(), agent.Request{Messages: []agent.Message{agent.UserText("x")}})
	if err != nil || resp.Text != "done\n" {
		t.Fatalf("Complete = %q, %v", resp.Text, err)
	}
	waitGone(t, pids(t, pidFile))
}

func TestOutputBound(t *testing.T) {
	const size = 5 << 20 // 5 MiB
	tests := []struct {
		name    string
		max     int
		wantErr bool
	}{
		{"large output under the bound", size, false},
		{"bound exceeded", size - 1, true},
		{"small bound", 1024, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newProvider(t, []string{"big", strconv.Itoa(size)}, cli.WithMaxOutput(tt.max), cli.WithGracePeriod(time.Second))
			resp, err := p.Complete(t.Context(), agent.Request{Messages: []agent.Message{agent.UserText("x")}})
			if tt.wantErr {
				if !errors.Is(err, cli.ErrOutputTooLarge) || !errors.Is(err, agent.ErrResponseTooLarge) {
					t.Errorf("err = %v, want ErrOutputTooLarge and agent.ErrResponseTooLarge", err)
				}
				if !strings.Contains(err.Error(), strconv.Itoa(tt.max)) {
					t.Errorf("error %q does not name the bound", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(resp.Text) != size || strings.Trim(resp.Text, "a") != "" {
				t.Errorf("got %d bytes, want %d bytes of 'a'", len(resp.Text), size)
			}
		})
	}
}

func TestStartErrors(t *testing.T) {
	if _, err := cli.New(nil); err == nil {
		t.Error("New(nil) returned no error")
	}
	if _, err := cli.New([]string{"x"}, cli.WithMaxOutput(0)); err == nil {
		t.Error("New with a zero output bound returned no error")
	}
	p, err := cli.New([]string{filepath.Join(t.TempDir(), "no-such-program")})
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.Complete(t.Context(), agent.Request{Messages: []agent.Message{agent.UserText("x")}})
	if err == nil || !strings.Contains(err.Error(), "no-such-program") || !errors.Is(err, agent.ErrUnavailable) {
		t.Errorf("err = %v, want agent.ErrUnavailable naming the missing program", err)
	}
}

func TestDefaultOutputBound(t *testing.T) {
	if cli.DefaultMaxOutput != agent.DefaultMaxResponseBytes {
		t.Errorf("DefaultMaxOutput = %d, want the bound of every provider, %d", cli.DefaultMaxOutput, agent.DefaultMaxResponseBytes)
	}
}
