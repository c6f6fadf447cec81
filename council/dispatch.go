package council

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"slices"
	"sync/atomic"
	"time"

	"github.com/hashicorp/go-multierror"
	"golang.org/x/sync/errgroup"

	"github.com/kaigi-dev/kaigi/agent"
)

// Call is one unit of work for Dispatch: a reviewer on a target, an agent
// on a task, one shot of a slice. Calls of different kinds go in one list
// by choosing T (a struct or an interface holding either answer).
type Call[T any] struct {
	// Name says who is called, in events, errors and the quorum count.
	// Example: "fact-checker".
	Name string

	// Shot numbers the call among the calls of the same Name, from 1;
	// 0 means 1.
	Shot int

	// Do makes the call. It must honour ctx (the caller's context,
	// bounded by DispatchOptions.Timeout): one that ignores it delays
	// Dispatch until it returns. Like io.Reader's n, the Usage it returns
	// counts what was spent also when err is not nil. A nil Do is
	// skipped with an error.
	Do func(ctx context.Context) (T, agent.Usage, error)
}

// Outcome is what one Call came to.
type Outcome[T any] struct {
	Name string // the Call's Name
	Shot int    // the Call's Shot, 1 when it was 0

	// Value is what Do returned. When Err is set it is whatever Do
	// returned together with its error (zero after a panic, a
	// runtime.Goexit or a call that never started).
	Value T

	// Usage is what the call spent, also when it was skipped.
	Usage agent.Usage

	// Err is why the call was skipped, a *CallError; nil when Do
	// returned without an error.
	Err error

	// Duration is the time Do took; zero if it never started.
	Duration time.Duration
}

// Skipped reports whether the call was skipped (Err is set).
func (o Outcome[T]) Skipped() bool { return o.Err != nil }

// CallEvent reports progress of one call of a Dispatch. For one call the
// events arrive in order: Started, then Finished or Skipped; a call that
// never starts reports only Skipped.
type CallEvent[T any] struct {
	Kind  EventKind
	Index int // the call's position in the list given to Dispatch

	// Outcome is the call's Outcome as far as it is known: only Name and
	// Shot for Started; in full, Value included, for Finished and
	// Skipped. It is the same value Dispatch returns for the call.
	Outcome[T]
}

// DefaultWarmUpWait is how long Dispatch waits for a warm-up call before
// it starts the others anyway, when DispatchOptions.WarmUpWait is zero. A
// provider's cache entry is usable once the first answer has begun, which
// is when the prompt has been read: a few seconds even for long prompts.
// A warm-up slowed by retries or a slow model must not hold the round.
const DefaultWarmUpWait = 10 * time.Second

// DispatchOptions tunes Dispatch. The zero value runs every call at once
// with no timeout, no quorum and no warm-up, and reports nothing.
type DispatchOptions[T any] struct {
	// Limit caps how many calls run at once across the whole list,
	// whatever their kind; 0 or less means no limit.
	Limit int

	// Timeout bounds each call; 0 means no bound other than ctx's. A
	// call that runs past it is skipped with an error wrapping
	// ErrTimeout and what Do returned (context.DeadlineExceeded, as a
	// rule), never the caller's ctx.Err.
	Timeout time.Duration

	// Quorum is the least number of distinct Names that must have at
	// least one call succeed; 0 means no quorum.
	Quorum int

	// WarmUp runs the first call alone before the others: with a provider
	// that caches a shared prompt prefix, it writes the cache the others
	// then read. The others start when it returns or after WarmUpWait,
	// whichever is first; it holds one slot of Limit. Ignored for fewer
	// than two calls. Whether a warm-up pays is the caller's decision;
	// see Cacheable.
	WarmUp bool

	// WarmUpWait bounds the wait for the warm-up call; 0 means
	// DefaultWarmUpWait.
	WarmUpWait time.Duration

	// Observer receives a CallEvent as each call starts, finishes or is
	// skipped, from the calls' goroutines: it must be safe for concurrent
	// use and should return quickly, since the call it reports waits for
	// it. A panic in it is recovered and logged to Logger; it does not
	// affect the call. nil means no events.
	Observer func(CallEvent[T])

	// Logger receives one record per Observer panic; nil discards them.
	Logger *slog.Logger
}

// ErrTimeout is wrapped by the error of a call that ran past
// DispatchOptions.Timeout (or Council.Timeout), so that a call's own
// timeout is told apart from the caller's cancellation or deadline.
var ErrTimeout = errors.New("council: call timed out")

// ErrGoexit is the error of a call whose goroutine ended in
// runtime.Goexit (t.FailNow in a test, for one) instead of returning.
var ErrGoexit = errors.New("council: call exited its goroutine (runtime.Goexit)")

// CallError is why one call of a Dispatch was skipped: Do's own error, a
// *PanicError, ErrGoexit, a timeout (ErrTimeout) or the caller's
// cancellation.
type CallError struct {
	Name string
	Shot int // 1-based
	Err  error
}

// Error names the call and shot, then the reason.
func (e *CallError) Error() string {
	return fmt.Sprintf("call %s (shot %d): %v", e.Name, e.Shot, e.Err)
}

// Unwrap returns the underlying error.
func (e *CallError) Unwrap() error { return e.Err }

// Dispatch makes every call, at most o.Limit at once, and waits for all of
// them: no goroutine outlives Dispatch. The calls start in plan order (the
// warm-up first), on at most o.Limit workers of an errgroup.Group without
// WithContext: one call's error, timeout, panic or runtime.Goexit skips
// that call only and never cancels the others; only the caller's ctx
// does. A second implementation (a durable engine's activities, say) must
// keep these rules; it may start the calls in another order.
//
// The outcomes are in the order of calls, whatever the order of
// completion. Dispatch returns them with every error:
//   - when ctx is done before every call finished and some call was
//     skipped because of it, an error wrapping ctx.Err(); the calls that
//     finished keep their values, the others are skipped (those not yet
//     started without being started). A ctx done only after every call
//     returned is no error;
//   - when fewer distinct Names than o.Quorum have a successful call, a
//     *QuorumError (errors.Is(err, ErrQuorum)) whose Skips are the
//     calls' *CallErrors.
//
// Skipped calls alone are not an error.
func Dispatch[T any](ctx context.Context, calls []Call[T], o DispatchOptions[T]) ([]Outcome[T], error) {
	outs := make([]Outcome[T], len(calls))
	for i, c := range calls {
		outs[i].Name, outs[i].Shot = c.Name, max(c.Shot, 1)
	}
	d := &dispatcher[T]{o: o, calls: calls, outs: outs}
	workers := len(calls)
	if o.Limit > 0 {
		workers = min(o.Limit, workers)
	}
	if workers > 0 && o.WarmUp && len(calls) > 1 {
		// The warm-up call runs alone on a worker of its own, which then
		// goes on with the other calls: it holds one slot of the limit.
		d.next.Store(1)
		warmed := make(chan struct{})
		d.g.Go(func() error {
			d.work(ctx, 0, warmed)
			return nil
		})
		wait := o.WarmUpWait
		if wait <= 0 {
			wait = DefaultWarmUpWait
		}
		timer := time.NewTimer(wait)
		select {
		case <-warmed:
		case <-timer.C:
		case <-ctx.Done():
		}
		timer.Stop()
		workers--
	}
	worker := func() error {
		d.work(ctx, -1, nil)
		return nil // a call's failure must not cancel its siblings
	}
	for range workers {
		d.g.Go(worker)
	}
	_ = d.g.Wait() // every goroutine returns nil

	var skips *multierror.Error
	var succeeded []string // the names of successful calls, for the quorum
	done, cancelled := 0, false
	ctxErr := ctx.Err()
	for i := range outs {
		if err := outs[i].Err; err != nil {
			skips = multierror.Append(skips, err)
			cancelled = cancelled || ctxErr != nil && errors.Is(err, ctxErr)
			continue
		}
		done++
		if o.Quorum > 0 {
			succeeded = append(succeeded, outs[i].Name)
		}
	}
	if cancelled {
		return outs, fmt.Errorf("council: cancelled with %d of %d calls finished: %w", done, len(outs), ctxErr)
	}
	if o.Quorum > 0 {
		slices.Sort(succeeded)
		if got := len(slices.Compact(succeeded)); got < o.Quorum {
			return outs, &QuorumError{Need: o.Quorum, Got: got, Skips: skips.ErrorOrNil()}
		}
	}
	return outs, nil
}

// dispatcher is one Dispatch: its calls, their outcomes, and the workers
// that make the calls. Each worker takes the next call in plan order until
// none is left, so at most as many calls run as there are workers, and
// calls start in plan order.
type dispatcher[T any] struct {
	o     DispatchOptions[T]
	calls []Call[T]
	outs  []Outcome[T]
	next  atomic.Int64 // the index of the next call to start
	g     errgroup.Group
}

// work makes call first, when it is not negative, closing done after it,
// and then calls in plan order until none is left. A call that ends its
// goroutine with runtime.Goexit ends this worker too; a new worker takes
// its place, started from the dying worker's deferred function, after its
// call is over, so the calls after it are still made and no more run at
// once than before.
func (d *dispatcher[T]) work(ctx context.Context, first int, done chan<- struct{}) {
	normal := false
	defer func() {
		if !normal {
			d.g.Go(func() error {
				d.work(ctx, -1, nil)
				return nil
			})
		}
	}()
	if first >= 0 {
		d.run(ctx, first, done)
	}
	for {
		i := int(d.next.Add(1) - 1)
		if i >= len(d.calls) {
			normal = true
			return
		}
		d.run(ctx, i, nil)
	}
}

// run makes call i and records its outcome; it closes done, when not
// nil, once the call is over, also after runtime.Goexit.
func (d *dispatcher[T]) run(ctx context.Context, i int, done chan<- struct{}) {
	if done != nil {
		defer close(done)
	}
	out, do := &d.outs[i], d.calls[i].Do
	if err := ctx.Err(); err != nil {
		d.skip(ctx, i, fmt.Errorf("not started: %w", err))
		return
	}
	if do == nil {
		d.skip(ctx, i, errors.New("the call has no Do function"))
		return
	}
	d.emit(ctx, CallEvent[T]{Kind: Started, Index: i, Outcome: Outcome[T]{Name: out.Name, Shot: out.Shot}})
	start := time.Now()
	returned := false
	defer func() {
		// do recovers panics, so only runtime.Goexit gets here without
		// returning; the goroutine ends after this.
		if !returned {
			out.Duration = time.Since(start)
			d.skip(ctx, i, ErrGoexit)
		}
	}()
	v, u, err := d.do(ctx, do)
	returned = true
	out.Duration, out.Value, out.Usage = time.Since(start), v, u
	if err != nil {
		d.skip(ctx, i, err)
		return
	}
	d.emit(ctx, CallEvent[T]{Kind: Finished, Index: i, Outcome: *out})
}

// do calls fn under the per-call timeout and turns a panic into a
// *PanicError.
func (d *dispatcher[T]) do(parent context.Context, fn func(context.Context) (T, agent.Usage, error)) (v T, u agent.Usage, err error) {
	ctx := parent
	if d.o.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(parent, d.o.Timeout)
		defer cancel()
	}
	defer func() {
		if p := recover(); p != nil {
			err = &PanicError{Value: p, Stack: trimStack(debug.Stack())}
		}
	}()
	v, u, err = fn(ctx)
	if err != nil && ctx.Err() != nil && parent.Err() == nil {
		err = fmt.Errorf("%w after %v: %w", ErrTimeout, d.o.Timeout, err)
	}
	return v, u, err
}

// skip records why call i was skipped and reports it.
func (d *dispatcher[T]) skip(ctx context.Context, i int, err error) {
	out := &d.outs[i]
	out.Err = &CallError{Name: out.Name, Shot: out.Shot, Err: err}
	d.emit(ctx, CallEvent[T]{Kind: Skipped, Index: i, Outcome: *out})
}

// emit hands e to the Observer; a panic in it is logged and otherwise
// ignored.
func (d *dispatcher[T]) emit(ctx context.Context, e CallEvent[T]) {
	if d.o.Observer == nil {
		return
	}
	defer func() {
		if v := recover(); v != nil && d.o.Logger != nil {
			d.o.Logger.LogAttrs(ctx, slog.LevelError, "observer panicked",
				slog.String("call", e.Name), slog.Int("shot", e.Shot),
				slog.String("event", e.Kind.String()), slog.Any("panic", v),
				slog.String("stack", string(trimStack(debug.Stack()))))
		}
	}()
	d.o.Observer(e)
}
