package editorial

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// settings are the run's settings, journaled in its start: a resumed run
// goes on with these, whatever its Loop says.
type settings struct {
	MaxRounds     int        `json:"max_rounds"`
	MaxFindings   int        `json:"max_findings,omitempty"`
	DryRun        bool       `json:"dry_run,omitempty"`
	ReaderProfile string     `json:"reader_profile,omitempty"`
	Policy        policyWire `json:"policy"`
}

// Check refuses settings no run journals.
func (s *settings) Check() error {
	if s.MaxRounds < 1 {
		return fmt.Errorf("a round cap of %d", s.MaxRounds)
	}
	return nil
}

// policyWire is a rounds.Policy in the journal.
type policyWire struct {
	Scope         rounds.Scope `json:"scope,omitempty"`
	MinConfidence int          `json:"min_confidence,omitempty"`
	OverlapOnly   bool         `json:"overlap_only,omitempty"`
}

// Run starts a new run on the documents at paths (symbolic links
// followed: the files they name are edited), in Dir. A finished run's
// journal, decisions file and artifacts in Dir are moved to
// Dir/history/run-K first; an unfinished one is refused with
// loop.ErrUnfinishedRun (resume it, undo it, or remove the folder). See
// rounds.OpenRun for what is checked before anything is written: a document
// that may not be written (a dry run may review it), a second run on Dir
// (journal.ErrBusy), a journal of an older format (journal.ErrFormat), an
// undo a crash cut short (finished first, which ends its run).
//
// Run returns the Outcome whenever the run stopped for one of the reasons
// of loop.StopReason: with a nil error when it converged (or was a dry
// run), and otherwise with an error wrapping loop.ErrNotConverged. When a
// document was changed by someone else (before a round, while its
// reviewers or the gate worked, or by another run on another Dir), nothing
// is written over the change: the run is closed with StopReason
// DocumentChanged, and Run returns the Outcome with an error wrapping
// rounds.ErrDocumentChanged. Any other error means the run could not go on; the
// documents are then as the last journaled step left them, and the run
// can be resumed.
func (l *Loop) Run(ctx context.Context, paths ...string) (*Outcome, error) {
	return l.run(ctx, paths, false)
}

// Resume goes on with the unfinished run journaled in Dir on the
// documents at paths, with the settings that run started with (reader
// profile, policy, round cap, bound on findings, dry run). It executes the
// run from its start: no reviewer is called whose Review is journaled, no
// decision is asked again, and no edit is applied twice. Resume refuses a
// Dir that was copied or moved away from its documents (loop.ErrFolderMoved),
// other files than the run's (loop.ErrOtherFile), and a Dir holding no
// unfinished run (loop.ErrNothingToResume: loop.ErrNotStarted when no run
// was started, as a kill before the start leaves, loop.ErrRunFinished when
// it ended). Otherwise it is Run.
func (l *Loop) Resume(ctx context.Context, paths ...string) (*Outcome, error) {
	return l.run(ctx, paths, true)
}

// Undo reverts what the run journaled in l.Dir wrote to its documents,
// byte for byte (rounds.UndoRun): every round, last first, when round is 0,
// or only the given round, which must be the last one still applied. It
// reports each step to l.Observer, logs to l.Logger and prices the
// summary with l.Prices; no other field is used. It returns the rounds
// reverted, last first. A cut-short undo is finished by the next Undo or
// Run on the folder.
func (l *Loop) Undo(ctx context.Context, round int) ([]int, error) {
	return rounds.UndoRun(ctx, l.config(), round, l.render)
}

// Undo is Loop.Undo on the run folder dir.
func Undo(dir string, round int) ([]int, error) {
	return (&Loop{Dir: dir}).Undo(context.Background(), round)
}

// UndoOf is Undo of every round on the run folder dir, after checking
// that args, a command's arguments, when any are given, name the
// documents of the run journaled there (Documents, with exclude), in any
// order, symbolic links resolved. Its error for other documents names
// both.
func UndoOf(dir string, args, exclude []string) ([]int, error) {
	if len(args) > 0 {
		files, err := JournaledFiles(dir)
		if err != nil {
			return nil, err
		}
		paths, err := Documents(args, exclude)
		if err != nil {
			return nil, err
		}
		if !slices.Equal(slices.Sorted(slices.Values(resolved(paths))), slices.Sorted(slices.Values(files))) {
			return nil, fmt.Errorf("the last run in %s worked on %s, not %s", dir, strings.Join(files, ", "), strings.Join(args, ", "))
		}
	}
	return Undo(dir, 0)
}

// JournaledFiles returns the documents of the run journaled in dir, in
// order: absolute paths with symbolic links resolved, as Run recorded
// them.
func JournaledFiles(dir string) ([]string, error) {
	return rounds.JournaledFiles((&Loop{Dir: dir}).config())
}

// JournaledReaderProfile returns the reader profile the run journaled in
// dir started with, which a resume goes on with.
func JournaledReaderProfile(dir string) (string, error) {
	s, err := rounds.JournaledSettings[settings]((&Loop{Dir: dir}).config())
	return s.ReaderProfile, err
}

// JournaledFile returns the (first) document of the run journaled in dir.
func JournaledFile(dir string) (string, error) {
	files, err := JournaledFiles(dir)
	if err != nil {
		return "", err
	}
	return files[0], nil
}

// config is the kernel's view of the run folder.
func (l *Loop) config() rounds.RunConfig {
	return rounds.RunConfig{Dir: l.Dir, Driver: Driver, Kind: "editorial", MaxSize: l.MaxSize, Knob: "Loop.MaxSize",
		Artifact: func(n string) bool {
			return n == "summary.md" || n == rounds.ReportName || n == DecisionsName || strings.HasPrefix(n, "round-")
		},
		Describe: Describe, Succeeded: []loop.StopReason{DryRunEnded},
		Observer: l.Observer, JournalObserver: l.JournalObserver, Logger: l.Logger, TracerProvider: l.TracerProvider}
}

func (l *Loop) run(ctx context.Context, paths []string, resume bool) (_ *Outcome, err error) {
	switch {
	case l.Dir == "":
		return nil, errors.New("editorial: Dir is not set")
	case l.MaxRounds < 0:
		return nil, fmt.Errorf("editorial: MaxRounds is %d; it must be at least 1 (0 means %d)", l.MaxRounds, DefaultMaxRounds)
	case len(l.Council.Members) == 0:
		return nil, errors.New("editorial: the council has no members")
	}
	start := func() settings {
		return settings{MaxRounds: cmp.Or(l.MaxRounds, DefaultMaxRounds), MaxFindings: l.MaxFindings, DryRun: l.DryRun,
			ReaderProfile: l.ReaderProfile, Policy: policyWire(l.Policy)}
	}
	r, err := rounds.OpenRun(ctx, l.config(), paths, resume, !l.DryRun, start, l.render)
	if err != nil {
		return nil, err
	}
	defer func() { r.RecordError(err); r.Close() }()
	d := l.driver(r)
	stop, err := r.Stopped(d.rounds(ctx))
	if err != nil {
		return nil, err
	}
	o := r.Outcome(d.rs, stop, l.Prices)
	if err := d.report(o); err != nil {
		return nil, err
	}
	return o, r.Finish(o)
}

// render replays the run journaled in r (after an undo) and writes its
// summary.
func (l *Loop) render(ctx context.Context, r *rounds.Run[settings]) error {
	d := l.driver(r)
	if _, err := d.rounds(ctx); err != nil && !errors.Is(err, journal.ErrNotJournaled) {
		return err
	}
	return d.report(r.Outcome(d.rs, loop.Undone, l.Prices))
}

// report writes summary.md and report.html.
func (d *driver) report(o *Outcome) error {
	if err := d.r.WriteSummary("Editorial summary", o, d.rs); err != nil {
		return err
	}
	_, err := d.r.WriteReport("Editorial Swarm report", o, d.rs)
	return err
}

// driver is one execution of the Editorial Swarm over its run.
type driver struct {
	l  *Loop
	r  *rounds.Run[settings]
	rs []*rounds.Round
}

func (l *Loop) driver(r *rounds.Run[settings]) *driver {
	r.DryRun = r.Settings.DryRun
	return &driver{l: l, r: r}
}

// rounds runs (or replays) the rounds until one stops.
func (d *driver) rounds(ctx context.Context) (loop.StopReason, error) {
	rule := d.stopRule()
	pol := rounds.Policy(d.r.Settings.Policy)
	var sums []loop.RoundSummary
	for n := 1; ; n++ {
		rd, err := d.r.Review(ctx, n, d.review(n))
		if err != nil {
			return "", err
		}
		d.rs = append(d.rs, rd)
		stop, err := d.r.Decide(ctx, rd, pol, d.l.Gate)
		if err != nil {
			return "", err
		}
		if err := d.r.RenderRound(rd, pol); err != nil {
			return "", err
		}
		if stop != "" {
			return stop, nil
		}
		sums = append(sums, rd.Summary())
		d.r.Emit(Event{Kind: RoundEnded, Round: n})
		if stop, _ := rule(sums); stop != "" {
			return stop, nil
		}
	}
}

// review returns round n's review of one document: the council on its
// text, with the findings rejected so far in that document as memory.
func (d *driver) review(n int) func(context.Context, int, []byte) (loop.Findings, error) {
	rejected := rejections(d.rs)
	return func(ctx context.Context, i int, text []byte) (loop.Findings, error) {
		doc := d.r.Docs[i]
		c := d.l.Council
		obs := c.Observer
		c.Observer = func(e council.Event) {
			if obs != nil {
				obs(e)
			}
			d.r.Emit(Event{Kind: CouncilEvent, Round: n, Council: &e})
		}
		var mine []loop.Rejection
		for _, rj := range rejected {
			if rj.Item.File == d.r.File(i) {
				mine = append(mine, rj)
			}
		}
		t := agent.Target{Path: doc.Name, Text: text, ReaderProfile: d.r.Settings.ReaderProfile, References: d.l.References, Round: n, Rejected: targets(mine)}
		cr, err := loop.ReviewRound(ctx, d.r.J, d.r.Key(n, i, "review"), c, t)
		if err != nil {
			return loop.Findings{}, fmt.Errorf("editorial: round %d: %s: %w", n, doc.Name, err)
		}
		f := loop.ItemsOf(text, cr, loop.Aggregation{Round: n, File: doc.Name, Rejected: mine, MaxFindings: d.r.Settings.MaxFindings})
		if len(d.r.Docs) > 1 {
			f.InFile(doc.Name)
		}
		return f, nil
	}
}

// stopRule is the Editorial Swarm's stop rule: no answer is never
// converged, not even in a dry run; a dry run stops after its round; a
// rewrite request stops; then convergence (no high finding open), a round
// that changed nothing, and the round cap.
func (d *driver) stopRule() loop.StopRule {
	dry := func([]loop.RoundSummary) (loop.StopReason, bool) { return DryRunEnded, d.r.DryRun }
	rewrite := func([]loop.RoundSummary) (loop.StopReason, bool) {
		rd := d.rs[len(d.rs)-1]
		for _, it := range rd.Items() {
			if dec, ok := rd.Decisions.Get(it.Key); it.Finding.Category == RewriteCategory && (!ok || dec.Action != rounds.Reject) {
				return RewriteRequested, true
			}
		}
		return "", false
	}
	return loop.FirstOf(loop.NoAnswer(), dry, rewrite, loop.NoneOpen(finding.High), loop.NoProgress(), loop.RoundCap(d.r.Settings.MaxRounds))
}
