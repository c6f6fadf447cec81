package editorial

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// Journal record kinds of this driver, beside the kernel's steps and side
// effects.
const (
	kindEnd  = "editorial.end"  // the run is over: endWire
	kindUndo = "editorial.undo" // an undo begins: undoWire
)

// docWire is one document of a run.
type docWire struct {
	File    string `json:"file"`     // absolute, symbolic links resolved
	FileRel string `json:"file_rel"` // File relative to Dir, slash-separated: see loop.CheckLocation
	Name    string `json:"name"`     // File relative to the run's root, slash-separated
	Base    string `json:"base"`     // SHA-256 hex of the document before the run
}

// startWire is the run's settings, the journal's first step: a resumed
// run goes on with these, whatever its Loop says.
type startWire struct {
	Root          string      `json:"root"` // the folder holding every document
	Docs          []docWire   `json:"docs"`
	MaxRounds     int         `json:"max_rounds"`
	DryRun        bool        `json:"dry_run,omitempty"`
	ReaderProfile string      `json:"reader_profile,omitempty"`
	Policy        loop.Policy `json:"policy"`
}

// endWire closes a run.
type endWire struct {
	Reason loop.StopReason `json:"reason"`
}

// undoWire opens an undo: the side effects it reverts and their rounds,
// last first.
type undoWire struct {
	Keys   []string `json:"keys"`
	Rounds []int    `json:"rounds"`
}

// Run starts a new run on the document at path (a symbolic link is
// followed: the file it names is edited). A finished run's journal,
// decisions file and artifacts in Dir are moved to Dir/history/run-K
// first; an unfinished one is refused with ErrUnfinishedRun (resume it,
// undo it, or remove the folder).
//
// Before anything else Run refuses a document it may not write
// (loop.ErrNotWritable; a dry run may review it) and opens the journal,
// whose lock keeps a second run or an Undo on Dir out (journal.ErrBusy);
// only then does it read what the journal says. A journal of an older
// format (kaigi before the loop kernel) is refused with journal.ErrFormat,
// which says why. An Undo a crash cut short is finished first (see Undo),
// which ends its run. The temporary files that writes cut short by a crash
// left next to the document and in Dir are removed.
//
// Run returns the Outcome whenever the run stopped for one of the reasons
// of loop.StopReason: with a nil error when it converged (or was a dry
// run), and otherwise with an error wrapping ErrNotConverged. When the
// document was changed by someone else (before a round, while its
// reviewers or the gate worked, or by another run on another Dir), nothing
// is written over the change: the run is closed with StopReason
// DocumentChanged, and Run returns the Outcome with an error wrapping
// ErrDocumentChanged. Any other error means the run could not go on; the
// document is then as the last journaled step left it, and the run can be
// resumed.
func (l *Loop) Run(ctx context.Context, paths ...string) (*Outcome, error) {
	return l.run(ctx, paths, false)
}

// Resume goes on with the unfinished run journaled in Dir on the document
// at path, with the settings that run started with (reader profile,
// policy, round cap, dry run). It executes the run from its start: no
// reviewer is called whose Review is journaled, no decision is asked
// again, and no edit is applied twice. Resume refuses a Dir that was
// copied or moved away from its document (ErrFolderMoved), another file
// than the run's (ErrOtherFile), and a Dir holding no unfinished run
// (ErrNothingToResume). Otherwise it is Run.
func (l *Loop) Resume(ctx context.Context, paths ...string) (*Outcome, error) {
	return l.run(ctx, paths, true)
}

func (l *Loop) run(ctx context.Context, paths []string, resume bool) (*Outcome, error) {
	switch {
	case l.Dir == "":
		return nil, errors.New("editorial: Dir is not set")
	case l.MaxRounds < 0:
		return nil, fmt.Errorf("editorial: MaxRounds is %d; it must be at least 1 (0 means %d)", l.MaxRounds, DefaultMaxRounds)
	case len(l.Council.Members) == 0:
		return nil, errors.New("editorial: the council has no members")
	case l.MaxSize < 0:
		return nil, fmt.Errorf("editorial: MaxSize is %d; it must not be negative (0 means %d)", l.MaxSize, loop.DefaultMaxSize)
	case len(paths) == 0:
		return nil, errors.New("editorial: no document given")
	}
	docs, texts, err := openDocs(paths, cmp.Or(l.MaxSize, loop.DefaultMaxSize), !l.DryRun || resume) // a resumed run is never a dry run
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(l.Dir, 0o755); err != nil {
		return nil, fmt.Errorf("editorial: %w", err)
	}
	r := &runner{l: l}
	if err := r.open(); err != nil { // the lock comes first
		return nil, err
	}
	defer r.close()
	st, err := status(r.j)
	if err != nil {
		return nil, err
	}
	if st.start != nil && (resume || st.undo != nil) {
		if err := st.start.checkLocation(l.Dir); err != nil {
			return nil, err
		}
	}
	if st.undo != nil { // an Undo was cut short: finish it first
		if _, err := r.finishUndo(ctx, st); err != nil {
			return nil, fmt.Errorf("editorial: %s holds an interrupted undo, which could not be finished (undo again once the cause is fixed, or remove the folder to start afresh): %w", l.Dir, err)
		}
		if docs, texts, err = openDocs(paths, cmp.Or(l.MaxSize, loop.DefaultMaxSize), true); err != nil {
			return nil, err
		}
		st.ended = true
	}
	var files []string
	for _, d := range docs {
		files = append(files, d.File)
	}
	loop.RemoveStaleTemp(ctx, l.logger(), l.Dir, files...)
	if !resume && st.start != nil {
		if !st.ended {
			return nil, fmt.Errorf("%w in %s (file %s): resume it, undo it, or remove the folder", ErrUnfinishedRun, l.Dir, loop.RelName(st.start.Docs[0].File))
		}
		if _, err := loop.Rotate(l.Dir, r.j, func(n string) bool {
			return n == "summary.md" || n == DecisionsName || strings.HasPrefix(n, "round-")
		}); err != nil {
			return nil, err
		}
		if err := r.open(); err != nil {
			return nil, err
		}
		st = &runStatus{}
	}
	switch {
	case resume && (st.start == nil || st.ended):
		return nil, fmt.Errorf("%w in %s", ErrNothingToResume, l.Dir)
	case resume && !slices.Equal(st.start.files(), files):
		return nil, fmt.Errorf("%w: it records %s, not %s", ErrOtherFile, strings.Join(st.start.files(), ", "), strings.Join(files, ", "))
	}
	r.start, err = journal.Step(ctx, r.j, "start", func(context.Context) (startWire, error) {
		root := loop.CommonDir(files)
		for i := range docs {
			docs[i].FileRel = loop.FileRel(l.Dir, docs[i].File)
			rel, _ := filepath.Rel(root, docs[i].File)
			docs[i].Name, docs[i].Base = filepath.ToSlash(rel), hashHex(texts[i])
		}
		return startWire{Root: root, Docs: docs, MaxRounds: cmp.Or(l.MaxRounds, DefaultMaxRounds),
			DryRun: l.DryRun, ReaderProfile: l.ReaderProfile, Policy: l.Policy}, nil
	})
	if err != nil {
		return nil, err
	}
	if r.root, err = apply.OpenDir(r.start.Root); err != nil {
		return nil, fmt.Errorf("editorial: %w", err)
	}
	return r.rounds(ctx)
}

// openDocs opens the documents at paths (see loop.OpenDocument); naming
// one twice is an error.
func openDocs(paths []string, limit int64, writable bool) ([]docWire, [][]byte, error) {
	var docs []docWire
	var texts [][]byte
	seen := map[string]bool{}
	for _, p := range paths {
		abs, text, err := loop.OpenDocument(p, limit, "Loop.MaxSize", writable)
		if err != nil {
			return nil, nil, err
		}
		if seen[abs] {
			return nil, nil, fmt.Errorf("editorial: %s is given twice", p)
		}
		seen[abs] = true
		docs, texts = append(docs, docWire{File: abs}), append(texts, text)
	}
	return docs, texts, nil
}

// runner is one execution of the driver over its journal.
type runner struct {
	l     *Loop
	j     *journal.Journal
	root  *apply.Dir // the run's root folder (startWire.Root)
	start startWire

	readOnly bool     // replaying for Undo: nothing is called, asked or written
	expect   []string // SHA-256 hex each document has when the next round reads it
	rs       []*round // the rounds so far
	sums     []loop.RoundSummary

	mu      sync.Mutex
	effect  int  // the round of the side effect being written
	undoing bool // the side effects being written are reverts
}

// open opens the journal in Dir, reporting its journal points as Events.
func (r *runner) open() error {
	j, err := journal.Open(filepath.Join(r.l.Dir, JournalName), journal.Options{Driver: Driver, Kinds: []string{kindEnd, kindUndo}, Observe: r.observe})
	r.j = j
	return err
}

func (r *runner) close() {
	if r.root != nil {
		r.root.Close()
	}
	if r.j != nil {
		r.j.Close()
	}
}

// observe turns the journal's points into the loop's Events.
func (r *runner) observe(e journal.Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if e.File != "" {
		if r.undoing {
			r.emit(Event{Kind: UndoWritten, Round: r.effect})
		} else {
			r.emit(Event{Kind: Written, Round: r.effect})
		}
		return
	}
	n := loop.RoundOf(e.Record.Key)
	switch k := e.Record.Kind; {
	case k == journal.KindStep && strings.Contains(e.Record.Key, "/review/"):
		r.emit(Event{Kind: Reviewed, Round: n})
	case k == journal.KindPlanned:
		r.emit(Event{Kind: Planned, Round: n})
	case k == journal.KindUndoPlanned:
		r.effect = n
	case k == journal.KindUndone:
		r.emit(Event{Kind: UndoRecorded, Round: n})
	case k == kindUndo:
		r.emit(Event{Kind: UndoPlanned})
	}
}

func (r *runner) emit(e Event) {
	if r.l.Observer != nil && !r.readOnly {
		r.l.Observer(e)
	}
}

// rounds runs (or replays) the rounds until a stop rule says stop, and
// finishes the run.
func (r *runner) rounds(ctx context.Context) (*Outcome, error) {
	stop, err := r.replay(ctx)
	if errors.Is(err, ErrDocumentChanged) {
		o, ferr := r.finish(loop.DocumentChanged)
		if ferr != nil && !errors.Is(ferr, ErrNotConverged) {
			return nil, errors.Join(err, ferr)
		}
		return o, fmt.Errorf("%w; the run is closed with what it applied (see summary.md): run again to review the file as it is now", err)
	} else if err != nil {
		return nil, err
	}
	return r.finish(stop)
}

// replay executes the rounds from the first until one stops.
func (r *runner) replay(ctx context.Context) (loop.StopReason, error) {
	r.expect = nil
	for _, d := range r.start.Docs {
		r.expect = append(r.expect, d.Base)
	}
	rule := r.stopRule()
	for n := 1; ; n++ {
		stop, err := r.round(ctx, n)
		if err != nil {
			return "", err
		}
		if stop == "" {
			stop, _ = rule(r.sums)
		}
		if stop != "" {
			return stop, nil
		}
	}
}

// status is what the journal says about the run in it, before the driver
// runs.
type runStatus struct {
	start *startWire // nil: no run
	ended bool       // the run is over
	undo  *undoWire  // an undo that has not ended
}

func status(j *journal.Journal) (*runStatus, error) {
	st := &runStatus{}
	for _, rec := range j.Records() {
		switch {
		case rec.Kind == journal.KindStep && rec.Key == "start":
			st.start = new(startWire)
			if err := rec.Decode(st.start); err != nil {
				return nil, err
			}
		case rec.Kind == kindEnd:
			st.ended, st.undo = true, nil
		case rec.Kind == kindUndo:
			st.undo = new(undoWire)
			if err := rec.Decode(st.undo); err != nil {
				return nil, err
			}
		}
	}
	if st.start != nil {
		ok := st.start.MaxRounds >= 1 && len(st.start.Docs) > 0 && filepath.IsAbs(st.start.Root)
		for _, d := range st.start.Docs {
			ok = ok && filepath.IsAbs(d.File) && filepath.IsLocal(filepath.FromSlash(d.Name)) && filepath.Join(st.start.Root, filepath.FromSlash(d.Name)) == d.File
		}
		if !ok {
			return nil, fmt.Errorf("%w: %s: the run's start names %v in %q with a round cap of %d", journal.ErrCorrupt, j.Path(), st.start.files(), st.start.Root, st.start.MaxRounds)
		}
	}
	return st, nil
}

// files returns the run's documents, absolute.
func (s *startWire) files() []string {
	var out []string
	for _, d := range s.Docs {
		out = append(out, d.File)
	}
	return out
}

// checkLocation refuses a run folder copied or moved away from its
// documents (loop.CheckLocation).
func (s *startWire) checkLocation(dir string) error {
	for _, d := range s.Docs {
		if err := loop.CheckLocation(dir, d.File, d.FileRel); err != nil {
			return err
		}
	}
	return nil
}
