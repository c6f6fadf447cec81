package goldfish

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"github.com/kaigi-dev/kaigi/loop/journal"
	"log/slog"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/apply/document"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
	"go.opentelemetry.io/otel/trace"
)

// Defaults of a Loop.
const (
	// DefaultMaxRounds is the round cap when Loop.MaxRounds is 0.
	DefaultMaxRounds = 5
	// DefaultCleanRounds is how many consecutive clean rounds stop the
	// loop when Loop.CleanRounds is 0.
	DefaultCleanRounds = 2
	// DefaultDir is the run folder the example uses: the journal and the
	// artifacts live under .goldfish/ next to where it runs.
	DefaultDir = ".goldfish"
)

// Driver is the driver name in the header of the journals this package
// writes; a journal of another driver is refused (journal.ErrFormat).
const Driver = "goldfish"

// The gate choices of a round (the Choice question "rN/gate").
const (
	// ChoiceAuto approves the resolver's sorting: its fixes are applied,
	// the findings it contested are rejected with its reasons. A fix
	// whose quote was found only away from the reviewer's lines
	// (loop.Item.Far) is not: it goes to Loop.Gate, and without a gate
	// that decides (nil, rounds.AutoGate) it is deferred, saying where the
	// quote was found.
	ChoiceAuto = "auto"
	// ChoiceContinue applies nothing this round: every finding is left
	// open (the contested ones stay contested in the memory) and the loop
	// goes on.
	ChoiceContinue = "continue"
	// ChoiceInspect hands every finding to Loop.Gate, one by one, with
	// the resolver's answer in its Note.
	ChoiceInspect = "inspect"
)

// ErrSectionNotFound: the semantic target names nothing in the file (or
// more than one part of it) in some round; it wraps the
// *document.TargetError. The section is never silently widened to the
// whole file. The other errors of Run, Resume and Undo are the kernel's
// (loop.ErrUnfinishedRun, loop.ErrNothingToResume, rounds.ErrDocumentChanged,
// loop.ErrOtherFile, rounds.ErrNothingToUndo; loop.ErrNotConverged when the loop
// stopped before two consecutive clean rounds: at the round cap, by a
// person, with no reviewer answering, or waiting at a gate).
var ErrSectionNotFound = errors.New("goldfish: section not found")

// sectionError is ErrSectionNotFound for one file (in one round, when
// Round is not 0), wrapping the *document.TargetError that says why.
type sectionError struct {
	Round int
	File  string
	Err   error
}

func sectionErr(round int, file string, err error) error {
	return &sectionError{Round: round, File: file, Err: err}
}

// Error says, with the one prefix "goldfish:", where the target was
// looked for and why it names no section.
func (e *sectionError) Error() string {
	msg := "goldfish: "
	if e.Round > 0 {
		msg += "round " + strconv.Itoa(e.Round) + ": "
	}
	return msg + e.File + ": " + strings.TrimPrefix(e.Err.Error(), "document: ")
}

// Is matches ErrSectionNotFound.
func (e *sectionError) Is(target error) bool { return target == ErrSectionNotFound }

// Unwrap returns the *document.TargetError.
func (e *sectionError) Unwrap() error { return e.Err }

// Loop is the Goldfish review loop over one section of one file, on the
// loop kernel: each round the section is resolved anew (Target), every
// goldfish reviews it in a fresh context, the contest memory drops what
// was argued before, the resolver sorts the rest into CONTEST or
// PROPOSE_FIX, a gate choice decides, approved fixes are written, and a
// turn boundary asks before the next round; once the loop converged with
// rounds left, the closing question asks for the next stage or a last
// check. Intake gathers and confirms its inputs before a Loop is built.
// Every step is journaled in
// Dir, from which an interrupted run resumes and an undo reverts:
//
//	Dir/journal.jsonl
//	Dir/goldfish_review_report.md       the latest round's report
//	Dir/round-N/goldfish_review_report.md, findings.md, rejected.md, applied.diff, ...
//	Dir/summary.md
//
// Set the fields, then call Run. A Loop is not modified by Run.
type Loop struct {
	// Reviewers are the goldfish, each isolated (NewGoldfish, NewProbe,
	// NewOfflineGoldfish). Names must be unique. Required.
	Reviewers []*Goldfish
	// Resolver sorts the findings; nil means OfflineResolver{}. When it
	// implements Comparer, probes are compared with its intent.
	Resolver Resolver
	// Synthesizer, when set, makes the dispatch hierarchical: duplicates
	// are removed in code (Dedupe) and the synthesizer writes one summary
	// of the round for the resolver and the report. Nil is flat dispatch.
	Synthesizer agent.Agent
	// Target is the section, resolved before every round; the zero
	// Target is the whole file. A resumed run uses the one it started
	// with.
	Target document.Target
	// Context is the context materials (Materials.ContextMaterials) the
	// goldfish were built with; the resolver receives them too, and their
	// names and SHA-256 are journaled. Pass the same ones again on resume
	// (ErrMaterialsChanged otherwise).
	Context []agent.Reference
	// Gate decides the findings one by one when a round's choice is
	// ChoiceInspect; nil means rounds.AutoGate (nothing applied).
	Gate rounds.Approver
	// Asker answers the round's gate choice, the turn boundary before
	// each next round and the closing question once the loop converged
	// (ClosingNext, ClosingCheck); nil means loop.AutoAsker (ChoiceAuto,
	// yes, and ClosingNext), the "-yes" of the example.
	Asker loop.Asker
	// MaxRounds caps the rounds; 0 means DefaultMaxRounds.
	MaxRounds int
	// CleanRounds is how many consecutive clean rounds stop the loop; 0
	// means DefaultCleanRounds.
	CleanRounds int
	// MinAgreement is the self-agreement below which a reviewer's clean
	// answer is weak evidence; 0 means DefaultMinAgreement.
	MinAgreement float64
	// NoAgreement skips the self-agreement measure (round 1 calls every
	// goldfish twice otherwise).
	NoAgreement bool
	// Limit caps the goldfish calls at once; 0 means all at once.
	Limit int
	// Timeout bounds each goldfish call; 0 means no bound but ctx's.
	Timeout time.Duration
	// MaxSize is the largest file in bytes; 0 means loop.DefaultMaxSize.
	MaxSize int64
	// Dir is the run folder. Required (DefaultDir is the convention).
	Dir string
	// Prices prices the usage in the outcome and summary; nil counts
	// tokens only.
	Prices agent.Prices
	// Observer receives the run's events (see rounds.RunConfig.Observer).
	Observer func(loop.Event)
	// JournalObserver sees every journal point of the run and of its undo
	// (rounds.RunConfig.JournalObserver), after Observer's Event, on the
	// goroutine that journals it: concurrently while reviewers' calls run
	// at once. Tests kill the process there.
	JournalObserver func(journal.Event)
	// Logger receives progress records; nil discards them.
	Logger *slog.Logger
	// TracerProvider traces the run with OpenTelemetry (see
	// rounds.RunConfig.TracerProvider); nil stands for the provider of the
	// span in Run's ctx (none: nothing is traced).
	TracerProvider trace.TracerProvider
}

// Outcome is what a Goldfish run did and why it stopped: the kernel's
// Outcome, with the reviewers' self-agreement and where the report is.
type Outcome struct {
	*rounds.Outcome
	// Agreements are the reviewers' self-agreement, measured in round 1.
	Agreements []Agreement `json:"agreements,omitempty"`
	// ReportFile is the path of the latest goldfish_review_report.md.
	ReportFile string `json:"report"`
	// Stop says why the run stopped, in words, as the report says it: at
	// the round cap, what kept the last round from counting as clean.
	Stop string `json:"stop"`
}

// settings are the run's settings, journaled in its start.
type settings struct {
	Target       document.Target       `json:"target"`
	MaxRounds    int                   `json:"max_rounds"`
	CleanRounds  int                   `json:"clean_rounds"`
	MinAgreement float64               `json:"min_agreement"`
	Agreement    bool                  `json:"agreement,omitempty"`
	Hierarchical bool                  `json:"hierarchical,omitempty"`
	Reviewers    []string              `json:"reviewers"`
	Probes       []string              `json:"probes,omitempty"`
	Materials    map[string][]Material `json:"materials"`
	Context      []Material            `json:"context,omitempty"`
}

// Check refuses settings no run journals.
func (s *settings) Check() error {
	if s.MaxRounds < 1 || s.CleanRounds < 1 || len(s.Reviewers) == 0 {
		return fmt.Errorf("a round cap of %d, %d clean rounds, %d reviewers", s.MaxRounds, s.CleanRounds, len(s.Reviewers))
	}
	return nil
}

func (l *Loop) config() rounds.RunConfig {
	return rounds.RunConfig{Dir: l.Dir, Driver: Driver, Kind: "goldfish", MaxSize: l.MaxSize, Knob: "Loop.MaxSize",
		Artifact: func(n string) bool {
			return n == "summary.md" || n == ReportName || n == rounds.ReportName || n == loop.QuestionsFile || n == loop.AnswersFile || strings.HasPrefix(n, "round-")
		},
		Observer: l.Observer, JournalObserver: l.JournalObserver, Logger: l.Logger, TracerProvider: l.TracerProvider}
}

// Run starts a new run on the file at path (see rounds.OpenRun for what is
// checked before anything is written; a finished run in Dir moves to
// Dir/history/run-K). It returns the Outcome whenever the loop stopped for
// a stated reason: with a nil error after CleanRounds consecutive clean
// rounds, otherwise with an error wrapping loop.ErrNotConverged (the round
// cap, a person's stop, no reviewer answering) or, when the file was
// changed by someone else, rounds.ErrDocumentChanged. Any other error means the
// run could not go on and can be resumed.
func (l *Loop) Run(ctx context.Context, path string) (*Outcome, error) {
	return l.run(ctx, path, false)
}

// Resume goes on with the unfinished run in Dir on the file at path, with
// the settings it started with; no goldfish, resolver or person is asked
// again what the journal holds, and no fix is applied twice. The refusals
// are rounds.OpenRun's: a folder moved away from the file
// (loop.ErrFolderMoved), another file (loop.ErrOtherFile), no run started
// (loop.ErrNotStarted: Run it) or a finished one (loop.ErrRunFinished).
func (l *Loop) Resume(ctx context.Context, path string) (*Outcome, error) {
	return l.run(ctx, path, true)
}

// Undo reverts what the run in l.Dir wrote, byte for byte (rounds.UndoRun):
// every round when round is 0, else only that round, which must be the
// last one still applied. It returns the rounds reverted, last first.
func (l *Loop) Undo(ctx context.Context, round int) ([]int, error) {
	return rounds.UndoRun(ctx, l.config(), round, l.render)
}

// JournaledFile returns the file of the run journaled in dir.
func JournaledFile(dir string) (string, error) {
	files, err := rounds.JournaledFiles((&Loop{Dir: dir}).config())
	if err != nil {
		return "", err
	}
	return files[0], nil
}

func (l *Loop) run(ctx context.Context, path string, resume bool) (_ *Outcome, err error) {
	switch {
	case l.Dir == "":
		return nil, errors.New("goldfish: Dir is not set")
	case l.MaxRounds < 0 || l.CleanRounds < 0:
		return nil, fmt.Errorf("goldfish: MaxRounds %d and CleanRounds %d must not be negative", l.MaxRounds, l.CleanRounds)
	case len(l.Reviewers) == 0:
		return nil, errors.New("goldfish: no reviewers")
	}
	names := map[string]bool{}
	for _, g := range l.Reviewers {
		if names[g.Name()] {
			return nil, fmt.Errorf("goldfish: reviewer %q is given twice", g.Name())
		}
		names[g.Name()] = true
		if !slices.Equal(g.Context, l.Context) {
			return nil, fmt.Errorf("goldfish: reviewer %q was built with other context materials than Loop.Context, which the journal records", g.Name())
		}
	}
	start := func() settings {
		s := settings{Target: l.Target, MaxRounds: cmp.Or(l.MaxRounds, DefaultMaxRounds), CleanRounds: cmp.Or(l.CleanRounds, DefaultCleanRounds),
			MinAgreement: cmp.Or(l.MinAgreement, DefaultMinAgreement), Agreement: !l.NoAgreement, Hierarchical: l.Synthesizer != nil,
			Materials: map[string][]Material{}, Context: contextRecords(l.Context)}
		for _, g := range l.Reviewers {
			s.Reviewers = append(s.Reviewers, g.Name())
			if g.Probe {
				s.Probes = append(s.Probes, g.Name())
			}
			s.Materials[g.Name()] = g.Seat.Materials
		}
		return s
	}
	if !resume {
		// A target the file does not have fails the run before its start
		// is journaled, so that it blocks no later run.
		if err := l.checkTarget(path); err != nil {
			return nil, err
		}
	}
	r, err := rounds.OpenRun(ctx, l.config(), []string{path}, resume, true, start, l.render)
	if err != nil {
		return nil, err
	}
	defer func() { r.RecordError(err); r.Close() }()
	d, err := l.driver(r)
	if err != nil {
		return nil, err
	}
	stop, err := r.Stopped(d.rounds(ctx))
	if err != nil {
		return nil, err
	}
	o, err := d.finish(stop)
	if err != nil {
		return nil, err
	}
	err = r.Finish(o.Outcome)
	if errors.Is(err, loop.ErrNotConverged) && o.Reason != loop.NoReviewerAnswered {
		err = &notConverged{o: o}
	}
	return o, err
}

// notConverged is the error of a run that stopped before converging, in
// the words of its Outcome.Stop, with the findings left open.
type notConverged struct{ o *Outcome }

func (e *notConverged) Error() string {
	major := 0
	for _, en := range e.o.Unresolved {
		if en.Item.Finding.Severity.Rank() >= finding.Medium.Rank() {
			major++
		}
	}
	return fmt.Sprintf("goldfish: not converged after %d round(s): %s; %d finding(s) left open, %d of them Blocker or Major", e.o.Rounds, e.o.Stop, len(e.o.Unresolved), major)
}

// Unwrap returns loop.ErrNotConverged.
func (e *notConverged) Unwrap() error { return loop.ErrNotConverged }

// checkTarget resolves l.Target in the file at path as it is now, before
// anything is written: a document the run would refuse, or a target it
// does not have, is the error OpenRun or round 1 would give.
func (l *Loop) checkTarget(path string) error {
	_, text, err := loop.OpenDocument(path, cmp.Or(l.MaxSize, loop.DefaultMaxSize), "Loop.MaxSize", true)
	if err != nil {
		return err
	}
	if _, err := l.Target.Resolve(text); err != nil {
		return sectionErr(0, filepath.Base(path), err)
	}
	return nil
}

// render replays the run journaled in r (after an undo) and writes its
// summary and report.
func (l *Loop) render(ctx context.Context, r *rounds.Run[settings]) error {
	d, err := l.driver(r)
	if err != nil {
		return err
	}
	if _, err := d.rounds(ctx); err != nil && !errors.Is(err, journal.ErrNotJournaled) {
		return err
	}
	_, err = d.finish(loop.Undone)
	return err
}

// contextRecords returns the records of context references.
func contextRecords(refs []agent.Reference) []Material {
	var out []Material
	for _, r := range refs {
		out = append(out, material("context", strings.TrimPrefix(r.Name, "context: "), []byte(r.Text)))
	}
	return out
}
