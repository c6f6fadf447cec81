package multishot

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
	"go.opentelemetry.io/otel/trace"
)

// Driver names the journal's driver.
const Driver = "multishot"

// Mode says how a session ends.
type Mode string

// The two modes.
const (
	// Barrier (the default) triages every finding after each wave (fix,
	// ignore with a reason, or mark a duplicate) and runs waves until
	// every slice is done.
	Barrier Mode = "barrier"
	// Report runs one wave, changes nothing and returns the findings; a
	// follow-up (Continue) runs another over the slices not complete.
	// A slice whose window is used up is judged in both modes.
	Report Mode = "report"
)

// Defaults of the Loop's zero fields.
const (
	DefaultMaxPasses    = 3
	DefaultRetries      = 2
	DefaultJudgeRetries = 2
	DefaultMaxWaves     = 10
)

// Loop is the multi-shot review of a git change, configured. The zero
// value of every optional field is its documented default. A Loop is not
// modified by its methods.
type Loop struct {
	// Dir is the session's folder: journal, task.md, logs and summaries.
	// Required.
	Dir string

	// Reviewer reviews one shot of a slice. Required.
	Reviewer Reviewer
	// Harness returns the reviewer of a slice that names a harness
	// (Slice.Harness), at each wave, Resume included; an error fails the
	// wave. nil refuses a slice that names one.
	Harness func(name string) (Reviewer, error)
	// Classifier proposes the slices; nil means OfflineClassifier.
	Classifier Classifier
	// Judge decides about a slice whose window is used up; nil means
	// RuleJudge.
	Judge Judge
	// Asker is the triage gate (Barrier mode): one Choice question per
	// finding, answered fix (apply its own edit), fixed (the person fixed
	// it), ignore (with the reason as text) or duplicate (with the
	// canonical id as text). nil means loop.AutoAsker: fix where the
	// finding carries an edit, else ignore.
	Asker loop.Asker

	// Fixer proposes the edit for a finding without one when the gate
	// answers fix (offered then for every finding); nil offers fix only
	// for findings with their own edit.
	Fixer Fixer

	// Mode is Barrier ("" too) or Report.
	Mode Mode
	// MaxPasses is the window of passes per slice before the judge; zero
	// means DefaultMaxPasses.
	MaxPasses int
	// Shots is the default shot count of a slice; zero means 1.
	Shots int
	// ShotPasses is how many passes of a slice use several shots; zero
	// means 1, negative always.
	ShotPasses int
	// MaxParallel caps the calls running at once across the wave; zero
	// means all (at most MaxSlices slices are active).
	MaxParallel int
	// Timeout bounds each shot; zero means none. A shot past it fails and
	// is retried.
	Timeout time.Duration
	// Retries is how many times a failed shot is retried alone, with the
	// same index; zero means DefaultRetries, negative none.
	Retries int
	// JudgeRetries is how many times a judgement that fails or disagrees
	// with Rule is asked again; zero means DefaultJudgeRetries.
	JudgeRetries int
	// MaxWaves bounds the waves of one Run, Resume or Continue; zero
	// means DefaultMaxWaves.
	MaxWaves int
	// ConfirmDuplicates asks the Asker to confirm each automatic
	// duplicate (a Confirm question); an overturned one stays open and
	// counts against the rule's precision.
	ConfirmDuplicates bool

	// UserDirectives are the user's extra instructions for the review,
	// verbatim, and ExecutorContext the parent's context, reference only:
	// Run journals both with the session's settings (a Resume or
	// Continue reads the journaled ones) and gives them to every
	// classification (ClassifyInput). Empty means none.
	UserDirectives string
	// ExecutorContext: see UserDirectives.
	ExecutorContext string
	// Variant is a configured variant the user asked for, recorded in
	// the session's settings and Summary.Variant; empty (the default)
	// records none.
	Variant string

	// Memory is the rejection memory file shared by the sessions of one
	// repository: a finding ignored with a reason is remembered by
	// fingerprint with the reason verbatim and not raised again. Empty
	// means no memory beyond the session.
	Memory string

	// MaxSize is the largest changed file reviewed, in bytes (larger ones
	// are skipped with a note); zero means loop.DefaultMaxSize. A
	// Target.MaxFileSize given to Run wins.
	MaxSize int64

	// Logger receives what the run does beside the session (stale
	// temporary files removed); nil discards it.
	Logger *slog.Logger
	// Observer receives progress events, also on replay. nil means none.
	Observer func(Event)
	// JournalObserver is passed to the journal (journal.Options.Observe);
	// tests crash there. nil means none.
	JournalObserver func(journal.Event)
	// TracerProvider, when set, traces each execution with OpenTelemetry
	// (loop.TraceRun): a run span, with the model calls of providers
	// wrapped with agent.Traced under it. Nil stands for the provider of
	// the span in Run's ctx (none: nothing is traced).
	TracerProvider trace.TracerProvider
}

// Event is a step of the session, for progress displays: the kernel's
// loop.Event, whose Kind is "slices", "wave" (a wave starts), "dispatched"
// (its calls returned), "shot", "dedupe", "pass", "judge" or "triage", whose
// Round is the wave and whose Text says it in words, with the slice and
// shot it is about.
type Event struct {
	loop.Event
	Slice string
	Shot  int
}

// settings are the session's configuration, frozen in its journal at the
// start.
type settings struct {
	Target            Target        `json:"target"`
	Task              string        `json:"task"`
	Mode              Mode          `json:"mode"`
	MaxPasses         int           `json:"max_passes"`
	Shots             int           `json:"shots"`
	ShotPasses        int           `json:"shot_passes"`
	MaxParallel       int           `json:"max_parallel,omitempty"`
	Timeout           time.Duration `json:"timeout,omitempty"`
	Retries           int           `json:"retries"`
	JudgeRetries      int           `json:"judge_retries"`
	MaxWaves          int           `json:"max_waves"`
	ConfirmDuplicates bool          `json:"confirm_duplicates,omitempty"`
	UserDirectives    string        `json:"user_directives,omitempty"`
	ExecutorContext   string        `json:"executor_context,omitempty"`
	Variant           string        `json:"variant,omitempty"`
	// RootRel is the repository's top level relative to the session
	// folder (loop.FileRel), for loop.CheckLocation; sessions journaled
	// before it was are not checked.
	RootRel string `json:"root_rel,omitempty"`
}

func (l *Loop) settings(t Target, task string) settings {
	retries := cmp.Or(l.Retries, DefaultRetries)
	if retries < 0 {
		retries = 0
	}
	mode := cmp.Or(l.Mode, Barrier)
	return settings{Target: t, Task: task, Mode: mode, MaxPasses: cmp.Or(l.MaxPasses, DefaultMaxPasses),
		Shots: cmp.Or(l.Shots, 1), ShotPasses: cmp.Or(l.ShotPasses, 1), MaxParallel: l.MaxParallel, Timeout: l.Timeout,
		Retries: retries, JudgeRetries: max(0, cmp.Or(l.JudgeRetries, DefaultJudgeRetries)), MaxWaves: cmp.Or(l.MaxWaves, DefaultMaxWaves),
		ConfirmDuplicates: l.ConfirmDuplicates, UserDirectives: l.UserDirectives, ExecutorContext: l.ExecutorContext, Variant: l.Variant}
}

// episodeStart is the first step of each Run or Continue.
type episodeStart struct {
	Settings   *settings   `json:"settings,omitempty"`
	Directives []Directive `json:"directives,omitempty"`
	// Classify: the follow-up classifies anew (Reclassify).
	Classify bool `json:"classify,omitempty"`
}

// Run starts a session in Dir on target, with the user's request task kept
// word for word (Dir/task.md), and runs it to its end. The session folder
// goes through the run lifecycle (loop.Folder), which sweeps the temporary
// files of writes a kill cut short in it, its logs and beside the files
// of the change. A finished session in Dir is moved to Dir/history/run-K
// first with its artifacts; an unfinished one is refused with
// loop.ErrUnfinishedRun (Resume it, or choose another folder). The session runs the
// classifier, then waves until every slice is done (Barrier) or one wave (Report). It
// returns the Summary with a nil error when the session ran (see
// Summary.OK for whether it is done), and an error when it could not go
// on; the session can then be resumed. A gate that cannot answer yet
// (loop.ErrWaiting) stops the run with that error; Resume goes on.
//
// The Loop's fields and the target are checked, and the change is read,
// before anything is created: a run refused at once (a ref that is not a
// commit, a folder outside a repository) leaves Dir as it was.
func (l *Loop) Run(ctx context.Context, target Target, task string) (*Summary, error) {
	if err := l.check(); err != nil {
		return nil, err
	}
	if target.MaxFileSize == 0 {
		target.MaxFileSize = l.MaxSize
	}
	c, err := ReadChange(ctx, target)
	if err != nil {
		return nil, err
	}
	st := l.settings(target, task)
	return l.execute(ctx, "run", &st, nil, false, c)
}

// Resume goes on with the session in Dir after a crash, a cancel or a gate
// that was waiting: it executes the session from its start, every shot,
// verdict and answer journaled is replayed (no finished shot runs again),
// and the first missing step runs for real. A finished session is replayed
// to its end (nothing runs) and its summary written again, which is what a
// crash after its last journal point needs. A folder with no session's
// start journaled is loop.ErrNotStarted (a loop.ErrNothingToResume): Run
// it. A session folder moved or copied away from its repository is
// loop.ErrFolderMoved: its fixes would go to the journaled repository.
func (l *Loop) Resume(ctx context.Context) (*Summary, error) {
	return l.execute(ctx, "resume", nil, nil, false, nil)
}

// Continue runs a follow-up on a finished session: the directives first
// (explicit slice changes, the user's words verbatim), then waves over the
// runnable slices (Report mode: one wave over every slice). Slices that
// failed are run again. An unfinished session is loop.ErrUnfinishedRun
// (Resume it first), a folder with none loop.ErrNotStarted, one moved away
// from its repository loop.ErrFolderMoved.
func (l *Loop) Continue(ctx context.Context, directives ...Directive) (*Summary, error) {
	return l.execute(ctx, "continue", nil, directives, false, nil)
}

// ErrActiveSlices: a reclassification of a session that still has an
// active slice.
var ErrActiveSlices = errors.New("multishot: the session has active slices; a new classification needs every slice removed by the user's directives first")

// Reclassify runs a follow-up on a finished session that classifies the
// change anew: the directives first, then the classifier (its input's
// Previous lists the tombstones; a proposed name of a tombstone revives
// it as a new definition), then waves as Continue does. It is refused
// with ErrActiveSlices, before anything is journaled, unless every slice
// is removed once the directives are carried out; an unfinished session
// is loop.ErrUnfinishedRun, a folder with none loop.ErrNotStarted.
func (l *Loop) Reclassify(ctx context.Context, directives ...Directive) (*Summary, error) {
	return l.execute(ctx, "continue", nil, directives, true, nil)
}

// check reports what is wrong with the Loop's fields, or nil.
func (l *Loop) check() error {
	switch {
	case l.Dir == "":
		return errors.New("multishot: Dir is not set")
	case l.Reviewer == nil:
		return errors.New("multishot: no Reviewer")
	case l.Shots < 0:
		return fmt.Errorf("multishot: Shots %d: want at least 1 (zero means 1)", l.Shots)
	case l.MaxPasses < 0:
		return fmt.Errorf("multishot: MaxPasses %d: want at least 1 (zero means %d)", l.MaxPasses, DefaultMaxPasses)
	case l.MaxWaves < 0:
		return fmt.Errorf("multishot: MaxWaves %d: want at least 1 (zero means %d)", l.MaxWaves, DefaultMaxWaves)
	case l.MaxParallel < 0:
		return fmt.Errorf("multishot: MaxParallel %d: want 0 (all at once) or more", l.MaxParallel)
	case l.Timeout < 0:
		return fmt.Errorf("multishot: Timeout %s: want 0 (none) or more", l.Timeout)
	case l.MaxSize < 0:
		return fmt.Errorf("multishot: MaxSize %d: want 0 (loop.DefaultMaxSize) or more", l.MaxSize)
	}
	return nil
}

// execute runs, resumes or continues the session in Dir; change is the
// change Run read before anything was created (nil otherwise).
func (l *Loop) execute(ctx context.Context, how string, st *settings, dirs []Directive, classify bool, change *Change) (_ *Summary, err error) {
	ctx, end := loop.TraceRun(ctx, l.TracerProvider, Driver)
	defer func() { end(err) }()
	if err := l.check(); err != nil {
		return nil, err
	}
	for _, d := range dirs {
		if err := d.Validate(); err != nil {
			return nil, err
		}
	}
	j, n, err := l.open(ctx, how, change)
	if err != nil {
		return nil, err
	}
	defer j.Close()
	if st != nil && change != nil {
		st.RootRel = loop.FileRel(l.Dir, change.Root)
	}
	s := &session{l: l, j: j, pre: change}
	defer s.close()
	for e := 1; e <= n; e++ {
		start, err := journal.Step(ctx, j, startKey(e), func(context.Context) (episodeStart, error) {
			if e == 1 {
				return episodeStart{Settings: st, Directives: dirs}, nil
			}
			if err := s.check(dirs, classify); err != nil {
				return episodeStart{}, err
			}
			for _, d := range dirs {
				if err := s.checkHarness(d.Slice); d.Op == AddSlice && err != nil {
					return episodeStart{}, err
				}
			}
			return episodeStart{Directives: dirs, Classify: classify}, nil
		})
		if err != nil {
			return nil, err
		}
		if err := s.episode(ctx, e, start); err != nil {
			if s.change != nil {
				s.writeSummary() // what the session did so far
			}
			return nil, err
		}
	}
	return s.writeSummary()
}

// artifact reports which entries of a session folder move with its
// journal to the history.
func artifact(name string) bool {
	switch name {
	case "task.md", "summary.json", "summary.md", "logs", logsDir, loop.QuestionsFile, "answers.json":
		return true
	}
	return false
}

func startKey(e int) string  { return fmt.Sprintf("e%d/start", e) }
func finishKey(e int) string { return fmt.Sprintf("e%d/finish", e) }
