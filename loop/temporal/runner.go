package temporal

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"
)

// errNotReached is why an execution that was to make one call ended
// without reaching it.
var errNotReached = errors.New("temporal: the driver did not reach the call")

// stepRunner is the journal.Runner of one activity's execution of a
// driver. In an advance (only empty) it runs every missing local step,
// answers each Call the workflow already made from results, and parks
// every other Call: the execution is stopped once it has parked calls and
// nothing else has moved for settle. In a call's execution (only set) it
// makes that one Call, parks every other missing step, and stops the
// execution when the call returns.
type stepRunner struct {
	only    string
	results map[string]CallResult
	settle  time.Duration
	stop    context.CancelFunc

	mu     sync.Mutex
	active int             // local steps running
	parked map[string]bool // calls waiting for the workflow
	used   map[string]bool // results the journal journaled
	last   time.Time       // when a step last began or ended
	made   bool            // the one call returned
	raw    json.RawMessage // what it returned
	err    error
}

func newStepRunner(only string, results map[string]CallResult, settle time.Duration, stop context.CancelFunc) *stepRunner {
	return &stepRunner{only: only, results: results, settle: settle, stop: stop, parked: map[string]bool{}, used: map[string]bool{}, last: time.Now()}
}

// insideKey marks the context of a step the runner runs (a local step,
// or the one call of a call's execution): a step it takes itself (a Call
// inside a Step, steps inside a call) runs with it, as in a process.
type insideKey struct{}

// RunStep implements journal.Runner.
func (r *stepRunner) RunStep(ctx context.Context, key string, call bool, run func(context.Context) (json.RawMessage, error)) (json.RawMessage, error) {
	if ctx.Value(insideKey{}) != nil {
		return run(ctx)
	}
	if res, ok := r.results[key]; ok && call {
		r.mu.Lock()
		r.last = time.Now()
		r.mu.Unlock()
		if res.Err != "" {
			return nil, &CallError{Key: key, Message: res.Err, Classes: res.Classes, Violations: res.Violations, Usage: res.Usage}
		}
		return res.Data, nil
	}
	switch {
	case r.only == key:
		r.begin()
		raw, err := run(context.WithValue(ctx, insideKey{}, true))
		r.mu.Lock()
		r.made, r.raw, r.err = true, raw, err
		r.mu.Unlock()
		r.end()
		r.stop()
		return raw, err
	case r.only != "" || call:
		return nil, r.park(ctx, key, call)
	}
	r.begin()
	defer r.end()
	return run(context.WithValue(ctx, insideKey{}, true))
}

// Journaled implements the journal's notice: a result the workflow made
// is the journal's once it is journaled, and the workflow may forget it.
func (r *stepRunner) Journaled(key string) {
	if _, ok := r.results[key]; !ok {
		return
	}
	r.mu.Lock()
	r.used[key] = true
	r.mu.Unlock()
}

func (r *stepRunner) begin() {
	r.mu.Lock()
	r.active++
	r.last = time.Now()
	r.mu.Unlock()
}

func (r *stepRunner) end() {
	r.mu.Lock()
	r.active--
	r.last = time.Now()
	r.mu.Unlock()
}

// park holds a step until the execution stops; a call is collected for
// the workflow.
func (r *stepRunner) park(ctx context.Context, key string, call bool) error {
	r.mu.Lock()
	if call && r.only == "" {
		r.parked[key] = true
	}
	r.last = time.Now()
	r.mu.Unlock()
	<-ctx.Done()
	return fmt.Errorf("temporal: step %s waits for the workflow: %w", key, context.Cause(ctx))
}

// settled reports whether the execution should stop: an advance with
// parked calls and nothing moving for settle, or a call's execution that
// has not reached its call with nothing moving for notReached.
func (r *stepRunner) settled(now time.Time, notReached time.Duration) (bool, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	idle := r.active == 0 && now.Sub(r.last) >= r.settle
	switch {
	case r.only == "":
		return idle && len(r.parked) > 0, nil
	case r.made:
		return true, nil
	case r.active == 0 && now.Sub(r.last) >= notReached:
		return true, fmt.Errorf("%w %s (nothing moved for %v)", errNotReached, r.only, notReached)
	}
	return false, nil
}

// calls returns the parked calls, sorted.
func (r *stepRunner) calls() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return sortedKeys(r.parked)
}

// usedKeys returns the results the journal took, sorted.
func (r *stepRunner) usedKeys() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return sortedKeys(r.used)
}

// result returns what the one call returned, and whether it returned.
func (r *stepRunner) result() (json.RawMessage, error, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.raw, r.err, r.made
}

// watch stops the execution when it has settled, until done is closed.
// What it returns is why it stopped one that did not reach its call.
func (r *stepRunner) watch(done <-chan struct{}, notReached time.Duration) error {
	tick := time.NewTicker(max(r.settle/4, time.Millisecond))
	defer tick.Stop()
	for {
		select {
		case <-done:
			return nil
		case now := <-tick.C:
			if ok, err := r.settled(now, notReached); ok {
				r.stop()
				return err
			}
		}
	}
}
