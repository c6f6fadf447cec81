package discussion

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/discussion/board"
	"github.com/kaigi-dev/kaigi/loop/journal"
	"go.opentelemetry.io/otel/trace"
)

// Driver names the discussion driver in its journal's header.
const Driver = "kaigi-discussion"

// kindEnd is the record that ends a discussion.
const kindEnd = "discussion.end"

// The artifacts of a discussion's folder.
const (
	WhiteboardFile = "whiteboard.md"
	VerdictFile    = "verdict.json"
	SummaryFile    = "summary.md"
	FanOutFile     = "fanout.md"
	// EntriesDir holds the board one file per post when
	// Discussion.Entries is set (board.Board.Entries).
	EntriesDir = "entries"
)

// Discussion is one discussion review: a Spec and who plays it. Run it
// with Run; resume an interrupted one with Resume.
type Discussion struct {
	// Spec says what is debated and by whom; Run fills in its defaults
	// and validates it.
	Spec Spec
	// Participants play Spec.Participants, one each, with the same names
	// in the same order.
	Participants []Participant
	// Lead plays the synthesizer.
	Lead Lead
	// Root is the workspace: targets are read inside it. Empty means the
	// current folder.
	Root string
	// Dir is the discussion's folder (journal and artifacts); empty means
	// Root/.discussion/<id>.
	Dir string
	// Seeds returns the random seed of the label shuffle journaled under
	// key (one per participant and round, "r2/labels/NAME"); nil means a
	// random one (crypto/rand). Each seed is journaled, so a resumed run
	// shuffles as the interrupted one did; a fixed Seeds makes two runs
	// shuffle alike (tests).
	Seeds func(key string) uint64
	// Entries, when set, also writes the board as the original persisted
	// it: one file per post under Dir/entries/, beside whiteboard.md
	// (board.Board.Entries), for a caller that commits the board with its
	// entries. They move to the history with the other artifacts.
	Entries bool
	// MaxSize bounds a target's size in bytes; 0 means
	// loop.DefaultMaxSize.
	MaxSize int64
	// JournalObserver sees every journal point (journal.Options.Observe),
	// before the debate goes on (tests crash there), from the goroutine
	// that journaled it: the turns of a round are journaled concurrently,
	// so it must be safe for concurrent use. Nil observes nothing.
	JournalObserver func(journal.Event)
	// Observer receives the discussion's Events, from the goroutine that
	// runs it (never concurrently); nil observes nothing.
	Observer func(Event)
	// Logger receives progress records; nil discards them.
	Logger *slog.Logger
	// TracerProvider, when set, traces each execution with OpenTelemetry
	// (loop.TraceRun): a run span, with the model calls of providers
	// wrapped with agent.Traced under it. Nil stands for the provider of
	// the span in Run's ctx (none: nothing is traced).
	TracerProvider trace.TracerProvider
}

// Outcome is what a discussion came to.
type Outcome struct {
	ID  string
	Dir string
	// Board is the whiteboard, every post of the debate.
	Board *board.Board
	// Verdict is verdict.json: the lead's verdict (or the fan-out's) with
	// the runner's absent and fallback, valid against the spec's schema;
	// nil when Stopped is loop.NoReviewerAnswered.
	Verdict json.RawMessage
	// Rounds is the number of debate rounds run.
	Rounds int
	// Stopped is loop.CircuitOpen when the circuit breaker ended the
	// debate early, loop.NoReviewerAnswered when nobody answered (see
	// Run), and empty when the debate ran every round to a verdict.
	Stopped loop.StopReason
	// NoAnswer says why there is no verdict when Stopped is
	// loop.NoReviewerAnswered: "no reviewer answered on" the targets, with
	// each skipped reviewer's reason (control characters escaped,
	// loop.Printable); empty otherwise.
	NoAnswer string
	// Absent lists the participants marked absent.
	Absent []Absence
	// Fallback is why the debate fell back to a plain fan-out; empty when
	// it did not.
	Fallback string
	// Cause is the fallback's reason as an error wrapping ErrNoDebate,
	// ErrLeadAbsent or ErrVerdictRefused; nil when there was no fallback.
	Cause error
	// FanOut holds the fallback's findings, one entry per target in the
	// spec's order; nil when there was no fallback.
	FanOut []loop.Findings
	// Usage sums every model call.
	Usage agent.Usage
	// Resume, when set, is the command that resumes an interrupted run
	// (a command's words), which WriteText names last. Not in the JSON.
	Resume string `json:"-"`

	root string // the workspace root, for Report; not marshalled
}

// Run starts a new discussion in Dir: a finished one there is moved to
// Dir/history/run-K first; an unfinished one is refused with
// loop.ErrUnfinishedRun (resume it or remove the folder).
//
// A verdict needs someone who answered: when the debate fell back to a
// plain fan-out (no participant's point to judge, the lead absent, its
// verdict refused) and no fan-out reviewer answered on a target (a
// server that cannot be reached, errors on every call, answers of no use),
// the discussion ends without a verdict: Run returns its Outcome, with
// Stopped loop.NoReviewerAnswered, no Verdict and no verdict.json, and an
// error wrapping loop.ErrNotConverged that says why. The discussion is
// ended all the same: a new run in Dir starts anew.
func (d *Discussion) Run(ctx context.Context) (*Outcome, error) { return d.run(ctx, false) }

// Resume goes on with the unfinished discussion journaled in Dir, with the
// spec it started with: it executes the discussion from its start, and
// every turn, post, label shuffle and target text already journaled is
// taken from the journal, so no participant is asked twice and no post is
// doubled. A Dir holding no unfinished discussion is loop.ErrNothingToResume
// (loop.ErrNotStarted when none was started, as a kill before the start
// leaves: Run it; loop.ErrRunFinished when it ended); a Spec naming other
// targets than the journaled one is loop.ErrOtherFile. The discussion
// writes nothing outside Dir and reads its targets once: a Dir moved
// elsewhere resumes.
func (d *Discussion) Resume(ctx context.Context) (*Outcome, error) { return d.run(ctx, true) }

// folder returns the workspace root and the discussion's folder.
func (d *Discussion) folder(spec Spec) (string, string) {
	root := cmp.Or(d.Root, ".")
	return root, cmp.Or(d.Dir, filepath.Join(root, ".discussion", spec.ID))
}

func (d *Discussion) check(spec Spec, root string) error {
	if err := checkRoot(root); err != nil {
		return err
	}
	if err := spec.Validate(root); err != nil {
		return err
	}
	return d.seats(spec)
}

// checkRoot refuses a workspace root that is not a folder.
func checkRoot(root string) error {
	fi, err := os.Stat(root)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("discussion: the workspace root %s does not exist", root)
	case err != nil:
		return fmt.Errorf("discussion: the workspace root: %w", err)
	case !fi.IsDir():
		return fmt.Errorf("discussion: the workspace root %s is a file, not a folder: give the folder that holds the spec's targets", root)
	}
	return nil
}

// seats checks that the Participants and the Lead play spec.
func (d *Discussion) seats(spec Spec) error {
	var errs []error
	if len(d.Participants) != len(spec.Participants) {
		errs = append(errs, fmt.Errorf("discussion: %d participant(s) given for the spec's %d", len(d.Participants), len(spec.Participants)))
	}
	for i, p := range d.Participants {
		if p == nil || i >= len(spec.Participants) || p.Name() != spec.Participants[i].Name {
			errs = append(errs, fmt.Errorf("discussion: Participants[%d] does not play the spec's participants[%d]", i, i))
		}
	}
	if d.Lead == nil {
		errs = append(errs, errors.New("discussion: no Lead"))
	}
	return errors.Join(errs...)
}

// open opens the discussion's folder for a new run or a resume
// (loop.Folder): the lifecycle sweeps the folder and its entries.
func (d *Discussion) open(ctx context.Context, dir string, resume bool) (*journal.Journal, error) {
	opts := journal.Options{Driver: Driver, Kinds: []string{kindEnd}, Observe: d.JournalObserver}
	artifact := func(n string) bool {
		return slices.Contains([]string{WhiteboardFile, VerdictFile, SummaryFile, FanOutFile, EntriesDir}, n)
	}
	mode := loop.OpenNew
	if resume {
		mode = loop.OpenResume
	}
	f := loop.Folder{Dir: dir, Journal: opts, End: kindEnd, Artifact: artifact, Folders: []string{filepath.Join(dir, EntriesDir)}, Logger: d.Logger}
	j, _, err := f.Open(ctx, mode)
	if err != nil {
		return nil, fmt.Errorf("discussion: %w", err)
	}
	return j, nil
}

func (d *Discussion) run(ctx context.Context, resume bool) (_ *Outcome, err error) {
	ctx, end := loop.TraceRun(ctx, d.TracerProvider, Driver)
	defer func() { end(err) }()
	spec := d.Spec.WithDefaults()
	root, dir := d.folder(spec)
	if err := d.check(spec, root); err != nil {
		return nil, err
	}
	var texts map[string]string
	if !resume { // a target that cannot be read refuses the run before anything is written
		if texts, err = d.readTargets(spec, root); err != nil {
			return nil, err
		}
	}
	j, err := d.open(ctx, dir, resume)
	if err != nil {
		return nil, err
	}
	defer j.Close()
	spec, err = journal.Step(ctx, j, loop.StartKey, func(context.Context) (Spec, error) { return spec, nil })
	if err != nil {
		return nil, fmt.Errorf("discussion: %w", err)
	}
	if given := d.Spec.WithDefaults().Targets; resume && !sameSet(given, spec.Targets) {
		return nil, fmt.Errorf("discussion: %w: %s debates %s, not %s", loop.ErrOtherFile, dir, strings.Join(spec.Targets, ", "), strings.Join(given, ", "))
	}
	if err := d.seats(spec); err != nil { // a resume goes on with the journaled spec
		return nil, fmt.Errorf("discussion: the participants do not play the journaled spec: %w", err)
	}
	targets, err := d.read(ctx, j, spec, root, texts)
	if err != nil {
		return nil, err
	}
	names := make([]string, len(spec.Participants))
	for i, p := range spec.Participants {
		names[i] = p.Name
	}
	b, err := board.Open(ctx, j, board.Meta{ID: spec.ID, Topic: spec.Topic, Brief: spec.Brief, Participants: names, Lead: spec.Synthesizer.Name})
	if err != nil {
		return nil, err
	}
	r := &runner{d: d, j: j, spec: spec, b: b, targets: targets, log: cmp.Or(d.Logger, slog.New(slog.DiscardHandler))}
	o, err := r.discuss(ctx)
	if err != nil {
		return nil, err
	}
	o.ID, o.Dir, o.NoAnswer, o.root = spec.ID, dir, r.noAnswer, root
	r.log.Info("discussion: done", "id", spec.ID, "rounds", o.Rounds, "posts", o.Board.Len(), "stopped", o.Stopped, "fallback", o.Fallback)
	if err := writeArtifacts(dir, o, r); err != nil {
		return nil, err
	}
	if _, err := j.Append(kindEnd, "", map[string]any{"stopped": o.Stopped, "fallback": o.Fallback}); err != nil {
		return nil, fmt.Errorf("discussion: %w", err)
	}
	return o, o.Err()
}

// read reads each target once, as a journal step: a resumed discussion
// debates what round 1 read, whatever the file holds now. texts holds the
// targets a new run read before its start.
func (d *Discussion) read(ctx context.Context, j *journal.Journal, spec Spec, root string, texts map[string]string) ([]Target, error) {
	var ts []Target
	for _, name := range spec.Targets {
		text, err := journal.Step(ctx, j, "target/"+name, func(context.Context) (string, error) {
			if text, ok := texts[name]; ok {
				return text, nil
			}
			return d.readTarget(root, name)
		})
		if err != nil {
			return nil, fmt.Errorf("discussion: target %s: %w", name, err)
		}
		ts = append(ts, Target{Name: name, Text: text})
	}
	return ts, nil
}

// readTargets reads every target of spec, by name.
func (d *Discussion) readTargets(spec Spec, root string) (map[string]string, error) {
	texts := map[string]string{}
	for _, name := range spec.Targets {
		text, err := d.readTarget(root, name)
		if err != nil {
			return nil, fmt.Errorf("discussion: target %s: %w", name, err)
		}
		texts[name] = text
	}
	return texts, nil
}

// readTarget reads the target name: text within the size limit.
func (d *Discussion) readTarget(root, name string) (string, error) {
	path, err := targetPath(root, name)
	if err != nil {
		return "", fmt.Errorf("%w: targets: %v", ErrSpec, err)
	}
	_, data, err := loop.OpenDocument(path, cmp.Or(d.MaxSize, loop.DefaultMaxSize), "Discussion.MaxSize", false)
	return string(data), err
}

// sameSet reports whether a and b hold the same names, in any order.
func sameSet(a, b []string) bool {
	return slices.Equal(slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b)))
}
