package journal

import (
	"context"
	"encoding/json"
	"fmt"
)

// A Runner runs the steps a journal holds no result for, in place of the
// journal running them itself. The zero setting (no Runner on the
// context) runs every missing step in the process, at once; a durable
// execution engine supplies a Runner to run a driver's steps its own way
// without the driver knowing (package loop/temporal makes each Call an
// activity of a Temporal workflow).
//
// A Runner is given the step's key, whether the step is a Call (a call to
// the world outside the run, such as a model, that may be made in another
// process), and run, which makes the step here and returns its result as
// JSON. What RunStep returns without an error is journaled as the step's
// result and decoded into the step's type, exactly as if run had returned
// it; an error is returned by the step and not journaled. RunStep may block
// (until ctx ends) or return a result it got elsewhere for the same key; it
// must be safe for concurrent use, since steps may run concurrently.
//
// A Runner that also has a method Journaled(key string) is told, after
// each step it ran or answered is journaled (fsync'd), its key: what it
// handed over is then the journal's.
type Runner interface {
	RunStep(ctx context.Context, key string, call bool, run func(context.Context) (json.RawMessage, error)) (json.RawMessage, error)
}

// runnerKey is the context key of WithRunner.
type runnerKey struct{}

// WithRunner returns a context whose missing steps (Step, Call, Start,
// Now, NewID) are run by r. Steps started with a context derived from it
// use r, whichever journal they are on. A nil r means the default: the
// journal runs them.
func WithRunner(ctx context.Context, r Runner) context.Context {
	return context.WithValue(ctx, runnerKey{}, r)
}

// runnerFrom returns the Runner WithRunner put on ctx, or nil.
func runnerFrom(ctx context.Context) Runner {
	r, _ := ctx.Value(runnerKey{}).(Runner)
	return r
}

// Call is Step for a call to the world outside the run (a model, a
// service): journaled the same way, and marked so that a Runner may make
// it elsewhere (as its own activity, with its own retries and timeouts).
// Without a Runner it is Step. What a Call computes must be a function of
// what the driver hands fn (its closure) and of the outside world only,
// not of state that another process would not share.
func Call[T any](ctx context.Context, j *Journal, key string, fn func(context.Context) (T, error)) (T, error) {
	return step(ctx, j, key, true, fn)
}

// runWith runs the missing step key through r and journals what r
// returns.
func runWith[T any](ctx context.Context, j *Journal, r Runner, key string, call bool, fn func(context.Context) (T, error)) (T, error) {
	var zero T
	raw, err := r.RunStep(ctx, key, call, func(ctx context.Context) (json.RawMessage, error) {
		v, err := fn(ctx)
		if err != nil {
			return nil, err
		}
		data, err := json.Marshal(v)
		if err != nil {
			return nil, fmt.Errorf("step %s: encode: %w", key, err)
		}
		return data, nil
	})
	if err != nil {
		return zero, err
	}
	var v T
	if err := json.Unmarshal(raw, &v); err != nil {
		return zero, fmt.Errorf("step %s: the runner's result does not decode: %w", key, err)
	}
	if _, err := j.append(KindStep, key, json.RawMessage(raw)); err != nil {
		return zero, err
	}
	if t, ok := r.(interface{ Journaled(key string) }); ok {
		t.Journaled(key)
	}
	return v, nil
}
