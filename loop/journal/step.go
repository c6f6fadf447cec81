package journal

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"time"
)

// ErrDuplicateKey: one execution of a driver used a step or side-effect
// key twice. Keys name what a step does within the run (for example
// "r2/review/fact-checker#1"), so a repeat is a bug in the driver.
var ErrDuplicateKey = errors.New("journal key used twice")

// Step runs fn once per run: if a result for key is journaled, it is decoded
// and returned without running fn; otherwise fn runs and its result is
// journaled (fsync'd) before it is returned. An error from fn is returned
// and not journaled, so a resumed run calls fn again; a driver that wants a
// failure remembered returns it as part of T. T must survive a JSON round
// trip: what a resumed run gets is the decoded value, and a driver must not
// rely on anything the encoding drops.
//
// Step is what makes a driver resumable by replay: a resumed run executes
// the driver from its start, every step already journaled returns its
// recorded value at once, and the first missing one runs for real. Every
// value that could differ between two executions (a model call, a file
// read, a gate's decision, the time, a random id) must come from a step.
// Steps may run concurrently (from dispatched calls); each key at most once
// per execution (ErrDuplicateKey).
func Step[T any](ctx context.Context, j *Journal, key string, fn func(context.Context) (T, error)) (T, error) {
	return step(ctx, j, key, false, fn)
}

// step is Step and Call: call marks a call to the outside world for a
// Runner.
func step[T any](ctx context.Context, j *Journal, key string, call bool, fn func(context.Context) (T, error)) (T, error) {
	var zero T
	rec, done, err := j.claim(key)
	if err != nil {
		return zero, err
	}
	if done {
		var v T
		if err := rec.Decode(&v); err != nil {
			return zero, err
		}
		return v, nil
	}
	if j.replayOnly() {
		return zero, fmt.Errorf("%w: step %s", ErrNotJournaled, key)
	}
	if err := ctx.Err(); err != nil {
		return zero, fmt.Errorf("step %s: %w", key, err)
	}
	if r := runnerFrom(ctx); r != nil {
		return runWith(ctx, j, r, key, call, fn)
	}
	v, err := fn(ctx)
	if err != nil {
		return zero, err
	}
	if _, err := j.append(KindStep, key, v); err != nil {
		return zero, err
	}
	return v, nil
}

// claim marks key as used by this execution and returns its journaled
// step record, if any.
func (j *Journal) claim(key string) (Record, bool, error) {
	if key == "" {
		return Record{}, false, errors.New("empty journal step key")
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.used[key] {
		return Record{}, false, fmt.Errorf("%w: %q", ErrDuplicateKey, key)
	}
	j.used[key] = true
	rec, ok := j.steps[key]
	return rec, ok, nil
}

// Done reports whether a step's result for key is journaled. It does not
// claim the key.
func (j *Journal) Done(key string) bool {
	j.mu.Lock()
	defer j.mu.Unlock()
	_, ok := j.steps[key]
	return ok
}

// Now returns the time, journaled under key: the current time on the first
// execution, the same time on every replay.
func Now(ctx context.Context, j *Journal, key string) (time.Time, error) {
	return Step(ctx, j, key, func(context.Context) (time.Time, error) { return j.now().UTC(), nil })
}

// NewID returns prefix followed by 16 random hex digits, journaled under
// key: the same id on every replay. Example: NewID(ctx, j, "id/f1", "f_").
func NewID(ctx context.Context, j *Journal, key, prefix string) (string, error) {
	return Step(ctx, j, key, func(context.Context) (string, error) {
		var b [8]byte
		if _, err := rand.Read(b[:]); err != nil {
			return "", fmt.Errorf("id %s: %w", key, err)
		}
		return prefix + hex.EncodeToString(b[:]), nil
	})
}

// Task is a step started in the background by Start and awaited by Wait.
type Task[T any] struct {
	key  string
	done chan struct{}
	v    T
	err  error
}

// Start begins the step key in the background and returns at once. If its
// result is journaled (a resumed run), the task is complete from the start
// and fn is not run; otherwise fn runs in its own goroutine and its result
// is journaled when it returns, with its own record, so a run that is
// killed and resumed starts only the tasks that had not finished. Await
// every task; Journal.Close waits for those still running.
func Start[T any](ctx context.Context, j *Journal, key string, fn func(context.Context) (T, error)) *Task[T] {
	return start(ctx, j, key, false, fn)
}

// StartCall is Start for a call to the world outside the run (see Call):
// a Runner may make it elsewhere.
func StartCall[T any](ctx context.Context, j *Journal, key string, fn func(context.Context) (T, error)) *Task[T] {
	return start(ctx, j, key, true, fn)
}

// start is Start and StartCall.
func start[T any](ctx context.Context, j *Journal, key string, call bool, fn func(context.Context) (T, error)) *Task[T] {
	t := &Task[T]{key: key, done: make(chan struct{})}
	j.tasks.Add(1)
	go func() {
		defer j.tasks.Done()
		defer close(t.done)
		defer func() {
			if p := recover(); p != nil {
				t.err = fmt.Errorf("task %s panicked: %v", key, p)
			}
		}()
		t.v, t.err = step(ctx, j, key, call, fn)
	}()
	return t
}

// Wait returns the task's result once it has one, or ctx's error if ctx
// ends first (the task goes on; Wait may be called again).
func (t *Task[T]) Wait(ctx context.Context) (T, error) {
	select {
	case <-t.done:
		return t.v, t.err
	case <-ctx.Done():
		var zero T
		return zero, fmt.Errorf("task %s: %w", t.key, ctx.Err())
	}
}

// Key returns the task's step key.
func (t *Task[T]) Key() string { return t.key }
