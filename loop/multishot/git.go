package multishot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"

	"github.com/kaigi-dev/kaigi/providers/tools"
)

// ErrGit wraps a failed git command; the error names the command and what
// git wrote to its standard error.
var ErrGit = errors.New("multishot: git failed")

// maxGitOutput bounds what one git command may print (a diff of a huge
// change, a blob): past it the command fails rather than filling memory.
const maxGitOutput = 64 << 20

// git runs the git command in repo with args, without a shell, and returns
// its standard output.
func git(ctx context.Context, repo string, args ...string) ([]byte, error) {
	return gitEnv(ctx, nil, repo, args...)
}

// gitEnv is git with env added to the command's environment.
func gitEnv(ctx context.Context, env []string, repo string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", repo, "-c", "core.quotepath=off"}, args...)...)
	tools.Contain(cmd) // dies with the run
	if env != nil {
		cmd.Env = append(os.Environ(), env...)
	}
	var out, errb limitedBuffer
	out.limit, errb.limit = maxGitOutput, 64<<10
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		if out.over {
			return nil, fmt.Errorf("%w: git %s: output past %d bytes", ErrGit, strings.Join(args, " "), maxGitOutput)
		}
		return nil, fmt.Errorf("%w: git %s: %v: %s", ErrGit, strings.Join(args, " "), err, strings.TrimSpace(errb.String()))
	}
	return out.Bytes(), nil
}

// limitedBuffer is a bytes.Buffer that refuses to grow past limit.
type limitedBuffer struct {
	bytes.Buffer
	limit int
	over  bool
}

// Write appends p, or fails once the limit would be passed.
func (b *limitedBuffer) Write(p []byte) (int, error) {
	if b.Len()+len(p) > b.limit {
		b.over = true
		return 0, errors.New("output too large")
	}
	return b.Buffer.Write(p)
}
