package temporal

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// Driver is the loop kernel's driver contract (loop.Driver): the
// workflow runs any driver package's Driver (editorial.NewDriver,
// goldfish.NewDriver, discussion.NewDriver, writing.NewDriver,
// multishot.NewDriver, or a loop.DriverFunc) in a run's workspace, dir the
// workspace's folder on the worker and the Stop's paths workspace paths.
// A run that waits (Stop.Answer) is resumed once the answer is written
// there; a resume that finds no run started (loop.ErrNotStarted) starts it
// anew. The same Driver must be registered on every worker of a task
// queue.
type Driver = loop.Driver

// DriverFunc adapts a function to Driver.
type DriverFunc = loop.DriverFunc

// Stop is how a Driver's run stopped (loop.Stop).
type Stop = loop.Stop

// Activities are the activities of the loop workflow, for a worker to
// register (see Register). Every worker of a task queue must be given the
// same Store, Drivers and WorkDir.
type Activities struct {
	// Store keeps the runs' workspaces. Required.
	Store Store
	// Drivers are the loops the workflow can run, by name. Required.
	Drivers map[string]Driver
	// WorkDir is the folder in which a run's workspace is laid out for
	// each activity, as WorkDir/RUN; the same path on every worker (a
	// journal names its documents by absolute path). Required.
	WorkDir string
	// Settle is how long an advance waits, once calls are parked and no
	// step moves, before it stops the driver and hands the calls to the
	// workflow; 0 means DefaultSettle.
	Settle time.Duration
	// Logger receives a record per activity; nil discards them.
	Logger *slog.Logger

	mu    sync.Mutex // guards swept
	swept time.Time  // when WorkDir was last swept (see SweepAge)
}

// DefaultSettle is Activities.Settle's default.
const DefaultSettle = 50 * time.Millisecond

// notReached bounds how long a call's execution waits, with no step
// moving, to reach its call; an attempt that does not is retried.
const notReached = 30 * time.Second

// AdvanceInput is what an advance is given.
type AdvanceInput struct {
	Run     string                `json:"run"`    // the workspace's name (the workflow's ID)
	Driver  string                `json:"driver"` // a name in Activities.Drivers
	Args    json.RawMessage       `json:"args,omitempty"`
	Resume  bool                  `json:"resume"` // a run was started in Files
	Files   Files                 `json:"files"`
	Write   map[string][]byte     `json:"write,omitempty"`   // files written over Files first (a person's answer)
	Results map[string]CallResult `json:"results,omitempty"` // calls the workflow made, not yet journaled
}

// CallResult is what a call made by the workflow came to: Data (the
// step's result as JSON), or Err when its activity failed for good.
type CallResult struct {
	Data json.RawMessage `json:"data,omitempty"`
	Err  string          `json:"err,omitempty"`
	// Classes and Violations describe Err (see CallError).
	Classes    []string            `json:"classes,omitempty"`
	Violations []finding.Violation `json:"violations,omitempty"`
	// Usage is what a failed call's last attempt spent (agent.SpentBy).
	Usage agent.Usage `json:"usage,omitzero"`
}

// AdvanceOutput is what an advance returns.
type AdvanceOutput struct {
	Files Files `json:"files"` // the workspace after it
	// Calls are the calls the driver waits for, sorted; empty when Stop
	// is set.
	Calls []string `json:"calls,omitempty"`
	// Used are the keys of Results the journal took.
	Used []string `json:"used,omitempty"`
	// Stop is how the driver stopped; nil while it waits for Calls.
	Stop *Stop `json:"stop,omitempty"`
	// Dirs are the names the run's records give the workspace's folder
	// on this worker (see Result.Dirs).
	Dirs []string `json:"dirs,omitempty"`
}

// CallInput is what a call's activity is given: the advance that parked
// it and the call's key.
type CallInput struct {
	AdvanceInput
	Key string `json:"key"`
}

// Advance lays out the run's workspace, executes the driver from its
// journal, runs every missing local step (file reads and writes, gate
// passes), takes the calls the workflow made, and stops when the driver
// returns or waits for calls not yet made; it returns the workspace and
// the calls. It is idempotent given its input: a retried advance starts
// again from Files.
func (a *Activities) Advance(ctx context.Context, in AdvanceInput) (AdvanceOutput, error) {
	var out AdvanceOutput
	if now := time.Now(); a.WorkDir != "" && a.sweepDue(now) {
		for _, dir := range a.sweep(now, SweepAge) {
			a.log(ctx, "removed a run's folder unused for a day", slog.String("folder", dir))
		}
	}
	beat := make(chan struct{})
	defer close(beat)
	go heartbeat(ctx, beat)
	dir, unlock, err := a.workspace(ctx, in, "")
	if err != nil {
		return out, err
	}
	defer unlock()
	dctx, cancel := context.WithCancel(ctx)
	defer cancel()
	r := newStepRunner("", in.Results, a.settle(), cancel)
	stop, err := a.execute(journal.WithRunner(dctx, r), dir, in, r)
	if calls := r.calls(); stop == nil && len(calls) > 0 {
		out.Calls = calls
	} else if err != nil {
		return out, err
	}
	if stop != nil {
		stop.Result = nil // the worker's local account: the workflow keeps the Stop alone
	}
	out.Stop, out.Used = stop, r.usedKeys()
	if out.Files, err = snapshot(ctx, a.Store, dir); err != nil {
		return out, err
	}
	if stop != nil && stop.Answer == "" { // the run ended: its folders here are done with
		out.Dirs = folderNames(dir)
		name, _ := runName(in.Run)
		a.cleanUp(name)
	}
	a.log(ctx, "advance", slog.String("run", in.Run), slog.Int("calls", len(out.Calls)), slog.Bool("stopped", out.Stop != nil))
	return out, nil
}

// Call executes the driver from the journal of the advance that parked the
// call, makes that one call (a model's answer, say) and returns its result
// as the step would journal it. An error of the call is the activity's
// error, retried by the activity's retry policy.
func (a *Activities) Call(ctx context.Context, in CallInput) (json.RawMessage, error) {
	if in.Key == "" {
		return nil, temporal.NewNonRetryableApplicationError("temporal: a call without a key", "BadInput", nil)
	}
	beat := make(chan struct{})
	defer close(beat)
	go heartbeat(ctx, beat)
	// A call works on a copy of the run of its own, so that a run's calls
	// go in parallel; the kernel reads the journal's paths as under it.
	dir, unlock, err := a.workspace(ctx, in.AdvanceInput, in.Key)
	if err != nil {
		return nil, err
	}
	defer unlock()
	dctx, cancel := context.WithCancel(ctx)
	defer cancel()
	r := newStepRunner(in.Key, in.Results, a.settle(), cancel)
	name, _ := runName(in.Run)
	dctx = loop.Relocate(dctx, filepath.Join(a.WorkDir, name), dir)
	_, derr := a.execute(journal.WithRunner(dctx, r), dir, in.AdvanceInput, r)
	raw, cerr, made := r.result()
	switch {
	case made && cerr != nil:
		return nil, callFailed(cerr)
	case made:
		a.log(ctx, "call", slog.String("run", in.Run), slog.String("key", in.Key))
		return raw, nil
	case ctx.Err() != nil: // the activity was cancelled (a worker stopping): try again
		return nil, fmt.Errorf("temporal: call %s: %w", in.Key, ctx.Err())
	case derr != nil && !errors.Is(derr, context.Canceled):
		return nil, temporal.NewNonRetryableApplicationError(fmt.Sprintf("temporal: call %s: %v", in.Key, derr), "DriverFailed", derr)
	}
	// Not reached (a slow replay, say): another attempt may get there.
	return nil, fmt.Errorf("%w %s", errNotReached, in.Key)
}

// permanent reports whether a call's error will not go away by trying
// again: a refused key, an answer cut at the token limit or too large.
func permanent(err error) bool {
	return errors.Is(err, agent.ErrUnauthorized) || errors.Is(err, agent.ErrTruncated) || errors.Is(err, agent.ErrResponseTooLarge)
}

// execute runs the driver while r's watch may stop it; it returns the
// driver's stop, or nil with an error when it was stopped or failed.
func (a *Activities) execute(ctx context.Context, dir string, in AdvanceInput, r *stepRunner) (*Stop, error) {
	d, ok := a.Drivers[in.Driver]
	if !ok {
		return nil, temporal.NewNonRetryableApplicationError(fmt.Sprintf("temporal: no driver %q on this worker (it has %v)", in.Driver, sortedKeys(a.Drivers)), "NoDriver", nil)
	}
	done := make(chan struct{})
	watched := make(chan error, 1)
	go func() { watched <- r.watch(done, notReached) }()
	stop, err := loop.StartOrResume(ctx, d, dir, in.Args, in.Resume)
	close(done)
	if werr := <-watched; werr != nil && err != nil {
		err = werr
	}
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("temporal: driver %s stopped: %w", in.Driver, err)
		}
		return nil, temporal.NewNonRetryableApplicationError(fmt.Sprintf("temporal: driver %s: %v", in.Driver, err), "DriverFailed", err)
	}
	return &stop, nil
}

// heartbeat records the activity's heartbeat until done (from the start,
// waiting for the run's lock included), so that a dead worker's activity
// is retried elsewhere within its heartbeat timeout.
func heartbeat(ctx context.Context, done <-chan struct{}) {
	if !activity.IsActivity(ctx) {
		return
	}
	every := time.Second
	if hb := activity.GetInfo(ctx).HeartbeatTimeout; hb > 0 {
		every = max(hb/3, 10*time.Millisecond)
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-done:
			return
		case <-t.C:
			activity.RecordHeartbeat(ctx)
		}
	}
}

// workspace lays out in's workspace, locked against the run's other
// activities on this machine: the run's own folder WorkDir/RUN for an
// advance, a copy of its own for the call key.
func (a *Activities) workspace(ctx context.Context, in AdvanceInput, key string) (string, func(), error) {
	if a.Store == nil || a.WorkDir == "" || !filepath.IsAbs(a.WorkDir) {
		return "", nil, temporal.NewNonRetryableApplicationError("temporal: Activities needs a Store and an absolute WorkDir", "BadWorker", nil)
	}
	name, err := runName(in.Run)
	if err != nil {
		return "", nil, temporal.NewNonRetryableApplicationError(err.Error(), "BadInput", err)
	}
	dir := filepath.Join(a.WorkDir, name)
	if err := os.MkdirAll(filepath.Join(a.WorkDir, ".calls"), 0o755); err != nil {
		return "", nil, fmt.Errorf("temporal: %w", err)
	}
	var unlock func()
	if key == "" {
		unlock, err = lockRun(ctx, dir+".lock")
	} else {
		dir, unlock, err = a.callSlot(ctx, name)
	}
	if err != nil {
		return "", nil, err
	}
	files := maps.Clone(in.Files)
	if files == nil {
		files = Files{}
	}
	for p, data := range in.Write {
		ref, err := a.Store.Put(ctx, data)
		if err != nil {
			unlock()
			return "", nil, err
		}
		files[p] = ref
	}
	if err := materialize(ctx, a.Store, files, dir); err != nil {
		unlock()
		if errors.Is(err, ErrNotStored) || errors.Is(err, errBadPath) {
			return "", nil, temporal.NewNonRetryableApplicationError(err.Error(), "BadInput", err)
		}
		return "", nil, err
	}
	return dir, unlock, nil
}

// callSlots is how many copies of a run its calls work on at once on
// one machine.
const callSlots = 16

// callSlot takes the first free copy of the run name for a call, waiting
// while all are taken: WorkDir/.calls/NAME-K, kept between calls so that
// the next one writes only what changed.
func (a *Activities) callSlot(ctx context.Context, name string) (string, func(), error) {
	for {
		for k := range callSlots {
			dir := filepath.Join(a.WorkDir, ".calls", fmt.Sprintf("%s-%d", name, k))
			if unlock, ok, err := tryLock(dir + ".lock"); err != nil || ok {
				return dir, unlock, err
			}
		}
		select {
		case <-ctx.Done():
			return "", nil, fmt.Errorf("temporal: waiting for a copy of the run: %w", ctx.Err())
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// cleanUp removes a run's folders and their lock files on this machine
// once it has ended (its workspace is in the store); the caller holds the
// run's lock. A call copy in use stays, for the sweep.
func (a *Activities) cleanUp(name string) {
	dir := filepath.Join(a.WorkDir, name)
	removeWorkspace(dir)
	removeLock(dir + ".lock")
	for k := range callSlots {
		dir := filepath.Join(a.WorkDir, ".calls", fmt.Sprintf("%s-%d", name, k))
		if _, err := os.Lstat(dir + ".lock"); err != nil {
			continue // never used: no lock file to make and remove
		}
		if unlock, ok, _ := tryLock(dir + ".lock"); ok {
			removeWorkspace(dir)
			removeLock(dir + ".lock")
			unlock()
		}
	}
}

// runName is the folder name of a run: its ID, which must be a plain
// name.
func runName(id string) (string, error) {
	if id == "" || len(id) > 200 || strings.Trim(id, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") != "" {
		return "", fmt.Errorf("temporal: run ID %q: use letters, digits, '.', '_' and '-' only, at most 200 (it names the run's folder)", id)
	}
	if strings.HasPrefix(id, ".") || strings.HasSuffix(id, ".lock") || strings.HasSuffix(id, ".laid.json") {
		return "", fmt.Errorf("temporal: run ID %q: it must not begin with '.' or end in .lock or .laid.json (names the worker keeps beside the runs' folders)", id)
	}
	return id, nil
}

func (a *Activities) settle() time.Duration {
	if a.Settle > 0 {
		return a.Settle
	}
	return DefaultSettle
}

func (a *Activities) log(ctx context.Context, msg string, attrs ...slog.Attr) {
	if a.Logger != nil {
		a.Logger.LogAttrs(ctx, slog.LevelInfo, msg, attrs...)
	}
}

// folderNames returns the names a run's records give the folder dir: its
// absolute path, and the path relative to the working directory when dir
// is under it (loop.RelName).
func folderNames(dir string) []string {
	names := []string{dir}
	if rel := loop.RelName(dir); rel != dir {
		names = append(names, rel)
	}
	return names
}

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }
