package rounds

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"

	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
	"go.opentelemetry.io/otel/trace"
)

// Errors of OpenRun and UndoRun, which drivers return as they are (or
// alias): a caller checks them with errors.Is.
var (
	// ErrNothingToUndo: the journal holds no applied round left to revert.
	ErrNothingToUndo = errors.New("nothing to undo")
	// ErrDocumentChanged: a document is not what the journal says it
	// should be: someone else changed it. Nothing is written. The error
	// also matches journal.ErrChanged when the journal found it.
	ErrDocumentChanged = errors.New("document changed outside the run")
)

// RunConfig says where a driver's run lives and how its journal is read.
// Dir and Driver are required.
type RunConfig struct {
	// Dir is the run folder: the journal (loop.JournalName), the artifacts and
	// history/run-K of the finished runs.
	Dir string
	// Driver names the driver in the journal's header; a journal of
	// another driver is refused (journal.ErrFormat).
	Driver string
	// Kind prefixes the kinds of the run's own records (Kind+".end",
	// Kind+".undo"); "" means Driver.
	Kind string
	// Kinds are the driver's own record kinds, beside the run's.
	Kinds []string
	// MaxSize is the largest document in bytes; 0 means DefaultMaxSize,
	// negative is an error. Knob names the setting that raises it, for the
	// message (Example: "Loop.MaxSize").
	MaxSize int64
	Knob    string
	// Artifact reports which entries of Dir belong to a finished run and
	// move with its journal to history/run-K when a new run starts.
	Artifact func(name string) bool
	// Observer receives the run's Events: the journal points (Reviewed,
	// Planned, Written and the undo's) from the kernel, the others from
	// the driver (Run.Emit). Never called while replaying only.
	Observer func(loop.Event)
	// JournalObserver sees every journal point of the run and of its undo
	// (journal.Options.Observe), after Observer's Event: tests kill the
	// process there.
	JournalObserver func(journal.Event)
	// Describe says the driver's stop reasons in its own words, for
	// summary.md and report.html (Run.StopText); "" for a reason, or a nil
	// Describe, leaves it to loop.StopReason.Describe.
	Describe func(loop.StopReason) string
	// Succeeded lists the driver's stop reasons that Finish, as for
	// loop.Converged, returns no error for: a dry run's, say.
	Succeeded []loop.StopReason
	// Logger receives progress records; nil discards them.
	Logger *slog.Logger
	// TracerProvider, when set, traces the run with OpenTelemetry: a span
	// for the run (from OpenRun to Close), one per round (Review to the
	// next Review), one per reviewer call made (loop.ReviewRound; a replayed
	// call has none), and under it the model calls of providers wrapped
	// with agent.Traced. Nil stands for the provider of the span in
	// OpenRun's ctx, so a caller's span (a command's, a request's) is the
	// run span's parent; a ctx without a span traces nothing. No global
	// provider is used.
	TracerProvider trace.TracerProvider
}

func (c *RunConfig) kind(what string) string { return cmp.Or(c.Kind, c.Driver) + "." + what }

func (c *RunConfig) logger() *slog.Logger {
	if c.Logger == nil {
		return slog.New(slog.DiscardHandler)
	}
	return c.Logger
}

// Doc is one document of a run, as its start step journaled it.
type Doc struct {
	File    string // absolute, symbolic links resolved
	FileRel string // File relative to the run folder, slash-separated (loop.FileRel)
	Name    string // File relative to the run's root, slash-separated
	Base    string // SHA-256 hex of the document when the run started
}

// docWire is a Doc in the journal.
type docWire struct {
	File    string `json:"file"`
	FileRel string `json:"file_rel"`
	Name    string `json:"name"`
	Base    string `json:"base"`
}

// startWire is the kernel's part of a run's "start" step; the driver's
// settings are the other fields of the same JSON object.
type startWire struct {
	Root string    `json:"root"`
	Docs []docWire `json:"docs"`
}

type endWire struct {
	Reason loop.StopReason `json:"reason"`
}

// undoWire opens an undo: the side effects it reverts and their rounds,
// last first.
type undoWire struct {
	Keys   []string `json:"keys"`
	Rounds []int    `json:"rounds"`
}

// Run is one execution of a driver over its run folder: the journal,
// the run's documents under their common root, the driver's settings S
// as the run started with them, and what every document holds as the
// rounds go (Review, Decide). Open it with OpenRun; Close it.
type Run[S any] struct {
	// J is the run's journal, locked for this process.
	J *journal.Journal
	// Dir is the run folder.
	Dir string
	// Root is the folder holding every document.
	Root string
	// Docs are the run's documents, in the order given.
	Docs []Doc
	// Settings are the driver's settings as journaled when the run started.
	Settings S
	// DryRun, set by the driver from its settings, makes Decide write
	// nothing (the artifacts show what would change).
	DryRun bool

	cfg    RunConfig
	moved  func(string) string // where loop.Relocate in OpenRun's context moves a journaled path; nil: nowhere
	root   *apply.Dir
	texts  [][]byte // what each document holds when the next round reads it
	expect []string // their SHA-256 hex

	replayOnly bool // see ReplayOnly

	span, round trace.Span // the run's and the current round's spans
	changed     error      // why Stopped closed the run as loop.DocumentChanged
	failed      bool       // RecordError marked the run's span

	mu      sync.Mutex
	effect  int  // the round of the side effect being written
	undoing bool // the side effects being written are reverts
}

// OpenRun opens the run in cfg.Dir over the documents at paths (symbolic
// links followed: the files they name are edited) through the run
// lifecycle (loop.Folder.Open: loop.OpenNew, or loop.OpenResume when resume is set) and
// journals or replays its start. In this order: each document is opened
// (loop.OpenDocument: size, text, and writable unless neither writable nor
// resume is set: a dry run may review a read-only file); a resume where
// cfg.Dir holds no journal is loop.ErrNotStarted, and creates nothing; the
// journal is opened, whose lock keeps a second run or an undo out
// (journal.ErrBusy); a run folder copied or moved away from its documents
// is refused (loop.ErrFolderMoved); an undo a crash cut short is finished (see
// UndoRun; undone renders the driver's artifacts); stale temporary files
// are removed from the run folder and beside the journaled run's
// documents (the given ones when the folder holds no run); a new run
// (resume false) refuses an unfinished run (loop.ErrUnfinishedRun) and moves a
// finished one to history/run-K; a resume refuses a folder where no run
// was started, as a kill before the start step leaves (loop.ErrNotStarted:
// start the run anew), a finished run (loop.ErrRunFinished), both matching
// loop.ErrNothingToResume, and other documents (loop.ErrOtherFile; the same
// documents in another order are the run's, in its order). Then the
// "start" step journals the root, the documents and settings() (a JSON
// object; its fields must not be "root" or "docs"); a resumed run gets the
// journaled settings, whatever settings() would say now. When *S has a
// method Check() error, journaled settings it refuses make the journal
// corrupt (journal.ErrCorrupt).
func OpenRun[S any](ctx context.Context, cfg RunConfig, paths []string, resume, writable bool, settings func() S, undone func(context.Context, *Run[S]) error) (*Run[S], error) {
	switch {
	case cfg.Dir == "" || cfg.Driver == "":
		return nil, errors.New("RunConfig.Dir and Driver are required")
	case cfg.MaxSize < 0:
		return nil, fmt.Errorf("%s is %d; it must not be negative (0 means %d)", cmp.Or(cfg.Knob, "MaxSize"), cfg.MaxSize, loop.DefaultMaxSize)
	case len(paths) == 0:
		return nil, errors.New("no document given")
	}
	docs, texts, err := openDocs(paths, &cfg, writable || resume)
	if err != nil {
		return nil, err
	}
	files := make([]string, len(docs))
	for i, d := range docs {
		files[i] = d.File
	}
	r := &Run[S]{Dir: filepath.Clean(cfg.Dir), cfg: cfg, moved: func(p string) string { return loop.Relocated(ctx, p) }}
	ok := false
	defer func() {
		if !ok {
			r.Close()
		}
	}()
	var st *runStatus
	f := loop.Folder{Dir: cfg.Dir, Journal: r.journalOptions(), End: cfg.kind("end"), Artifact: cfg.Artifact, Logger: cfg.logger(),
		Started: func(*journal.Journal) bool { return st.start != nil },
		Ended:   func(*journal.Journal) bool { return st.ended },
		Docs: func(*journal.Journal) []string { // the journaled run's, whatever the caller names
			if st.start != nil {
				return st.files()
			}
			return files
		},
		Prepare: func(ctx context.Context, j *journal.Journal) error {
			r.J = j
			var err error
			if st, err = r.status(); err != nil {
				return err
			}
			if st.start != nil && (resume || st.undo != nil) {
				if err := st.checkLocation(cfg.Dir); err != nil {
					return err
				}
			}
			if st.undo != nil { // an undo was cut short: finish it first
				if _, err := r.finishUndo(ctx, st, undone); err != nil {
					return fmt.Errorf("%s holds an interrupted undo, which could not be finished (undo again once the cause is fixed, or remove the folder to start afresh): %w", cfg.Dir, err)
				}
				if docs, texts, err = openDocs(paths, &cfg, true); err != nil {
					return err
				}
				st.ended = true
			}
			return nil
		}}
	mode := loop.OpenNew
	if resume {
		mode = loop.OpenResume
	}
	j, state, err := f.Open(ctx, mode)
	switch {
	case errors.Is(err, loop.ErrUnfinishedRun):
		return nil, fmt.Errorf("%w in %s (file %s): resume it, undo it, or remove the folder", loop.ErrUnfinishedRun, cfg.Dir, loop.RelName(st.start.Docs[0].File))
	case err != nil:
		return nil, err
	}
	r.J = j
	if state == loop.RunUnfinished && !sameSet(st.files(), files) {
		return nil, fmt.Errorf("%w: it records %s, not %s", loop.ErrOtherFile, strings.Join(st.files(), ", "), strings.Join(files, ", "))
	}
	raw, err := journal.Step(ctx, r.J, "start", func(context.Context) (json.RawMessage, error) {
		root := loop.CommonDir(files)
		w := startWire{Root: root}
		for i, d := range docs {
			rel, _ := filepath.Rel(root, d.File)
			w.Docs = append(w.Docs, docWire{File: d.File, FileRel: loop.FileRel(cfg.Dir, d.File), Name: filepath.ToSlash(rel), Base: hashHex(texts[i])})
		}
		return mergeObjects(w, settings())
	})
	if err != nil {
		return nil, err
	}
	if err := r.load(raw); err != nil {
		return nil, err
	}
	if r.root, err = apply.OpenDir(r.Root); err != nil {
		return nil, err
	}
	r.startSpan(ctx, resume)
	ok = true
	return r, nil
}

// load takes the run's start from its journaled step.
func (r *Run[S]) load(raw json.RawMessage) error {
	var w startWire
	if err := json.Unmarshal(raw, &w); err != nil {
		return fmt.Errorf("%w: %s: the run's start: %v", journal.ErrCorrupt, r.J.Path(), err)
	}
	if err := w.check(r.J.Path()); err != nil {
		return err
	}
	w.relocate(r.moved)
	if err := json.Unmarshal(raw, &r.Settings); err != nil {
		return fmt.Errorf("%w: %s: the run's settings: %v", journal.ErrCorrupt, r.J.Path(), err)
	}
	r.Root, r.Docs = w.Root, nil
	r.texts, r.expect = make([][]byte, len(w.Docs)), nil
	for _, d := range w.Docs {
		r.Docs = append(r.Docs, Doc(d))
		r.expect = append(r.expect, d.Base)
	}
	return nil
}

// mergeObjects encodes the kernel's start and the driver's settings as
// one JSON object.
func mergeObjects(w startWire, settings any) (json.RawMessage, error) {
	var fields map[string]json.RawMessage
	data, err := json.Marshal(settings)
	if err == nil {
		err = json.Unmarshal(data, &fields)
	}
	if err != nil {
		return nil, fmt.Errorf("the driver's settings must encode as a JSON object: %w", err)
	}
	if fields == nil {
		fields = map[string]json.RawMessage{}
	}
	for _, k := range []string{"root", "docs"} {
		if _, ok := fields[k]; ok {
			return nil, fmt.Errorf("the driver's settings have a field %q, which the run's start uses", k)
		}
	}
	fields["root"], _ = json.Marshal(w.Root)
	fields["docs"], _ = json.Marshal(w.Docs)
	return json.Marshal(fields)
}

// openDocs opens the documents at paths (see loop.OpenDocument); naming one
// twice is an error.
func openDocs(paths []string, cfg *RunConfig, writable bool) ([]Doc, [][]byte, error) {
	var docs []Doc
	var texts [][]byte
	seen := map[string]bool{}
	for _, p := range paths {
		abs, text, err := loop.OpenDocument(p, cmp.Or(cfg.MaxSize, loop.DefaultMaxSize), cmp.Or(cfg.Knob, "MaxSize"), writable)
		if err != nil {
			return nil, nil, err
		}
		if seen[abs] {
			return nil, nil, fmt.Errorf("%s is given twice", p)
		}
		seen[abs] = true
		docs, texts = append(docs, Doc{File: abs}), append(texts, text)
	}
	return docs, texts, nil
}

// open opens the journal in the run folder.
func (r *Run[S]) open() error {
	j, err := journal.Open(filepath.Join(r.Dir, loop.JournalName), r.journalOptions())
	r.J = j
	return err
}

// journalOptions are the run's journal's: its record kinds, and its
// points reported as Events and to cfg.JournalObserver.
func (r *Run[S]) journalOptions() journal.Options {
	return journal.Options{Driver: r.cfg.Driver, Kinds: append([]string{r.cfg.kind("end"), r.cfg.kind("undo")}, r.cfg.Kinds...),
		Observe: func(e journal.Event) {
			r.observe(e)
			if r.cfg.JournalObserver != nil {
				r.cfg.JournalObserver(e)
			}
		}}
}

// RootDir is the run's root folder (Root) opened for writes confined to it,
// as RewriteFiles takes it: the names in Docs are relative to it. It is
// valid until Close, and shared: do not close it.
func (r *Run[S]) RootDir() *apply.Dir { return r.root }

// Close releases the run's journal and root folder, and ends its spans.
func (r *Run[S]) Close() {
	r.endSpans()
	if r.root != nil {
		r.root.Close()
		r.root = nil
	}
	if r.J != nil {
		r.J.Close()
	}
}

// End journals the end of the run with its reason; a new run may then
// start in the folder. It does nothing while the journal replays only.
func (r *Run[S]) End(reason loop.StopReason) error {
	if _, err := r.J.Append(r.cfg.kind("end"), "", endWire{Reason: reason}); err != nil && !errors.Is(err, journal.ErrNotJournaled) {
		return err
	}
	return nil
}

// ReplayOnly reports whether the run is being replayed for rendering
// (after an undo): nothing is called, asked or written, and a step the
// journal does not hold fails with journal.ErrNotJournaled.
func (r *Run[S]) ReplayOnly() bool { return r.replayOnly }

// Emit hands e to the Observer, unless the run replays only.
func (r *Run[S]) Emit(e loop.Event) {
	if r.cfg.Observer != nil && !r.replayOnly {
		r.cfg.Observer(e)
	}
}

// observe turns the journal's points into Events.
func (r *Run[S]) observe(e journal.Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if e.File != "" {
		if r.undoing {
			r.Emit(loop.Event{Kind: UndoWritten, Round: r.effect})
		} else {
			r.Emit(loop.Event{Kind: Written, Round: r.effect})
		}
		return
	}
	n := roundOf(e.Record.Key)
	switch k := e.Record.Kind; {
	case k == journal.KindStep && reviewKey(e.Record.Key):
		r.Emit(loop.Event{Kind: Reviewed, Round: n})
	case k == journal.KindPlanned:
		r.Emit(loop.Event{Kind: Planned, Round: n})
	case k == journal.KindUndoPlanned:
		r.effect = n
	case k == journal.KindUndone:
		r.Emit(loop.Event{Kind: UndoRecorded, Round: n})
	case k == r.cfg.kind("undo"):
		r.Emit(loop.Event{Kind: UndoPlanned})
	}
}
