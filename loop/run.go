package loop

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sync"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
)

// Run runs the loop on the document at path (a symbolic link is followed:
// the file it names is edited). With resume false it starts a new run (a
// finished run's journal, decisions file and artifacts in Dir are moved to
// Dir/history/run-K first); with resume true it continues the unfinished
// run recorded in Dir with the settings that run started with (reader
// profile, policy, round cap, dry run): no reviewer is re-run whose Review
// is journaled, no decision is asked again, and no edit is applied twice.
// References are not journaled: pass the same ones again.
//
// Before anything else Run refuses a document it may not write
// (ErrNotWritable; a dry run may review it) and takes the journal's lock:
// while another run or an Undo on Dir is alive it fails with
// ErrJournalBusy, and only then does it read what the journal says (an
// unfinished run: ErrUnfinishedRun unless resume is asked for). An Undo a
// crash cut short is finished first (see Undo), which ends its run. A
// resumed run refuses a Dir that was copied or moved away from its
// document (ErrFolderMoved). The temporary files that writes cut short by a
// crash left next to the document and in Dir are removed.
//
// Run returns the Outcome whenever the run stopped for one of the reasons
// of StopReason: with a nil error when it converged (or was a dry run),
// and otherwise with an error wrapping ErrNotConverged. When the document
// was changed by someone else (before a round, while its reviewers or the
// gate worked, or by another run on another Dir), nothing is written over
// the change: the run is closed with StopReason DocumentChanged, and Run
// returns the Outcome with an error wrapping ErrDocumentChanged. Any other
// error means the run could not go on; the document is then as the last
// journaled step left it, and the run can be resumed.
func (l *Loop) Run(ctx context.Context, path string, resume bool) (*Outcome, error) {
	if l.Dir == "" {
		return nil, errors.New("loop: Dir is not set")
	}
	if l.MaxRounds < 0 {
		return nil, fmt.Errorf("loop: MaxRounds is %d; it must be at least 1 (0 means %d)", l.MaxRounds, DefaultMaxRounds)
	}
	if len(l.Council.Members) == 0 {
		return nil, errors.New("loop: the council has no members")
	}
	if l.MaxSize < 0 {
		return nil, fmt.Errorf("loop: MaxSize is %d; it must not be negative (0 means %d)", l.MaxSize, DefaultMaxSize)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("loop: %w", err)
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	if err := checkSize(abs, cmp.Or(l.MaxSize, DefaultMaxSize)); err != nil {
		return nil, err
	}
	doc, err := readDocument(abs)
	if err != nil {
		return nil, err
	}
	// A resumed run is never a dry run (a dry run always ends), whatever
	// l.DryRun says.
	if !l.DryRun || resume {
		if err := checkWritable(abs); err != nil {
			return nil, err
		}
	}
	if err := os.MkdirAll(l.Dir, 0o755); err != nil {
		return nil, fmt.Errorf("loop: %w", err)
	}
	// The lock comes first: what the journal says is only settled once no
	// other run can be writing it.
	j, recs, err := OpenJournal(filepath.Join(l.Dir, JournalName))
	if err != nil {
		return nil, err
	}
	defer func() { j.Close() }() // rotate replaces j
	st, err := replay(recs)
	if err != nil {
		return nil, err
	}
	if st.start != nil && (resume || st.undoOpen) {
		if err := checkLocation(l.Dir, st.start); err != nil {
			return nil, err
		}
	}
	if st.undoOpen { // an Undo was cut short: finish it first
		rounds, err := (&undoer{l: l, j: j, st: st}).finish(ctx)
		if err != nil {
			return nil, fmt.Errorf("loop: %s holds an interrupted undo, which could not be finished (undo again once the cause is fixed, or remove the folder to start afresh): %w", l.Dir, err)
		}
		l.logger().LogAttrs(ctx, slog.LevelInfo, "finished an interrupted undo", slog.Any("rounds", rounds))
		if doc, err = readDocument(abs); err != nil { // the undo may have written it
			return nil, err
		}
	}
	removeStaleTemp(ctx, l.logger(), l.Dir, abs)
	if !resume && st.start != nil {
		if st.end == nil {
			return nil, fmt.Errorf("%w in %s (file %s): resume it, undo it, or remove the folder", ErrUnfinishedRun, l.Dir, relName(st.start.File))
		}
		nj, err := rotate(l.Dir, j)
		if err != nil {
			return nil, err
		}
		j.Close() // the finished run's journal, now in the history
		j, st = nj, &runState{}
	}
	switch {
	case resume && (st.start == nil || st.end != nil):
		return nil, fmt.Errorf("%w in %s", ErrNothingToResume, l.Dir)
	case resume && st.start.File != abs:
		return nil, fmt.Errorf("%w: it records %s, not %s", ErrOtherFile, st.start.File, abs)
	case st.start == nil:
		st.start = &startRecord{File: abs, FileRel: fileRel(l.Dir, abs), Base: hashHex(doc), MaxRounds: l.maxRounds(), DryRun: l.DryRun,
			ReaderProfile: l.ReaderProfile, Policy: l.Policy}
		if _, err := j.Append(kindStart, 0, st.start); err != nil {
			return nil, err
		}
	}
	r := &runner{l: l, j: j, st: st, path: abs, log: l.logger()}
	return r.run(ctx)
}

func (l *Loop) maxRounds() int {
	if l.MaxRounds == 0 {
		return DefaultMaxRounds
	}
	return l.MaxRounds
}

func (l *Loop) logger() *slog.Logger {
	if l.Logger == nil {
		return slog.New(slog.DiscardHandler)
	}
	return l.Logger
}

func (l *Loop) emit(e Event) {
	if l.Observer != nil {
		l.Observer(e)
	}
}

// runner is one Run's working state. Its settings come from the journal's
// start record, so a resumed run goes on as the one it resumes.
type runner struct {
	l    *Loop
	j    *Journal
	st   *runState
	path string
	log  *slog.Logger

	mu      sync.Mutex
	journal error                   // the first journal write that failed inside a reviewer call
	cancel  context.CancelCauseFunc // cancels the round's other reviewer calls after it
}

func (r *runner) policy() Policy { return r.st.start.Policy }
func (r *runner) dryRun() bool   { return r.st.start.DryRun }

func (r *runner) run(ctx context.Context) (*Outcome, error) {
	r.orderReviews()
	last := r.st.start.MaxRounds
	for n := 1; n <= last; n++ {
		rs := r.st.round(n)
		var stop StopReason
		if rs.ended != nil {
			stop = rs.ended.Stop // the run was cut short after this round ended
		} else {
			var err error
			if stop, err = r.round(ctx, rs); errors.Is(err, ErrDocumentChanged) {
				// The run cannot go on; close it so that a new run can
				// review the file as it is now.
				o, ferr := r.finish(DocumentChanged)
				if ferr != nil && !errors.Is(ferr, ErrNotConverged) {
					return nil, errors.Join(err, ferr)
				}
				return o, fmt.Errorf("%w; the run is closed with what it applied (see summary.md): run again to review the file as it is now", err)
			} else if err != nil {
				return nil, err
			}
		}
		if stop == "" && n == last {
			stop = MaxRounds
		}
		if stop != "" {
			return r.finish(stop)
		}
	}
	return r.finish(MaxRounds)
}

// round runs (or resumes) round rs and says whether the loop stops.
func (r *runner) round(ctx context.Context, rs *roundState) (StopReason, error) {
	l := r.l
	l.emit(Event{Kind: RoundStarted, Round: rs.n})
	r.log.LogAttrs(ctx, slog.LevelInfo, "round started", slog.Int("round", rs.n), slog.String("file", r.path))

	cur, err := readDocument(r.path)
	if err != nil {
		return "", err
	}
	if err := r.settle(rs, cur); err != nil {
		return "", err
	}
	if got, want := hashHex(cur), r.st.current(); got != want {
		return "", fmt.Errorf("%w: %s (round %d): its SHA-256 is %s, the run expected %s; nothing was changed", ErrDocumentChanged, relName(r.path), rs.n, short(got), short(want))
	}
	before, err := rs.before(cur)
	if err != nil {
		return "", fmt.Errorf("%w: round %d: its journaled patches do not revert the document: %v", ErrJournalCorrupt, rs.n, err)
	}
	if rs.items != nil && hashHex(before) != rs.items.Text {
		return "", fmt.Errorf("%w: round %d: the text it reviewed had SHA-256 %s, but reverting its patches gives %s", ErrJournalCorrupt, rs.n, short(rs.items.Text), short(hashHex(before)))
	}
	if rs.items == nil {
		if err := r.review(ctx, rs, before); err != nil {
			return "", err
		}
	}
	// The policy's edits land before the gate is asked, so they are in
	// place even while the gate waits for a human.
	if err := r.decidePolicy(rs); err != nil {
		return "", err
	}
	if cur, err = r.write(rs, policyPhase, cur); err != nil {
		return "", err
	}
	if err := r.ask(ctx, rs, before); errors.Is(err, ErrStop) {
		if err := r.render(rs, before, cur); err != nil {
			return "", err
		}
		return GateStopped, nil
	} else if err != nil {
		return "", err
	}
	if rs.waiting {
		if err := r.render(rs, before, cur); err != nil {
			return "", err
		}
		return AwaitingDecisions, nil
	}
	l.emit(Event{Kind: Decided, Round: rs.n})
	if cur, err = r.write(rs, gatePhase, cur); err != nil {
		return "", err
	}
	if err := r.render(rs, before, cur); err != nil {
		return "", err
	}
	var usage agent.Usage
	for _, rv := range rs.reviews {
		usage = usage.Add(rv.Usage)
	}
	end := &roundEndRecord{Usage: usage, Stop: r.stopRule(rs)}
	if _, err := r.j.Append(kindRoundEnd, rs.n, end); err != nil {
		return "", err
	}
	rs.ended = end
	l.emit(Event{Kind: RoundEnded, Round: rs.n})
	return end.Stop, nil
}

// settle journals a patch of round rs that a crash left written but not
// journaled as applied: the document on disk is the patch's result.
func (r *runner) settle(rs *roundState, doc []byte) error {
	for ph := policyPhase; ph <= gatePhase; ph++ {
		ps := rs.patch(ph)
		if ps.rec == nil || ps.applied || ps.rec.result() == ps.rec.base() || hashHex(doc) != ps.rec.result() {
			continue
		}
		if _, err := r.j.Append(kindApplied, rs.n, appliedRecord{Phase: ph, Result: ps.rec.result()}); err != nil {
			return err
		}
		ps.applied = true
	}
	return nil
}

// before returns the text round rs reviewed, given the document as it is
// now: cur with the round's applied patches reverted.
func (rs *roundState) before(cur []byte) ([]byte, error) {
	text := cur
	for ph := gatePhase; ph >= policyPhase; ph-- {
		if ps := rs.patch(ph); ps.applied && !ps.undone {
			var err error
			if text, err = revert(ps.rec, text); err != nil {
				return nil, err
			}
		}
	}
	return text, nil
}

// review runs the council on text, journaling each Review as it arrives,
// then aggregates the round and journals the table.
func (r *runner) review(ctx context.Context, rs *roundState, text []byte) error {
	l := r.l
	c := l.Council // a copy: Members are replaced below
	c.Members = make([]council.Member, len(l.Council.Members))
	for i, m := range l.Council.Members {
		c.Members[i] = council.Member{Shots: m.Shots, Reviewer: r.recorder(rs, m.Reviewer)}
	}
	obs := l.Council.Observer
	c.Observer = func(e council.Event) {
		if obs != nil {
			obs(e)
		}
		l.emit(Event{Kind: CouncilEvent, Round: rs.n, Council: &e})
	}
	target := agent.Target{
		Path:          filepath.Base(r.path),
		Text:          text,
		ReaderProfile: r.st.start.ReaderProfile,
		References:    l.References,
		Round:         rs.n,
	}
	for _, rj := range r.st.rejected() {
		target.Rejected = append(target.Rejected, agent.Rejection{Finding: rj.item.Finding, Reason: rj.reason})
	}
	// A Review that cannot be journaled stops the round: the journal
	// refuses every later record, so the other calls would be paid for and
	// lost.
	rctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	r.mu.Lock()
	r.cancel = cancel
	r.mu.Unlock()
	round, err := c.Run(rctx, target)
	r.mu.Lock()
	jerr := r.journal
	r.mu.Unlock()
	switch {
	case jerr != nil: // a Review could not be journaled: resume would lose it
		return jerr
	case err != nil: // cancelled, or quorum not met: the round cannot be judged
		return fmt.Errorf("loop: round %d: %w", rs.n, err)
	}
	rs.reviews = rs.reviews[:0]
	var skips []Skip
	for _, res := range round.Results {
		if res.Err != nil {
			skips = append(skips, skipOf(res))
			continue
		}
		rs.reviews = append(rs.reviews, recordOf(res.Reviewer, res.Shot, res.Review))
	}
	agg := aggregate(text, round, r.st.rejected(), rs.n, r.l.MaxFindings)
	agg.Skips = skips
	rs.items = &agg
	_, err = r.j.Append(kindItems, rs.n, rs.items)
	return err
}

// recordOf turns a Review into a journal record.
func recordOf(reviewer string, shot int, rv agent.Review) reviewRecord {
	rep := rv.Report
	return reviewRecord{Reviewer: reviewer, Shot: shot, Report: &rep, Usage: rv.Usage, Model: rv.Model}
}

// decidePolicy lets the policy approve the round's undecided items it
// may apply without asking, and with each the items that propose the
// identical edit. The pass is journaled as one record: a run killed
// before it is written makes the same pass again on resume.
func (r *runner) decidePolicy(rs *roundState) error {
	var batch []Decision
	taken := map[string]bool{}
	undecided := func(k string) bool {
		_, ok := rs.decided(k)
		return !ok && !taken[k]
	}
	for _, it := range rs.items.Items {
		if !undecided(it.Key) || !r.policy().Auto(it) {
			continue
		}
		batch = append(batch, Decision{Key: it.Key, Action: Apply, By: "policy"})
		taken[it.Key] = true
		for _, k := range it.Supporters {
			if undecided(k) {
				batch = append(batch, Decision{Key: k, Action: Apply, By: "policy", Reason: "the same edit as " + it.Key})
				taken[k] = true
			}
		}
	}
	return r.record(rs, batch)
}

// ErrStop is what a gate returns (wrapped) to stop the loop: a human quit
// the checklist. The decisions of earlier batches are kept, the artifacts
// are written, and Run returns with StopReason GateStopped; the run can be
// resumed.
var ErrStop = errors.New("loop: stopped at the gate")

// ask hands the round's undecided items to the gate in batches of at most
// MaxBatch; what the gate does not decide is pending. A batch's decisions
// are checked whole before any is journaled, so a refused batch is asked
// again on resume. In a dry run pending items stay open and the round does
// not wait.
func (r *runner) ask(ctx context.Context, rs *roundState, before []byte) error {
	var ask []Item
	for _, it := range rs.items.Items {
		if _, ok := rs.decided(it.Key); !ok {
			ask = append(ask, it)
		}
	}
	gate := r.l.Gate
	if gate == nil {
		gate = AutoGate{}
	}
	var pending []string
	conflicts := newConflictIndex(rs.items.Items)
	lines := newLineMap(rs, before)
	pages := (len(ask) + MaxBatch - 1) / MaxBatch
	for p := 0; p < pages; p++ {
		items := ask[p*MaxBatch : min(len(ask), (p+1)*MaxBatch)]
		ds, err := gate.Approve(ctx, Batch{Round: rs.n, Page: p + 1, Pages: pages, Items: lines.current(items)})
		if err != nil {
			return fmt.Errorf("loop: round %d: gate: %w", rs.n, err)
		}
		got := make(map[string]Decision, len(ds))
		for _, d := range ds {
			got[d.Key] = d
		}
		var batch []Decision
		for _, it := range items {
			d, ok := got[it.Key]
			if !ok {
				pending = append(pending, it.Key)
				continue
			}
			if d.Action == Apply && !it.Applicable() {
				d = Decision{Key: it.Key, Action: Defer, Reason: "approved, but it has no edit to apply (" + it.Note + ")"}
			}
			d.By = "gate"
			batch = append(batch, d)
		}
		if err := conflicts.check(rs, batch); err != nil {
			return err
		}
		if err := r.record(rs, batch); err != nil {
			return err
		}
	}
	rs.waiting = len(pending) > 0 && !r.dryRun()
	if rs.waiting {
		_, err := r.j.Append(kindWait, rs.n, waitRecord{Pending: pending})
		return err
	}
	return nil
}

// record journals a batch of decisions as one record and keeps them in
// the round's state; an empty batch writes nothing. One record, one fsync:
// a round with many findings is not slowed down by one write each, and a
// batch is on record whole or not at all.
func (r *runner) record(rs *roundState, batch []Decision) error {
	if len(batch) == 0 {
		return nil
	}
	if _, err := r.j.Append(kindDecisions, rs.n, decisionsRecord{Decisions: batch}); err != nil {
		return err
	}
	for _, d := range batch {
		if _, dup := rs.decisions[d.Key]; !dup {
			rs.order = append(rs.order, d.Key)
		}
		rs.decisions[d.Key] = d
	}
	return nil
}

// conflictIndex holds a round's conflict groups, so that a gate batch is
// checked against its own groups only, not against every item.
type conflictIndex struct {
	group   map[string]int   // item key -> its conflict group
	members map[int][]string // conflict group -> its items' keys, in table order
}

// newConflictIndex indexes the conflict groups of items.
func newConflictIndex(items []Item) conflictIndex {
	ci := conflictIndex{group: map[string]int{}, members: map[int][]string{}}
	for _, it := range items {
		if it.Conflict != 0 {
			ci.group[it.Key] = it.Conflict
			ci.members[it.Conflict] = append(ci.members[it.Conflict], it.Key)
		}
	}
	return ci
}

// check refuses a batch of decisions that, with those already made,
// approves two findings of one conflict group.
func (ci conflictIndex) check(rs *roundState, batch []Decision) error {
	inBatch := make(map[string]Decision, len(batch))
	for _, d := range batch {
		inBatch[d.Key] = d
	}
	approved := func(k string) bool {
		if d, ok := inBatch[k]; ok {
			return d.Action == Apply
		}
		d, ok := rs.decided(k)
		return ok && d.Action == Apply
	}
	checked := map[int]bool{}
	for _, d := range batch {
		g := ci.group[d.Key]
		if g == 0 || d.Action != Apply || checked[g] {
			continue
		}
		checked[g] = true
		first := ""
		for _, k := range ci.members[g] {
			if !approved(k) {
				continue
			}
			if first != "" {
				return fmt.Errorf("%w in round %d: %s and %s change overlapping text; approve at most one (nothing of this batch was recorded)", ErrConflictingApprovals, rs.n, first, k)
			}
			first = k
		}
	}
	return nil
}

// phaseOf returns the patch phase that applies a decision.
func phaseOf(d Decision) int {
	if d.By == "policy" {
		return policyPhase
	}
	return gatePhase
}

// buildPatch builds the round's patch of phase ph: the approved edits of
// that phase, made against the text the round reviewed, moved past the
// round's policy patch (apply.Patch.Rebase) onto cur and checked against
// it.
func buildPatch(rs *roundState, ph int, cur []byte) (*apply.Patch, error) {
	first := &apply.Patch{}
	if pp := rs.patch(policyPhase); ph == gatePhase && pp.rec != nil && !pp.undone {
		first = pp.rec.Patch
	}
	var anchors []apply.Anchor
	for _, it := range rs.items.Items {
		d, ok := rs.decided(it.Key)
		if !ok || d.Action != Apply || it.Edit == nil || phaseOf(d) != ph {
			continue
		}
		e, done, err := first.Rebase(*it.Edit)
		if err != nil {
			return nil, fmt.Errorf("%w: round %d: %s's journaled edit does not follow the round's policy patch: %v", ErrJournalCorrupt, rs.n, it.Key, err)
		}
		if !done {
			anchors = append(anchors, apply.Anchor{Key: it.Key, Edit: e, Lines: it.Lines})
		}
	}
	changes, conflicts := apply.Merge(anchors)
	if len(conflicts) > 0 {
		return nil, fmt.Errorf("%w in round %d: %v", ErrConflictingApprovals, rs.n, conflicts[0].Keys)
	}
	p, err := apply.NewPatch(cur, changes)
	if err != nil { // the edits were anchored in the text the round reviewed
		return nil, fmt.Errorf("%w: round %d: the journaled edits do not apply to the text the round reviewed: %v", ErrJournalCorrupt, rs.n, err)
	}
	return p, nil
}

// write applies the round's patch of phase ph to cur, the document as it
// is on disk, and returns the new text. The patch is journaled before the
// file is written and confirmed after, so a crash in between is settled by
// the document's hash on resume. In a dry run the patch is kept in memory
// only and the text returned is what the file would become.
func (r *runner) write(rs *roundState, ph int, cur []byte) ([]byte, error) {
	ps := rs.patch(ph)
	if ps.applied {
		return cur, nil
	}
	if ps.rec == nil {
		p, err := buildPatch(rs, ph, cur)
		if err != nil {
			return nil, err
		}
		ps.rec = &patchRecord{Phase: ph, Patch: p}
		if r.dryRun() {
			return p.Apply(cur)
		}
		if _, err := r.j.Append(kindPatch, rs.n, ps.rec); err != nil {
			return nil, err
		}
		r.l.emit(Event{Kind: Planned, Round: rs.n})
	}
	p, err := fromRecord(ps.rec, cur)
	if err != nil {
		return nil, fmt.Errorf("loop: round %d: %w", rs.n, err)
	}
	after, err := p.Apply(cur)
	if err != nil {
		return nil, fmt.Errorf("loop: round %d: %w", rs.n, err)
	}
	if len(p.Changes) > 0 {
		what := fmt.Sprintf("round %d's edits", rs.n)
		if err := writeDocument(r.path, ps.rec.base(), what, after); errors.Is(err, ErrDocumentChanged) {
			return nil, err
		} else if err != nil {
			return nil, fmt.Errorf("loop: round %d: %w", rs.n, err)
		}
		r.l.emit(Event{Kind: Written, Round: rs.n})
	}
	if _, err := r.j.Append(kindApplied, rs.n, appliedRecord{Phase: ph, Result: ps.rec.result()}); err != nil {
		return nil, err
	}
	ps.applied = true
	return after, nil
}

// revert returns the text a journaled patch was made for, given its result.
func revert(rec *patchRecord, result []byte) ([]byte, error) {
	return rec.Patch.Inverse().Apply(result)
}

// stopRule says whether the loop stops after round rs. A round in which
// no reviewer answered judged nothing, so it never counts as converged,
// not even in a dry run.
func (r *runner) stopRule(rs *roundState) StopReason {
	if len(rs.reviews) == 0 {
		return NoReviewerAnswered
	}
	if r.dryRun() {
		return DryRun
	}
	highs, changed := 0, rs.changed()
	for _, it := range rs.items.Items {
		d, ok := rs.decided(it.Key)
		rejected := ok && d.Action == Reject
		if it.Finding.Category == RewriteCategory && !rejected {
			return RewriteRequested
		}
		if rejected {
			changed = true
		}
		if it.Finding.Severity == finding.High && (!ok || d.Action == Defer) {
			highs++
		}
	}
	switch {
	case highs == 0:
		return Converged
	case !changed:
		return Stalled
	}
	return ""
}

// RewriteCategory is the category of a finding that asks for a whole
// rewrite. Unless it is rejected, the loop stops after its round with
// RewriteRequested: rewriting is out of scope for polishing.
const RewriteCategory = "rewrite"

// fromRecord rebuilds a journaled patch against its base text, checking
// that it still makes its journaled result.
func fromRecord(rec *patchRecord, base []byte) (*apply.Patch, error) {
	p, err := apply.NewPatch(base, rec.Patch.Changes)
	if err != nil {
		return nil, fmt.Errorf("%w: the journaled patch does not apply to its base: %v", ErrJournalCorrupt, err)
	}
	if p.Result != rec.Patch.Result {
		return nil, fmt.Errorf("%w: the journaled patch does not reproduce its result %s", ErrJournalCorrupt, short(rec.result()))
	}
	return p, nil
}
