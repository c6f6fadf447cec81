package cli

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
)

// Defaults for the options of New. DefaultMaxOutput is the bound every
// provider of the module puts on one answer, agent.DefaultMaxResponseBytes.
const (
	DefaultTimeout     = 10 * time.Minute
	DefaultGracePeriod = 5 * time.Second
	DefaultMaxOutput   = agent.DefaultMaxResponseBytes // bytes of stdout
	DefaultStderrTail  = 4 << 10                       // bytes of stderr kept for errors
)

// ModelPlaceholder is replaced, wherever it appears in an argument, by the
// Request's model (or the WithModel default). Example argument list:
// []string{"claude", "-p", "--model", "{model}"}.
const ModelPlaceholder = "{model}"

// ErrOutputTooLarge reports a command that wrote more than the
// WithMaxOutput bound to stdout; it was stopped. It wraps
// agent.ErrResponseTooLarge, the class every provider's oversized answer
// matches.
var ErrOutputTooLarge = fmt.Errorf("output too large (%w)", agent.ErrResponseTooLarge)

// ExitError reports a command that exited with a non-zero status.
type ExitError struct {
	// Command is the program's name. Example: "claude".
	Command string
	// Code is the exit status; -1 if the command died from a signal.
	Code int
	// Stderr is the end of what the command wrote to stderr (at most the
	// WithStderrTail bound).
	Stderr string
	err    error
}

// Error names the command, its exit status and the end of its stderr.
func (e *ExitError) Error() string {
	s := fmt.Sprintf("cli: %s exited with status %d", e.Command, e.Code)
	if e.Stderr != "" {
		s += ": " + e.Stderr
	}
	return s
}

// Unwrap returns the underlying *exec.ExitError.
func (e *ExitError) Unwrap() error { return e.err }

// Provider runs a local command per call: the rendered prompt on stdin, the
// reply on stdout. It is safe for concurrent use; each call is a new
// process in its own process group, which is killed as a whole when the
// call ends early.
type Provider struct {
	argv       []string
	model      string
	dir        string
	env        []string
	timeout    time.Duration
	grace      time.Duration
	maxOutput  int
	stderrTail int
}

// Option configures a Provider.
type Option func(*Provider)

// WithModel sets the model substituted for ModelPlaceholder when a Request
// names none.
func WithModel(model string) Option { return func(p *Provider) { p.model = model } }

// WithDir sets the command's working directory; the default is the
// current one.
func WithDir(dir string) Option { return func(p *Provider) { p.dir = dir } }

// WithEnv adds "KEY=value" entries to the environment the command
// inherits from this process.
func WithEnv(kv ...string) Option { return func(p *Provider) { p.env = append(p.env, kv...) } }

// WithTimeout bounds each call (default DefaultTimeout); 0 leaves only the
// caller's context.
func WithTimeout(d time.Duration) Option { return func(p *Provider) { p.timeout = max(d, 0) } }

// WithGracePeriod sets how long a stopped command's process group has
// between SIGTERM and SIGKILL (default DefaultGracePeriod).
func WithGracePeriod(d time.Duration) Option { return func(p *Provider) { p.grace = max(d, 0) } }

// WithMaxOutput bounds stdout in bytes (default DefaultMaxOutput). A
// command that writes more is stopped and the call fails with
// ErrOutputTooLarge.
func WithMaxOutput(n int) Option { return func(p *Provider) { p.maxOutput = n } }

// WithStderrTail sets how many bytes from the end of stderr an error
// keeps (default DefaultStderrTail).
func WithStderrTail(n int) Option { return func(p *Provider) { p.stderrTail = n } }

// New returns a Provider that runs argv: argv[0] is the program (looked up
// in PATH when it has no slash), the rest its arguments, passed as they
// are — never through a shell.
func New(argv []string, opts ...Option) (*Provider, error) {
	if len(argv) == 0 || argv[0] == "" {
		return nil, errors.New("cli: New: empty command")
	}
	p := &Provider{
		argv:       append([]string(nil), argv...),
		timeout:    DefaultTimeout,
		grace:      DefaultGracePeriod,
		maxOutput:  DefaultMaxOutput,
		stderrTail: DefaultStderrTail,
	}
	for _, o := range opts {
		o(p)
	}
	if p.maxOutput <= 0 || p.stderrTail < 0 {
		return nil, fmt.Errorf("cli: New: output bounds must be positive (max output %d, stderr tail %d)", p.maxOutput, p.stderrTail)
	}
	return p, nil
}

// The Provider tells an LLM reviewer whether to spell the schema out.
var _ agent.SchemaSupporter = (*Provider)(nil)

// SupportsSchema reports false: a command gets only text, so callers put
// the schema in the prompt themselves. Complete ignores Request.Schema.
func (p *Provider) SupportsSchema() bool { return false }

// Complete runs the command once with Render(req) on stdin and returns
// its stdout as the reply. Usage counts the call; tokens are unknown.
// Request.MaxTokens is not passed on: a command sets its own limits, and
// its answers are never reported as truncated.
//
// Errors match the agent error classes where they apply: a timeout (the
// provider's or the caller's deadline) matches agent.ErrTimedOut, a
// command that cannot be started agent.ErrUnavailable, and output beyond
// the bound agent.ErrResponseTooLarge. On every error after the model is
// known the Response carries the model and one call.
//
// A command should not leave processes behind that hold its stdout or
// stderr open: the call then ends one grace period after the command
// exits, with an error, and those processes are killed.
func (p *Provider) Complete(ctx context.Context, req agent.Request) (agent.Response, error) {
	name := filepath.Base(p.argv[0])
	model := cmp.Or(req.Model, p.model)
	args := make([]string, len(p.argv)-1)
	for i, a := range p.argv[1:] {
		if strings.Contains(a, ModelPlaceholder) {
			if model == "" {
				return agent.Response{}, fmt.Errorf("cli: %s: argument %d: %w", name, i+1, agent.ErrNoModel)
			}
			a = strings.ReplaceAll(a, ModelPlaceholder, model)
		}
		args[i] = a
	}
	if err := ctx.Err(); err != nil {
		return agent.Response{}, fmt.Errorf("cli: %s: %w", name, classed(err))
	}
	failed := agent.Response{Model: cmp.Or(model, name), Usage: agent.Usage{Calls: 1}}

	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	if p.timeout > 0 {
		runCtx, cancel = context.WithTimeout(runCtx, p.timeout)
		defer cancel()
	}
	stdout := &boundedBuffer{max: p.maxOutput, onOverflow: cancel}
	stderr := &tailBuffer{max: p.stderrTail}
	cmd := exec.CommandContext(runCtx, p.argv[0], args...)
	cmd.Dir = p.dir
	if len(p.env) > 0 {
		cmd.Env = append(os.Environ(), p.env...)
	}
	cmd.Stdin = strings.NewReader(Render(req))
	cmd.Stdout = stdout
	cmd.Stderr = stderr
	cmd.WaitDelay = max(p.grace, time.Millisecond) // 0 would mean: wait for ever
	ownProcessGroup(cmd)

	err := cmd.Run()
	killProcessGroup(cmd) // stragglers that outlived the command
	switch {
	case stdout.overflow:
		return failed, fmt.Errorf("cli: %s: %w: more than %d bytes on stdout (raise the bound with WithMaxOutput)", name, ErrOutputTooLarge, p.maxOutput)
	case runCtx.Err() != nil:
		return failed, withStderr(fmt.Errorf("cli: %s stopped: %w", name, classed(context.Cause(runCtx))), stderr)
	case err != nil:
		var exitErr *exec.ExitError
		if errors.As(err, &exitErr) {
			return failed, &ExitError{Command: name, Code: exitErr.ExitCode(), Stderr: stderr.String(), err: exitErr}
		}
		if cmd.Process == nil { // never started: not found, not executable
			return failed, withStderr(fmt.Errorf("cli: %s: %w: %w", name, agent.ErrUnavailable, err), stderr)
		}
		return failed, withStderr(fmt.Errorf("cli: %s: %w", name, err), stderr)
	}
	out := stdout.buf.String()
	if strings.TrimSpace(out) == "" {
		return failed, withStderr(fmt.Errorf("cli: %s: %w", name, agent.ErrEmptyReply), stderr)
	}
	return agent.Response{Text: out, Model: failed.Model, StopReason: "exit 0", Usage: agent.Usage{Calls: 1}}, nil
}

// classed adds agent.ErrTimedOut to a deadline, so that the error matches
// both it and context.DeadlineExceeded; other errors are returned as they
// are.
func classed(err error) error {
	if errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("%w (%w)", err, agent.ErrTimedOut)
	}
	return err
}

func withStderr(err error, stderr *tailBuffer) error {
	if s := stderr.String(); s != "" {
		return fmt.Errorf("%w; stderr: %s", err, s)
	}
	return err
}

// boundedBuffer keeps at most max bytes; the first write beyond that
// calls onOverflow and fails, which stops the copy from the pipe.
type boundedBuffer struct {
	buf        bytes.Buffer
	max        int
	overflow   bool
	onOverflow func()
}

func (b *boundedBuffer) Write(p []byte) (int, error) {
	if b.overflow || b.buf.Len()+len(p) > b.max {
		if !b.overflow {
			b.overflow = true
			b.onOverflow()
		}
		return 0, ErrOutputTooLarge
	}
	return b.buf.Write(p)
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	buf     []byte
	max     int
	dropped bool // bytes were written before the kept tail
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	n := len(p)
	if len(t.buf)+len(p) > t.max {
		t.dropped = true
	}
	if len(p) >= t.max {
		t.buf = append(t.buf[:0], p[len(p)-t.max:]...)
		return n, nil
	}
	if drop := len(t.buf) + len(p) - t.max; drop > 0 {
		t.buf = append(t.buf[:0], t.buf[drop:]...)
	}
	t.buf = append(t.buf, p...)
	return n, nil
}

// String returns the kept tail, trimmed, starting at a valid UTF-8
// boundary and marked with "..." when bytes were dropped before it.
func (t *tailBuffer) String() string {
	s := t.buf
	cut := false
	for len(s) > 0 && s[0]&0xC0 == 0x80 { // continuation byte of a cut rune
		s, cut = s[1:], true
	}
	out := strings.TrimSpace(string(s))
	if cut || (t.dropped && t.max > 0) {
		out = "..." + out
	}
	return out
}
