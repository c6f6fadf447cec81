package council

import (
	"bytes"
	"errors"
	"fmt"
)

// ErrQuorum is matched (with errors.Is) by every *QuorumError.
var ErrQuorum = errors.New("council: quorum not met")

// QuorumError reports that fewer reviewers (or, from Dispatch, distinct
// call names) succeeded than the quorum. Council.Run returns it together
// with the partial Round, Dispatch with the outcomes.
type QuorumError struct {
	Need, Got int // the quorum and the number of reviewers that succeeded

	// Skips is why the calls were skipped: a *multierror.Error of
	// *ReviewerError from Council.Run, of *CallError from Dispatch.
	Skips error
}

// Error says how many reviewers succeeded of how many were required, and
// why the others were skipped.
func (e *QuorumError) Error() string {
	msg := fmt.Sprintf("council: quorum not met: %d of %d required reviewers succeeded", e.Got, e.Need)
	if e.Skips != nil {
		msg += ": " + e.Skips.Error()
	}
	return msg
}

// Is reports whether target is ErrQuorum.
func (e *QuorumError) Is(target error) bool { return target == ErrQuorum }

// Unwrap returns the reasons the reviewers were skipped.
func (e *QuorumError) Unwrap() error { return e.Skips }

// ReviewerError is why one call of a reviewer was skipped: the reviewer's
// own error, a *PanicError, ErrGoexit, a timeout (ErrTimeout) or the
// round's cancellation. It is Council.Run's form of a *CallError.
type ReviewerError struct {
	Reviewer string
	Shot     int // 1-based
	Err      error
}

// Error names the reviewer and shot, then the reason.
func (e *ReviewerError) Error() string {
	return fmt.Sprintf("reviewer %s (shot %d): %v", e.Reviewer, e.Shot, e.Err)
}

// Unwrap returns the underlying error.
func (e *ReviewerError) Unwrap() error { return e.Err }

// PanicError is a reviewer's panic turned into an error.
type PanicError struct {
	Value any    // the value passed to panic
	Stack []byte // the panicking goroutine's stack from the panic site on, at most 8 frames
}

// Error returns "panic: " and the panic value; the stack is in Stack.
func (e *PanicError) Error() string { return fmt.Sprintf("panic: %v", e.Value) }

// Unwrap returns the panic value when it is an error, so errors.Is and
// errors.As see through the panic.
func (e *PanicError) Unwrap() error {
	err, _ := e.Value.(error)
	return err
}

// maxStackFrames bounds the stack kept in a PanicError.
const maxStackFrames = 8

// trimStack keeps the frames of a debug.Stack dump that follow the
// runtime's panic frame, at most maxStackFrames of them (two lines each).
func trimStack(stack []byte) []byte {
	lines := bytes.Split(stack, []byte("\n"))
	start := 1 // skip "goroutine N [running]:"
	for i, l := range lines {
		if bytes.HasPrefix(l, []byte("panic(")) {
			start = i + 2 // the panic frame and its file line
			break
		}
	}
	if start > len(lines) {
		start = len(lines)
	}
	lines = lines[start:]
	if n := 2 * maxStackFrames; len(lines) > n {
		lines = lines[:n]
	}
	return bytes.TrimSpace(bytes.Join(lines, []byte("\n")))
}
