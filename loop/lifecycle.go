package loop

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"

	"github.com/kaigi-dev/kaigi/loop/internal/runfile"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// Errors of the run lifecycle (Folder.Open, and OpenRun in package
// rounds), which drivers return as they are (or alias): a caller checks
// them with errors.Is.
var (
	// ErrUnfinishedRun: the run folder holds a run that has not ended and
	// a new run (not a resume) was asked for.
	ErrUnfinishedRun = errors.New("an unfinished run exists")
	// ErrNothingToResume: the run folder holds no unfinished run. The
	// lifecycle returns it as one of its two reasons, ErrNotStarted or
	// ErrRunFinished.
	ErrNothingToResume = errors.New("nothing to resume")
	// ErrOtherFile: a resume was asked for other documents than the run's.
	ErrOtherFile = errors.New("the journal belongs to another file")
)

// JournalName is the journal's file name inside a run folder.
const JournalName = "journal.jsonl"

// StartKey is the step that starts a run: rounds.OpenRun journals its settings
// under it, and a Folder without Started reads it as "a run was started
// here".
const StartKey = "start"

// The two reasons for ErrNothingToResume, which Folder.Open and rounds.OpenRun
// return (wrapped) instead of it: errors.Is matches each and
// ErrNothingToResume. A driver that starts or resumes as the folder
// requires tells them apart: a run killed before its start step
// (ErrNotStarted) is started anew, a finished run (ErrRunFinished) is
// left alone, or returned, or started again on request.
var (
	// ErrNotStarted: the run folder holds no journal, or a journal in which
	// no run was started.
	ErrNotStarted error = &noResume{"no run was started there"}
	// ErrRunFinished: the run folder's run has ended.
	ErrRunFinished error = &noResume{"its run has finished"}
)

// noResume is a reason for ErrNothingToResume; its text is that of
// ErrNothingToResume, and in names where and why.
type noResume struct{ why string }

func (e *noResume) Error() string { return ErrNothingToResume.Error() }
func (e *noResume) Unwrap() error { return ErrNothingToResume }

// nothingIn says that there is nothing to resume in dir, and why (reason
// is ErrNotStarted or ErrRunFinished).
func nothingIn(reason error, dir string) error {
	return fmt.Errorf("%w in %s (%s)", reason, dir, reason.(*noResume).why)
}

// OpenMode says which runs Folder.Open opens and what becomes of a
// finished one: a set of the flags below, as os.OpenFile's flags.
type OpenMode uint8

const (
	// OpenStart starts a run in a folder that holds none (no journal, or
	// one without a start: a run killed before its start step is no run);
	// without it, such a folder is ErrNotStarted.
	OpenStart OpenMode = 1 << iota
	// OpenResume resumes an unfinished run; without it, an unfinished run
	// is ErrUnfinishedRun.
	OpenResume
	// OpenRotate moves a finished run, its journal and artifacts, to
	// Dir/history/run-K (rotate), and starts a new run; it needs OpenStart.
	OpenRotate
	// OpenKeep opens a finished run as it is (RunFinished): the driver
	// replays it to return its result, or journals a follow-up on it.
	// Without OpenRotate or OpenKeep, a finished run is ErrRunFinished.
	OpenKeep

	// OpenNew starts a new run; it refuses an unfinished one.
	OpenNew = OpenStart | OpenRotate
	// OpenStartOrResume resumes an unfinished run, or starts one.
	OpenStartOrResume = OpenStart | OpenResume | OpenRotate
)

// RunState is what an opened run folder's journal holds.
type RunState uint8

const (
	// RunNone: no run; the caller journals its start.
	RunNone RunState = iota
	// RunUnfinished: a run that started and has not ended, resumed.
	RunUnfinished
	// RunFinished: a run that ended, kept (OpenKeep).
	RunFinished
)

// Folder is the one lifecycle of a run folder, for every driver: it locks
// the journal, finishes what a crash cut short (Prepare), sweeps the
// temporary files of cut-short writes, refuses or rotates as the OpenMode
// says, and tells the driver what the journal holds. Dir and End or Ended
// are required. Open does not modify the Folder; its funcs are called on
// Open's goroutine, with the journal locked.
type Folder struct {
	// Dir is the run folder; its journal is Dir/JournalName.
	Dir string
	// Journal configures the journal; its Kinds must include End, and its
	// Observe sees every journal point (tests kill the process there).
	Journal journal.Options
	// End is the kind of the record that ends a run; a run has ended when
	// the journal holds one. Ended, when set, decides instead.
	End   string
	Ended func(*journal.Journal) bool
	// Started reports whether the journal holds a run's start; nil means
	// the journal holds the step StartKey.
	Started func(*journal.Journal) bool
	// Prepare, when set, runs once the journal is locked and before its
	// state is read: it finishes what a crash cut short (an undo) and
	// refuses a folder that must not go on (ErrFolderMoved). Its error is
	// returned as it is, with the journal released.
	Prepare func(context.Context, *journal.Journal) error
	// Artifact reports which entries of Dir belong to a finished run and
	// move with its journal to history/run-K; nil moves only the journal.
	Artifact func(name string) bool
	// Docs returns the files outside Dir that the run writes, by path
	// (from the locked journal on a resume): the temporary files of
	// their cut-short writes, and only theirs, are removed beside them.
	Docs func(*journal.Journal) []string
	// Folders are folders besides Dir and its round-* subfolders that
	// only the run writes (while it holds the journal's lock): every
	// temporary file of a cut-short write in them is removed.
	Folders []string
	// Logger receives a record of each stale temporary file removed;
	// nil discards them.
	Logger *slog.Logger
}

// Open opens the run folder f.Dir as mode says and returns its journal,
// locked for this process, and what it holds. In this order: a folder
// without a journal is ErrNotStarted unless mode has OpenStart, and then
// nothing is created; the journal is opened, whose lock keeps a second run
// out (journal.ErrBusy); Prepare runs; the temporary files that writes cut
// short by a crash left are removed (in Dir, f.Folders and
// beside f.Docs), before a rotation would move them; then the journal's
// run is refused (ErrNotStarted, ErrUnfinishedRun, ErrRunFinished: each
// also matches ErrNothingToResume but the unfinished one), rotated, kept
// or resumed, as mode says. An error releases the journal.
func (f Folder) Open(ctx context.Context, mode OpenMode) (_ *journal.Journal, _ RunState, err error) {
	switch {
	case f.Dir == "" || (f.End == "" && f.Ended == nil):
		return nil, 0, errors.New("Folder.Dir and End (or Ended) are required")
	case f.End != "" && !slices.Contains(f.Journal.Kinds, f.End):
		return nil, 0, fmt.Errorf("Folder.Journal.Kinds must include the end kind %q", f.End)
	case mode&OpenRotate != 0 && (mode&OpenKeep != 0 || mode&OpenStart == 0):
		return nil, 0, fmt.Errorf("open mode %b: OpenRotate needs OpenStart and excludes OpenKeep", mode)
	}
	path := filepath.Join(f.Dir, JournalName)
	if _, err := os.Lstat(path); mode&OpenStart == 0 && errors.Is(err, fs.ErrNotExist) {
		return nil, 0, nothingIn(ErrNotStarted, f.Dir) // and nothing is created
	}
	if err := os.MkdirAll(f.Dir, 0o755); err != nil {
		return nil, 0, err
	}
	j, err := journal.Open(path, f.Journal)
	if err != nil {
		return nil, 0, err
	}
	defer func() {
		if err != nil && j != nil {
			j.Close()
		}
	}()
	if f.Prepare != nil {
		if err := f.Prepare(ctx, j); err != nil {
			return nil, 0, err
		}
	}
	st := f.state(j)
	var docs []string
	if f.Docs != nil {
		docs = f.Docs(j)
	}
	log := cmp.Or(f.Logger, slog.New(slog.DiscardHandler))
	runfile.SweepStale(ctx, log, f.Dir, docs...)
	for _, dir := range f.Folders {
		runfile.SweepStale(ctx, log, dir)
	}
	switch {
	case st == RunNone && mode&OpenStart == 0:
		return nil, 0, nothingIn(ErrNotStarted, f.Dir)
	case st == RunUnfinished && mode&OpenResume == 0:
		return nil, 0, fmt.Errorf("%w in %s: resume it or remove the folder", ErrUnfinishedRun, f.Dir)
	case st == RunFinished && mode&OpenRotate != 0:
		move := func(n string) bool { return f.Artifact != nil && f.Artifact(n) }
		if _, err := rotate(f.Dir, j, move); err != nil {
			return nil, 0, err // rotate leaves j open when it fails before the move
		}
		if j, err = journal.Open(path, f.Journal); err != nil {
			return nil, 0, err
		}
		st = RunNone
	case st == RunFinished && mode&OpenKeep == 0:
		return nil, 0, nothingIn(ErrRunFinished, f.Dir)
	}
	return j, st, nil
}

// state reads what j holds.
func (f Folder) state(j *journal.Journal) RunState {
	started := j.Done(StartKey)
	if f.Started != nil {
		started = f.Started(j)
	}
	ended := f.Ended != nil && f.Ended(j)
	if f.Ended == nil {
		ended = slices.ContainsFunc(j.Records(), func(r journal.Record) bool { return r.Kind == f.End })
	}
	switch {
	case !started:
		return RunNone
	case ended:
		return RunFinished
	}
	return RunUnfinished
}
