package writing

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
	"go.opentelemetry.io/otel/trace"
)

// Driver names the write-episode driver in its journals.
const Driver = "kaigi-write-episode"

// DefaultMaxRevisions is the revision cap unless Episode.MaxRevisions says
// otherwise.
const DefaultMaxRevisions = 3

// RunDir is where an episode's journal lives, inside Episode.Dir:
// RunDir/episode-NN/journal.jsonl (with history/run-K of earlier runs).
const RunDir = ".write-episode"

// kindEnd is the record that ends a run; it holds the Outcome.
const kindEnd = "writing.end"

// Errors of Write.
var (
	// ErrNotSaved: the human declined to save the episode, or refused a
	// force pass after the extra revision, or the gate did not confirm the
	// save of a FORCE_PASS (an automatic gate never does); nothing was
	// saved and the run is over (Outcome.Saved is false).
	ErrNotSaved = errors.New("writing: the episode was not saved")
	// ErrOtherEpisode: the workspace holds another episode's unfinished
	// run; finish it (Write that episode) first. The error also matches
	// loop.ErrOtherFile, the kernel's refusal of other documents.
	ErrOtherEpisode = errors.New("writing: the workspace belongs to another episode")
)

// Episode is one write-episode run: the loop of seeds/write-episode on
// the loop kernel. Dir, Number, Author, Critic and Readers are required.
type Episode struct {
	// Dir is the project folder: story/ (the material), episodes/ (saved
	// episodes), workspace/ (the run's working files) and archive/.
	Dir string
	// Number is the episode to write, from 1.
	Number int
	// MaxRevisions caps the revisions; 0 means DefaultMaxRevisions,
	// negative means none.
	MaxRevisions int
	// MaxSize is the largest story file in bytes (every file of story/
	// and the previous episode); 0 means loop.DefaultMaxSize, negative is
	// an error. A larger file stops the run before it starts
	// (loop.ErrTooLarge). ReadDraft takes the same limit for a draft.
	MaxSize int64
	// Author drafts and revises; Critic is the arc reviewer; Readers
	// returns the reader of a persona (one model per persona, if wanted).
	Author  Author
	Critic  Critic
	Readers func(Persona) Reader
	// Asker answers the gates: the 2Q questions to the designer (loop.Input,
	// the default the brief's assumption), a climax's one line, the
	// force-pass confirmation, the save confirmation and the Try approval
	// (loop.FileAsker, a terminal form, an AskFunc). Nil means
	// loop.AutoAsker: every question's default.
	Asker loop.Asker
	// Again starts a new run of an episode whose run has finished (the
	// finished journal moves to history/run-K); without it, Write of a
	// finished episode returns its journaled Outcome and does nothing.
	Again bool
	// Observer receives each step's progress; JournalObserver each
	// journal point (tests crash there). Both optional.
	Observer        func(Event)
	JournalObserver func(journal.Event)
	// Logger receives progress records; nil discards them.
	Logger *slog.Logger
	// TracerProvider, when set, traces each execution with OpenTelemetry
	// (loop.TraceRun): a run span, with the model calls of providers
	// wrapped with agent.Traced under it. Nil stands for the provider of
	// the span in Write's ctx (none: nothing is traced).
	TracerProvider trace.TracerProvider

	resume bool // only resume an unfinished run or return a finished one's Outcome (NewDriver)
}

// Event reports a step of the run: the kernel's loop.Event, whose Kind is
// the seed's step name ("step0", "step3", "step4d", "step6.5") and whose
// Text says what happened, in a line, with the step's status.
type Event struct {
	loop.Event
	// Status is "in_progress", "completed" or, when the human declined
	// and the run ends unsaved, "stopped".
	Status string
}

// Revision is one revision attempt and what came of it.
type Revision struct {
	// Version is the draft version the attempt wrote (draft-vN).
	Version int `json:"version"`
	// Verdict is the verdict on the draft it revised.
	Verdict VerdictKind `json:"verdict"`
	// Accepted reports that the new draft won the readers' pairwise
	// comparison and became the current draft; Reason says why or why not.
	Accepted bool   `json:"accepted"`
	Reason   string `json:"reason"`
	// Votes are the readers' winners: "new", "old" or "tie", by persona.
	Votes map[string]string `json:"votes,omitempty"`
	// Issues are the main issues of the review it answered, most severe
	// first (at most three).
	Issues []string `json:"issues,omitempty"`
}

// Outcome is what a run did.
type Outcome struct {
	Episode int    `json:"episode"`
	Title   string `json:"title"`
	// File is the saved episode, relative to Dir ("episodes/03_title.txt");
	// empty when it was not saved.
	File  string `json:"file,omitempty"`
	Saved bool   `json:"saved"`
	// Judgment is PASS, PASS_WITH_POLISH or FORCE_PASS, and Verdict the arc
	// reviewer's verdict on the final draft (after the scan).
	Judgment Judgment    `json:"judgment"`
	Verdict  VerdictKind `json:"verdict"`
	// Version is the final draft's version; Revisions lists every attempt.
	Version   int        `json:"version"`
	Revisions []Revision `json:"revisions"`
	// Discussions counts the discussion rounds held, over all drafts;
	// Held names every discussion with the designer or between the roles
	// ("2Q: 1 question(s) to the designer", "4D on draft v0: 1 round(s)").
	Discussions int      `json:"discussions"`
	Held        []string `json:"held,omitempty"`
	// ArcObservation is set when the episode closes its act: the arc
	// observation due before the next act (also a [DESIGN-REVIEW]
	// handover thread at the save), as the original's arc observer.
	ArcObservation string `json:"arc_observation,omitempty"`
	// Polish lists the polish step's fixes (applied or not).
	Polish []PolishItem `json:"polish,omitempty"`
	// Stars are the readers' ratings of the final draft by persona id.
	Stars map[string]int `json:"stars"`
	// Readers are each persona's ratings over the episodes.
	Readers []ReaderStat `json:"readers"`
	// Try is the retro's proposal and TryDecision what the human said
	// (approve, reject or modify).
	Try         string `json:"try,omitempty"`
	TryDecision string `json:"try_decision,omitempty"`
	// Usage sums the model calls of the run.
	Usage agent.Usage `json:"usage"`

	// Dir is the story folder the paths are under, as the person gave it
	// (Episode.Dir), for WriteText and Report. It is not in the JSON: Write
	// and At set it.
	Dir string `json:"-"`
	// Hint, when set, is a line Err adds to the error of a FORCE_PASS
	// episode not saved: how to decide on it (a command's words for its
	// gate). Not in the JSON.
	Hint string `json:"-"`

	why string // what the ErrNotSaved error adds ("": nothing); Write and At set it
}

// Write runs the episode, or resumes its unfinished run: the driver
// executes from its start every time, and every model call, file read,
// gate answer and random draw comes from the journal, so a run killed at
// any point goes on where it was and repeats nothing (no reader reads the
// same draft twice). It returns the Outcome with a nil error once the
// episode is saved and archived, and with ErrNotSaved when the human
// declined. Before it creates or writes anything it refuses what would
// make the run fail on its way: a Dir that is not a folder, a story
// without its arc design (ErrNoArc), an episode past the role map
// (ErrNotInArc), a story file over MaxSize (loop.ErrTooLarge), a
// read-only story file the run edits (loop.ErrNotWritable); such a run
// leaves the folder as it was. Any other error (a model that
// failed, a gate waiting for an answer: loop.ErrWaiting) leaves the run to
// be resumed by calling Write again. The run folder goes through the run
// lifecycle (loop.Folder): a second Write while one runs is
// journal.ErrBusy, another episode's unfinished run ErrOtherEpisode, and
// the temporary files of writes a kill cut short are swept from every
// folder the run writes. The journal names the project's files relative
// to Dir: a project moved as a whole resumes.
func (e *Episode) Write(ctx context.Context) (_ *Outcome, err error) {
	ctx, end := loop.TraceRun(ctx, e.TracerProvider, Driver)
	defer func() { end(err) }()
	switch {
	case e.Dir == "":
		return nil, errors.New("writing: Dir is not set")
	case e.Number < 1:
		return nil, fmt.Errorf("writing: episode number %d; episodes are numbered from 1", e.Number)
	case e.Author == nil || e.Critic == nil || e.Readers == nil:
		return nil, errors.New("writing: Author, Critic and Readers are required")
	case e.MaxSize < 0:
		return nil, fmt.Errorf("writing: MaxSize is %d; it must not be negative (0 means %d)", e.MaxSize, loop.DefaultMaxSize)
	}
	// Nothing is created before the inputs are known to be good: a run
	// that fails at once leaves the story folder as it was.
	if err := e.checkDir(); err != nil {
		return nil, err
	}
	if err := e.checkWorkspace(); err != nil {
		return nil, err
	}
	root, err := apply.OpenDir(e.Dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	if e.Again || !e.finished() {
		if err := e.preflight(root); err != nil {
			return nil, err
		}
	}
	j, state, err := e.folder().Open(ctx, e.openMode())
	if err != nil {
		return nil, fmt.Errorf("writing: episode %d: %w", e.Number, err)
	}
	if state == loop.RunFinished {
		res, _ := ended(j.Records())
		j.Close()
		return res.in(e.Dir, resultErr(res))
	}
	defer j.Close()
	d := &driver{e: e, j: j, root: root, max: e.maxRevisions(), tasks: map[string]*journal.Task[readResult]{}}
	res, err := d.run(ctx)
	if err != nil && !errors.Is(err, ErrNotSaved) {
		return nil, err
	}
	if _, aerr := j.Append(kindEnd, "", res); aerr != nil {
		return nil, aerr
	}
	return res.in(e.Dir, err)
}

// folder is the episode's run folder (loop.Folder): a run has finished
// when its end record decodes, and the lifecycle sweeps every folder the
// run writes (the story files, the saved episodes, the workspace, the
// episode's archive and the run folder, with the file gate's questions),
// which only the holder of the journal's lock writes.
func (e *Episode) folder() loop.Folder {
	var folders []string
	for _, f := range []string{"story", EpisodesDir, WorkspaceDir, archiveDir(e.Number)} {
		folders = append(folders, filepath.Join(e.Dir, filepath.FromSlash(f)))
	}
	return loop.Folder{Dir: e.runDir(), End: kindEnd,
		Journal:  journal.Options{Driver: Driver, Kinds: []string{kindEnd}, Observe: e.JournalObserver},
		Started:  func(j *journal.Journal) bool { return len(j.Records()) > 1 }, // more than the header
		Ended:    func(j *journal.Journal) bool { _, done := ended(j.Records()); return done },
		Artifact: func(n string) bool { return n != "history" },
		Folders:  folders, Logger: e.logger()}
}

// openMode is writing's policy: a finished run returns its journaled
// Outcome (loop.OpenKeep) unless Again starts it anew (loop.OpenRotate).
func (e *Episode) openMode() loop.OpenMode {
	if e.resume { // NewDriver's resume: no run started is loop.ErrNotStarted
		return loop.OpenResume | loop.OpenKeep
	}
	if e.Again {
		return loop.OpenStartOrResume
	}
	return loop.OpenStart | loop.OpenResume | loop.OpenKeep
}

func (e *Episode) maxRevisions() int {
	switch {
	case e.MaxRevisions < 0:
		return 0
	case e.MaxRevisions == 0:
		return DefaultMaxRevisions
	}
	return e.MaxRevisions
}

// RunFolder is the run folder of episode n inside the story folder
// (RunDir/episode-NN, slash-separated): its journal, and the file gate's
// questions and answers files.
func RunFolder(n int) string { return path.Join(RunDir, fmt.Sprintf("episode-%02d", n)) }

func (e *Episode) runDir() string {
	return filepath.Join(e.Dir, filepath.FromSlash(RunFolder(e.Number)))
}

func (e *Episode) logger() *slog.Logger {
	return cmp.Or(e.Logger, slog.New(slog.DiscardHandler))
}

// ended returns the Outcome of a finished run: the one predicate of a
// finished episode, for its own folder and the workspace's others.
func ended(recs []journal.Record) (*Outcome, bool) {
	for _, r := range recs {
		if r.Kind == kindEnd {
			var res Outcome
			if r.Decode(&res) == nil {
				return &res, true
			}
		}
	}
	return nil, false
}

func resultErr(r *Outcome) error {
	if !r.Saved {
		return ErrNotSaved
	}
	return nil
}

// checkWorkspace refuses to run while the workspace holds another
// episode's unfinished run.
func (e *Episode) checkWorkspace() error {
	entries, err := os.ReadDir(filepath.Join(e.Dir, RunDir))
	if err != nil {
		return nil // no runs yet
	}
	mine := filepath.Base(e.runDir())
	for _, en := range entries {
		if en.Name() == mine || !en.IsDir() {
			continue
		}
		data, err := os.ReadFile(filepath.Join(e.Dir, RunDir, en.Name(), loop.JournalName))
		if err != nil {
			continue
		}
		recs, _, err := journal.Parse(data)
		if err != nil || len(recs) < 2 {
			continue // an empty journal holds no work
		}
		if _, done := ended(recs); !done {
			return fmt.Errorf("%w: %s has an unfinished run (write that episode to finish it, or remove %s) (%w)", ErrOtherEpisode, en.Name(), filepath.Join(RunDir, en.Name()), loop.ErrOtherFile)
		}
	}
	return nil
}
