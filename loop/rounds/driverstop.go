package rounds

import (
	"errors"
	"os"
	"path"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/loop"
)

// reviewStop turns how a round-framework run (OpenRun's drivers) ended
// into a Driver's Stop; run is the run folder and decisions the file
// gate's decisions file, both relative to dir and slash-separated. An
// error matching loop.ErrNotConverged is a stop, not an error, and so is
// one matching ErrDocumentChanged: the run ended, closed with what it
// applied (Outcome.Changed says what changed). A run that
// waits asks either the findings of its last round's pending.json
// (answered in decisions) or, when there is none, the asker's
// questions.json (answered in answers.json). Artifacts are the run's
// summary and report, those that exist.
func reviewStop(dir, run, decisions string, o *Outcome, err error) (loop.Stop, error) {
	if o == nil || (err != nil && !errors.Is(err, loop.ErrNotConverged) && !errors.Is(err, ErrDocumentChanged)) {
		return loop.Stop{}, err
	}
	local := func(p string) string { return filepath.Join(dir, filepath.FromSlash(p)) }
	stop := loop.Stop{Reason: string(o.Reason), Text: o.StopText(), Usage: o.Usage}
	stop.Artifacts = loop.DriverArtifacts(dir, local(path.Join(run, "summary.md")), local(path.Join(run, ReportName)))
	if o.Reason == loop.AwaitingDecisions {
		pending := PendingFile(run, o.Rounds)
		if _, err := os.Stat(local(pending)); err == nil {
			stop.Question, stop.Answer = pending, decisions
		} else {
			stop.Question, stop.Answer = path.Join(run, loop.QuestionsFile), path.Join(run, loop.AnswersFile)
		}
	}
	return stop, nil
}

// ReviewFolder is where a round-framework driver (OpenRun's) runs inside a
// Driver's folder: its run folder, the file gate's decisions file and its
// documents, checked by DriverPaths' rules, and the gate its arguments
// name. The zero value is not usable: NewReviewFolder makes one.
type ReviewFolder struct {
	dir, run, decisions string // relative to dir, slash-separated
	gate                loop.DriverGate
	// Run, Decisions and Docs are the run folder, the decisions file and
	// the documents as local paths.
	Run, Decisions string
	Docs           []string
	// FileGate: the arguments name the file gate (loop.DriverGate.File).
	FileGate bool
}

// NewReviewFolder resolves run (the run folder), run/decisions (the
// decisions file's name) and docs inside dir, all slash paths relative to
// it. It returns loop.DriverGate.File's error for an unknown gate and
// DriverPaths' for a path that leaves dir.
func NewReviewFolder(dir string, gate loop.DriverGate, run, decisions string, docs ...string) (ReviewFolder, error) {
	file, err := gate.File()
	if err != nil {
		return ReviewFolder{}, err
	}
	f := ReviewFolder{dir: dir, gate: gate, run: run, decisions: path.Join(run, decisions), FileGate: file}
	local, err := loop.DriverPaths(dir, append([]string{f.run, f.decisions}, docs...)...)
	if err != nil {
		return ReviewFolder{}, err
	}
	f.Run, f.Decisions, f.Docs = local[0], local[1], local[2:]
	return f, nil
}

// Gate is the gate the arguments name: a FileGate on Decisions, or
// AutoGate.
func (f ReviewFolder) Gate() Approver {
	if f.FileGate {
		return FileGate{Path: f.Decisions}
	}
	return AutoGate{}
}

// Stop is reviewStop for the folder's run and decisions file.
func (f ReviewFolder) Stop(o *Outcome, err error) (loop.Stop, error) {
	return reviewStop(f.dir, f.run, f.decisions, o, err)
}

// Asker is the asker the arguments name, for the run's questions
// (loop.AskOnce): a loop.FileAsker in the run folder (Run) for the file
// gate, else loop.AutoAsker.
func (f ReviewFolder) Asker() loop.Asker {
	a, _ := f.gate.Asker(f.Run) // NewReviewFolder checked the gate
	return a
}

// DriverLoop points at what a round-framework Driver sets on the loop its
// configure function returned (Configure); a nil field is not set.
type DriverLoop struct {
	Dir   *string     // the run folder (ReviewFolder.Run)
	Gate  *Approver   // the gate the arguments name (ReviewFolder.Gate)
	Asker *loop.Asker // the asker they name (ReviewFolder.Asker)
}

// Configure opens a round-framework Driver's run in dir: it resolves the
// run folder run, its decisions file and docs under gate
// (NewReviewFolder), calls configure and sets what fields points at on
// the loop it returned: Dir to the run folder and, unless gate is
// loop.GateOwn (the loop keeps configure's own), Gate and Asker to the
// ones gate names. It returns NewReviewFolder's error before configure
// is called, and configure's as it is.
func Configure[L any](dir string, gate loop.DriverGate, run, decisions string, docs []string, configure func() (L, error), fields func(L) DriverLoop) (L, ReviewFolder, error) {
	var zero L
	f, err := NewReviewFolder(dir, gate, run, decisions, docs...)
	if err != nil {
		return zero, ReviewFolder{}, err
	}
	l, err := configure()
	if err != nil {
		return zero, ReviewFolder{}, err
	}
	p := fields(l)
	if p.Dir != nil {
		*p.Dir = f.Run
	}
	if !gate.Own() {
		if p.Gate != nil {
			*p.Gate = f.Gate()
		}
		if p.Asker != nil {
			*p.Asker = f.Asker()
		}
	}
	return l, f, nil
}
