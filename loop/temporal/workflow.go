package temporal

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"github.com/kaigi-dev/kaigi/agent"
)

// Names a client uses with the loop workflow.
const (
	WorkflowName = "kaigi.Loop"    // the workflow type
	QueryName    = "progress"      // a query returning Progress
	UpdateName   = "answer"        // an update taking Answer, while the loop waits; it completes once the driver took the answer, or fails with its refusal
	advanceName  = "kaigi.Advance" // the advance activity
	callName     = "kaigi.Call"    // the call activity
)

// Defaults of Input.
const (
	DefaultLimit       = 8
	DefaultMaxAdvances = 1000
	DefaultCallTimeout = 10 * time.Minute
	// DefaultCallAttempts is how many times a call is tried when
	// Input.CallRetry is nil.
	DefaultCallAttempts = 5
	// DefaultHeartbeatTimeout is Input.HeartbeatTimeout's default.
	DefaultHeartbeatTimeout = 30 * time.Second
	// advanceDeadline bounds an advance with its retries: a store or
	// disk down that long fails the run.
	advanceDeadline = 7 * 24 * time.Hour
	// continueAfter is how many advances one workflow execution makes
	// before it continues as new, to keep its history short.
	continueAfter = 100
	// answerJudged is the change ID (workflow.GetVersion) of answers
	// whose update completes once the driver has taken or refused them.
	answerJudged = "answer-judged"
)

// Input starts the loop workflow.
type Input struct {
	// Driver names the loop (a key of Activities.Drivers). Required.
	Driver string `json:"driver"`
	// Args are the driver's settings, handed to Driver.Run as they are.
	Args json.RawMessage `json:"args,omitempty"`
	// Files are the documents to work on (see PutFiles). Required.
	Files Files `json:"files"`
	// Limit caps the calls (model calls) made at once; 0 means
	// DefaultLimit.
	Limit int `json:"limit,omitempty"`
	// MaxAdvances bounds the workflow's advances (a driver that never
	// ends is an error, not a workflow that runs forever); 0 means
	// DefaultMaxAdvances.
	MaxAdvances int `json:"max_advances,omitempty"`
	// CallTimeout bounds one attempt of a call; 0 means
	// DefaultCallTimeout.
	CallTimeout time.Duration `json:"call_timeout,omitempty"`
	// HeartbeatTimeout is how long an activity may go without a
	// heartbeat before Temporal retries it elsewhere (a worker died); 0
	// means DefaultHeartbeatTimeout.
	HeartbeatTimeout time.Duration `json:"heartbeat_timeout,omitempty"`
	// CallRetry is the retry policy of calls (a model's rate limits and
	// outages); nil means DefaultCallAttempts tries, a second apart and
	// then with Temporal's backoff. A call whose retries are spent is a
	// failed call for the driver, as in a process. A policy without a
	// MaximumAttempts retries a call that fails for good (a wrong model
	// name) until the workflow ends.
	CallRetry *temporal.RetryPolicy `json:"call_retry,omitempty"`

	// Carried is where an execution that continued as new goes on from;
	// nil on a new run. Set by the workflow only.
	Carried *Carried `json:"carried,omitempty"`
}

// Carried is the state a loop workflow hands the execution it continues
// as (its history kept short): the workspace, the calls made and not yet
// journaled, and the counts so far.
type Carried struct {
	Files    Files                 `json:"files"`
	Write    map[string][]byte     `json:"write,omitempty"`   // an answer not yet handed to the driver
	Waiting  *Stop                 `json:"waiting,omitempty"` // what that answer answers
	Results  map[string]CallResult `json:"results,omitempty"`
	Advances int                   `json:"advances"`
	Calls    int                   `json:"calls"`
}

// Result is how the loop workflow ended.
type Result struct {
	Files    Files  `json:"files"`  // the workspace: documents, journal, artifacts
	Reason   string `json:"reason"` // the driver's stop reason
	Advances int    `json:"advances"`
	Calls    int    `json:"calls"` // calls made (activities that succeeded or failed for good)
	// Text, Usage and Artifacts are the driver's Stop's: how the run ended
	// in words, its model calls and the workspace paths of what it wrote
	// for people.
	Text      string      `json:"text,omitempty"`
	Usage     agent.Usage `json:"usage,omitzero"`
	Artifacts []string    `json:"artifacts,omitempty"`
	// Dirs are the names the paths the run recorded (summary.md's
	// artifacts) give the workspace's folder on the worker that ended it:
	// WorkDir/RUN, and the same relative to that worker's working
	// directory when under it. A client that writes Files elsewhere
	// replaces them.
	Dirs []string `json:"dirs,omitempty"`
}

// The states of Progress.
const (
	Running = "running" // advancing the driver or making its calls
	Waiting = "waiting" // for an answer (see Progress.Question)
	Done    = "done"
)

// Progress is what the progress query returns.
type Progress struct {
	// State is Running, Waiting or Done.
	State    string `json:"state"`
	Advances int    `json:"advances"`
	Calls    int    `json:"calls"`
	// Question is the workspace path of what the loop asks while it waits,
	// and QuestionRef its content's reference in the Store.
	Question    string `json:"question,omitempty"`
	QuestionRef string `json:"question_ref,omitempty"`
	Reason      string `json:"reason,omitempty"`
	// Error is why the last answer was of no use to the driver (it
	// waits for another), empty otherwise.
	Error string `json:"error,omitempty"`
}

// Answer is a person's answer to the loop, given with the update: the
// content of the file the driver reads it from (Stop.Answer).
type Answer struct {
	Data []byte `json:"data"`
}

// Register registers the workflow and a's activities on w.
func Register(w worker.Registry, a *Activities) {
	w.RegisterWorkflowWithOptions(Workflow, workflow.RegisterOptions{Name: WorkflowName})
	w.RegisterActivityWithOptions(a.Advance, activityOptions(advanceName))
	w.RegisterActivityWithOptions(a.Call, activityOptions(callName))
}

// Workflow runs a loop: advances of the driver (each an activity that
// re-executes it from its journal), the calls each advance leaves waiting
// made as activities, at most Input.Limit at once, and, while the loop
// waits for a person, an update carrying the answer (which may come days
// later: nothing runs meanwhile). The update completes once the advance
// given the answer has ended; an answer the driver cannot use (a
// malformed decisions file) fails the update with the driver's error,
// which Progress.Error keeps, and puts the workflow back to waiting for
// another. It is deterministic: everything it
// decides comes from its input and its activities' results.
func Workflow(ctx workflow.Context, in Input) (Result, error) {
	id := workflow.GetInfo(ctx).WorkflowExecution.ID
	if err := in.check(id); err != nil {
		return Result{}, temporal.NewNonRetryableApplicationError(err.Error(), "BadInput", nil)
	}
	limit := cmp.Or(in.Limit, DefaultLimit)
	maxAdv := cmp.Or(in.MaxAdvances, DefaultMaxAdvances)
	progress := Progress{State: Running}
	var answer *Answer
	// An answer's update completes once the advance it was handed to has
	// judged it: taken counts the answers handed to the driver, verdicts
	// holds what became of each (its refusal, or ""), and checking counts
	// the updates waiting for theirs (the workflow does not continue as new
	// under them).
	var taken, checking int
	verdicts := map[int]string{}
	if err := workflow.SetQueryHandler(ctx, QueryName, func() (Progress, error) { return progress, nil }); err != nil {
		return Result{}, err
	}
	if err := workflow.SetUpdateHandlerWithOptions(ctx, UpdateName, func(ctx workflow.Context, a Answer) error {
		answer = &a
		if workflow.GetVersion(ctx, answerJudged, workflow.DefaultVersion, 1) == workflow.DefaultVersion {
			return nil // a history from before answers were judged
		}
		mine := taken + 1
		checking++
		defer func() { checking-- }()
		if err := workflow.Await(ctx, func() bool { _, ok := verdicts[mine]; return ok }); err != nil {
			return err
		}
		refusal := verdicts[mine]
		delete(verdicts, mine)
		if refusal != "" {
			return temporal.NewApplicationError(refusal, "AnswerRefused")
		}
		return nil
	}, workflow.UpdateHandlerOptions{Validator: func(ctx workflow.Context, a Answer) error {
		switch {
		case progress.State != Waiting:
			return errors.New("the loop is not waiting for an answer")
		case answer != nil:
			return errors.New("an answer is already given")
		case len(a.Data) == 0:
			return errors.New("empty answer")
		}
		return nil
	}}); err != nil {
		return Result{}, err
	}

	hb := cmp.Or(in.HeartbeatTimeout, DefaultHeartbeatTimeout)
	actx := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		ScheduleToCloseTimeout: advanceDeadline,
		StartToCloseTimeout:    30 * time.Minute,
		HeartbeatTimeout:       hb,
		// A store or disk that is down is waited for; what retrying
		// cannot mend fails at once (non-retryable errors).
		RetryPolicy: &temporal.RetryPolicy{InitialInterval: time.Second, MaximumInterval: time.Minute},
	})
	retry := in.CallRetry
	if retry == nil {
		retry = &temporal.RetryPolicy{InitialInterval: time.Second, MaximumAttempts: DefaultCallAttempts}
	}
	cctx := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: cmp.Or(in.CallTimeout, DefaultCallTimeout),
		HeartbeatTimeout:    hb,
		RetryPolicy:         retry,
	})
	adv := AdvanceInput{Run: id, Driver: in.Driver, Args: in.Args, Files: in.Files, Results: map[string]CallResult{}}
	var waiting *Stop // what the loop waits for, while it waits
	if c := in.Carried; c != nil {
		adv.Files, adv.Resume, adv.Write, progress.Advances, progress.Calls = c.Files, true, c.Write, c.Advances, c.Calls
		maps.Copy(adv.Results, c.Results)
		waiting = c.Waiting
	}
	for n := 0; ; n++ {
		if (n >= continueAfter || workflow.GetInfo(ctx).GetContinueAsNewSuggested()) && checking == 0 {
			next := in
			next.Carried = &Carried{Files: adv.Files, Write: adv.Write, Waiting: waiting, Results: adv.Results, Advances: progress.Advances, Calls: progress.Calls}
			return Result{}, workflow.NewContinueAsNewError(ctx, WorkflowName, next)
		}
		if progress.Advances >= maxAdv {
			return Result{}, temporal.NewNonRetryableApplicationError(fmt.Sprintf("temporal: the loop did not end in %d advances", maxAdv), "TooManyAdvances", nil)
		}
		var out AdvanceOutput
		err := workflow.ExecuteActivity(actx, advanceName, adv).Get(ctx, &out)
		var app *temporal.ApplicationError
		refused := err != nil && adv.Write != nil && waiting != nil && errors.As(err, &app) && app.Type() == "DriverFailed"
		if adv.Write != nil && (err == nil || refused) {
			taken++
			verdicts[taken] = ""
			if refused {
				verdicts[taken] = app.Message()
			}
			if checking == 0 { // nobody waits for it (an answer carried over)
				delete(verdicts, taken)
			}
		}
		if refused {
			// The answer was of no use to the driver: ask again.
			progress.Error, adv.Write = app.Message(), nil
			if err := awaitAnswer(ctx, &progress, &answer, waiting, adv.Files, &adv); err != nil {
				return Result{}, err
			}
			continue
		}
		if err != nil {
			return Result{}, err
		}
		progress.Advances++
		adv.Files, adv.Resume, adv.Write, waiting, progress.Error = out.Files, true, nil, nil, ""
		for _, k := range out.Used {
			delete(adv.Results, k)
		}
		switch {
		case out.Stop != nil && out.Stop.Answer == "":
			progress.State, progress.Reason = Done, out.Stop.Reason
			return Result{Files: adv.Files, Reason: out.Stop.Reason, Advances: progress.Advances, Calls: progress.Calls, Dirs: out.Dirs,
				Text: out.Stop.Text, Usage: out.Stop.Usage, Artifacts: out.Stop.Artifacts}, nil
		case out.Stop != nil:
			if err := checkPath(out.Stop.Answer); err != nil {
				return Result{}, temporal.NewNonRetryableApplicationError(err.Error(), "BadDriver", nil)
			}
			waiting = out.Stop
			progress.Reason = out.Stop.Reason
			if err := awaitAnswer(ctx, &progress, &answer, waiting, adv.Files, &adv); err != nil {
				return Result{}, err
			}
		case len(out.Calls) == 0:
			return Result{}, temporal.NewNonRetryableApplicationError("temporal: an advance neither stopped nor left calls", "BadDriver", nil)
		default:
			made := makeCalls(cctx, adv, out.Calls, limit)
			for _, k := range slices.Sorted(maps.Keys(made)) {
				adv.Results[k] = made[k]
			}
			progress.Calls += len(made)
		}
	}
}

// awaitAnswer shows what the loop waits for in progress, waits for the
// answer and puts it in adv's Write.
func awaitAnswer(ctx workflow.Context, progress *Progress, answer **Answer, w *Stop, files Files, adv *AdvanceInput) error {
	progress.State, progress.Question, progress.QuestionRef = Waiting, w.Question, files[w.Question]
	if err := workflow.Await(ctx, func() bool { return *answer != nil }); err != nil {
		return err
	}
	adv.Write = map[string][]byte{w.Answer: (*answer).Data}
	*answer = nil
	progress.State, progress.Question, progress.QuestionRef = Running, "", ""
	return nil
}

// check refuses an input the workflow cannot run, naming what is wrong.
func (in Input) check(id string) error {
	switch {
	case in.Driver == "" || len(in.Files) == 0:
		return errors.New("temporal: the workflow needs a Driver and Files")
	case in.Limit < 0 || in.MaxAdvances < 0 || in.CallTimeout < 0 || in.HeartbeatTimeout < 0:
		return fmt.Errorf("temporal: Limit %d, MaxAdvances %d, CallTimeout %v and HeartbeatTimeout %v must not be negative (0 means the default)", in.Limit, in.MaxAdvances, in.CallTimeout, in.HeartbeatTimeout)
	}
	if _, err := runName(id); err != nil {
		return err
	}
	for _, p := range in.Files.Paths() {
		if err := checkPath(p); err != nil {
			return err
		}
		if in.Files[p] == "" {
			return fmt.Errorf("temporal: file %s has no reference", p)
		}
	}
	return nil
}

// makeCalls runs the call activities for keys, at most limit at once, and
// returns their results by key (a call whose activity failed for good
// holds its error).
func makeCalls(ctx workflow.Context, adv AdvanceInput, keys []string, limit int) map[string]CallResult {
	made := make(map[string]CallResult, len(keys))
	sel := workflow.NewSelector(ctx)
	running := 0
	for i := 0; i < len(keys) || running > 0; {
		for running < limit && i < len(keys) {
			key := keys[i]
			i++
			running++
			f := workflow.ExecuteActivity(ctx, callName, CallInput{AdvanceInput: adv, Key: key})
			sel.AddFuture(f, func(f workflow.Future) {
				running--
				var raw json.RawMessage
				if err := f.Get(ctx, &raw); err != nil {
					made[key] = callResult(err)
					return
				}
				made[key] = CallResult{Data: raw}
			})
		}
		sel.Select(ctx)
	}
	return made
}

// callResult is what a failed call's step is told: the call's own error
// message, without the activity's wrapping, and its failure's details.
func callResult(err error) CallResult {
	var app *temporal.ApplicationError
	if errors.As(err, &app) && app.Message() != "" {
		r := CallResult{Err: app.Message()}
		var f callFailure
		if app.HasDetails() && app.Details(&f) == nil {
			r.Classes, r.Violations, r.Usage = f.Classes, f.Violations, f.Usage
		}
		return r
	}
	return CallResult{Err: callMessage(err)}
}

// callMessage is a failed call's message.
func callMessage(err error) string {
	var app *temporal.ApplicationError
	if errors.As(err, &app) && app.Message() != "" {
		return app.Message()
	}
	var to *temporal.TimeoutError
	if errors.As(err, &to) {
		return "timed out (" + to.TimeoutType().String() + ")"
	}
	return err.Error()
}
