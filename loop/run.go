package loop

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
)

// Run runs the loop on the document at path. With resume false it starts a
// new run (a finished run's journal and artifacts in Dir are moved to
// Dir/history/run-K first); with resume true it continues the unfinished run
// recorded in Dir: no reviewer is re-run whose Review is journaled, no
// decision is asked again, and no edit is applied twice.
//
// Run returns the Outcome whenever the run stopped for one of the reasons
// of StopReason, together with a nil error, or an error wrapping
// ErrNotConverged when it stopped with high findings unresolved. Any other
// error means the run could not go on; the document is then as the last
// journaled round left it.
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
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("loop: %w", err)
	}
	doc, err := readDocument(abs)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(l.Dir, 0o755); err != nil {
		return nil, fmt.Errorf("loop: %w", err)
	}
	if !resume {
		if err := rotate(l.Dir); err != nil {
			return nil, err
		}
	}
	j, recs, err := OpenJournal(filepath.Join(l.Dir, JournalName))
	if err != nil {
		return nil, err
	}
	defer j.Close()
	st, err := replay(recs)
	if err != nil {
		return nil, err
	}
	switch {
	case resume && (st.start == nil || st.end != nil):
		return nil, fmt.Errorf("%w in %s", ErrNothingToResume, l.Dir)
	case resume && st.start.File != abs:
		return nil, fmt.Errorf("%w: it records %s, not %s", ErrOtherFile, st.start.File, abs)
	case st.start == nil:
		st.start = &startRecord{File: abs, Base: hashHex(doc), MaxRounds: l.maxRounds(), DryRun: l.DryRun}
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

// runner is one Run's working state.
type runner struct {
	l    *Loop
	j    *Journal
	st   *runState
	path string
	log  *slog.Logger
}

func (r *runner) run(ctx context.Context) (*Outcome, error) {
	max := r.st.start.MaxRounds
	for n := 1; n <= max; n++ {
		rs := r.st.round(n)
		if rs.ended != nil {
			continue
		}
		stop, err := r.round(ctx, rs)
		if err != nil {
			return nil, err
		}
		if stop == "" && n == max {
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
		return "", fmt.Errorf("%w: %s (round %d): its SHA-256 is %s, the run expected %s; nothing was changed", ErrDocumentChanged, relName(r.path), rs.n, got[:12], want[:12])
	}
	before, err := rs.before(cur)
	if err != nil {
		return "", fmt.Errorf("loop: round %d: %w", rs.n, err)
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
	if cur, err = r.write(rs, policyPhase, before, cur); err != nil {
		return "", err
	}
	if err := r.ask(ctx, rs); err != nil {
		return "", err
	}
	if rs.waiting {
		if err := r.render(rs, before, cur); err != nil {
			return "", err
		}
		return AwaitingDecisions, nil
	}
	l.emit(Event{Kind: Decided, Round: rs.n})
	if cur, err = r.write(rs, gatePhase, before, cur); err != nil {
		return "", err
	}
	if err := r.render(rs, before, cur); err != nil {
		return "", err
	}
	var usage agent.Usage
	for _, rv := range rs.reviews {
		usage = usage.Add(rv.Usage)
	}
	rs.ended = &roundEndRecord{Usage: usage}
	if _, err := r.j.Append(kindRoundEnd, rs.n, rs.ended); err != nil {
		return "", err
	}
	l.emit(Event{Kind: RoundEnded, Round: rs.n})
	return r.stopRule(rs), nil
}

// settle journals a patch of round rs that a crash left written but not
// journaled as applied: the document on disk is the patch's result.
func (r *runner) settle(rs *roundState, doc []byte) error {
	for ph := policyPhase; ph <= gatePhase; ph++ {
		ps := rs.patch(ph)
		if ps.rec == nil || ps.applied || ps.rec.Result == ps.rec.Base || hashHex(doc) != ps.rec.Result {
			continue
		}
		if _, err := r.j.Append(kindApplied, rs.n, appliedRecord{Phase: ph, Result: ps.rec.Result}); err != nil {
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
		ReaderProfile: l.ReaderProfile,
		References:    l.References,
		Round:         rs.n,
	}
	for _, rj := range r.st.rejected() {
		target.Rejected = append(target.Rejected, agent.Rejection{Finding: rj.item.Finding, Reason: rj.reason})
	}
	round, err := c.Run(ctx, target)
	if err != nil && ctx.Err() != nil {
		return err
	}
	if err != nil && !errors.Is(err, council.ErrQuorum) {
		return err
	}
	if err != nil { // quorum not met: the round cannot be judged
		return fmt.Errorf("loop: round %d: %w", rs.n, err)
	}
	rs.reviews = rs.reviews[:0]
	var skips []Skip
	for _, res := range round.Results {
		if res.Err != nil {
			skips = append(skips, Skip{Reviewer: res.Reviewer, Shot: res.Shot, Reason: reason(res.Err),
				SchemaViolation: errors.Is(res.Err, finding.ErrSchemaViolation), Usage: res.Review.Usage})
			continue
		}
		rs.reviews = append(rs.reviews, recordOf(res.Reviewer, res.Shot, res.Review))
	}
	agg := aggregate(text, round, r.st.rejected())
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

// reason returns a skip's reason without the reviewer's name, which the
// artifacts show next to it anyway.
func reason(err error) string {
	var re *council.ReviewerError
	if errors.As(err, &re) {
		return re.Err.Error()
	}
	return err.Error()
}

// decidePolicy lets the policy approve the round's undecided items it
// may apply without asking, and with each the items that propose the
// identical edit.
func (r *runner) decidePolicy(rs *roundState) error {
	for _, it := range rs.items.Items {
		if _, ok := rs.decided(it.Key); ok || !r.l.Policy.Auto(it) {
			continue
		}
		if err := r.record(rs, Decision{Key: it.Key, Action: Apply, By: "policy"}); err != nil {
			return err
		}
		for _, k := range it.Supporters {
			if _, ok := rs.decided(k); !ok {
				d := Decision{Key: k, Action: Apply, By: "policy", Reason: "the same edit as " + it.Key}
				if err := r.record(rs, d); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// ask hands the round's undecided items to the gate in batches of at most
// MaxBatch; what the gate does not decide is pending.
func (r *runner) ask(ctx context.Context, rs *roundState) error {
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
	pages := (len(ask) + MaxBatch - 1) / MaxBatch
	for p := 0; p < pages; p++ {
		items := ask[p*MaxBatch : min(len(ask), (p+1)*MaxBatch)]
		ds, err := gate.Approve(ctx, Batch{Round: rs.n, Page: p + 1, Pages: pages, Items: items})
		if err != nil {
			return fmt.Errorf("loop: round %d: gate: %w", rs.n, err)
		}
		got := make(map[string]Decision, len(ds))
		for _, d := range ds {
			got[d.Key] = d
		}
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
			if err := r.record(rs, d); err != nil {
				return err
			}
		}
	}
	if err := checkConflicts(rs); err != nil {
		return err
	}
	rs.waiting = len(pending) > 0
	if rs.waiting {
		_, err := r.j.Append(kindWait, rs.n, waitRecord{Pending: pending})
		return err
	}
	return nil
}

// record journals a decision and keeps it in the round's state.
func (r *runner) record(rs *roundState, d Decision) error {
	if _, err := r.j.Append(kindDecision, rs.n, d); err != nil {
		return err
	}
	if _, dup := rs.decisions[d.Key]; !dup {
		rs.order = append(rs.order, d.Key)
	}
	rs.decisions[d.Key] = d
	return nil
}

// checkConflicts refuses two approved findings of one conflict group.
func checkConflicts(rs *roundState) error {
	approved := map[int]string{}
	for _, it := range rs.items.Items {
		if it.Conflict == 0 {
			continue
		}
		if d, ok := rs.decided(it.Key); ok && d.Action == Apply {
			if other, dup := approved[it.Conflict]; dup {
				return fmt.Errorf("%w in round %d: %s and %s change overlapping text; approve at most one", ErrConflictingApprovals, rs.n, other, it.Key)
			}
			approved[it.Conflict] = it.Key
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
// that phase, made against before, moved onto cur (the text after the
// round's policy patch) and checked against it.
func buildPatch(rs *roundState, ph int, before, cur []byte) (*apply.Patch, error) {
	var first []patchChange
	if ph == gatePhase && rs.patch(policyPhase).rec != nil {
		first = rs.patch(policyPhase).rec.Changes
	}
	var anchors []apply.Anchor
	for _, it := range rs.items.Items {
		d, ok := rs.decided(it.Key)
		if !ok || d.Action != Apply || it.Edit == nil || phaseOf(d) != ph {
			continue
		}
		e, done, err := rebase(*it.Edit, first)
		if err != nil {
			return nil, fmt.Errorf("loop: round %d: %s: %w", rs.n, it.Key, err)
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
	if err != nil {
		return nil, fmt.Errorf("loop: round %d: %w", rs.n, err)
	}
	return p, nil
}

// rebase moves an edit of a text onto that text with the changes over
// applied (sorted, non-overlapping, in the same coordinates as e). done
// reports that over already makes the identical edit; an edit that
// overlaps a different change is an error.
func rebase(e apply.Edit, over []patchChange) (moved apply.Edit, done bool, err error) {
	delta := 0
	for _, c := range over {
		switch {
		case c.Start == e.Start && c.End == e.End && c.New == e.New:
			return e, true, nil
		case c.End <= e.Start && (c.Start < e.Start || c.Start == c.End):
			delta += len(c.New) - (c.End - c.Start)
		case c.Start >= e.End && (c.Start > e.Start || e.Start == e.End):
			// after e: no effect
		default:
			return e, false, fmt.Errorf("its edit %d-%d overlaps the applied edit %d-%d", e.Start, e.End, c.Start, c.End)
		}
	}
	e.Start += delta
	e.End += delta
	return e, false, nil
}

// write applies (or, in a dry run, previews) the round's patch of phase ph
// to cur, the document as it is on disk, and returns the new text. The
// patch is journaled before the file is written and confirmed after, so a
// crash in between is settled by the document's hash on resume.
func (r *runner) write(rs *roundState, ph int, before, cur []byte) ([]byte, error) {
	ps := rs.patch(ph)
	if ps.applied {
		return cur, nil
	}
	if ps.rec == nil || r.l.DryRun {
		p, err := buildPatch(rs, ph, before, cur)
		if err != nil {
			return nil, err
		}
		if r.l.DryRun {
			return p.Apply(cur)
		}
		ps.rec = toRecord(p, ph)
		if _, err := r.j.Append(kindPatch, rs.n, ps.rec); err != nil {
			return nil, err
		}
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
		if err := writeFile(r.path, after); err != nil {
			return nil, fmt.Errorf("loop: round %d: %w", rs.n, err)
		}
		r.l.emit(Event{Kind: Written, Round: rs.n})
	}
	if _, err := r.j.Append(kindApplied, rs.n, appliedRecord{Phase: ph, Result: ps.rec.Result}); err != nil {
		return nil, err
	}
	ps.applied = true
	return after, nil
}

// revert returns the text a journaled patch was made for, given its result.
func revert(rec *patchRecord, result []byte) ([]byte, error) {
	p, err := patchOf(rec)
	if err != nil {
		return nil, err
	}
	return p.Inverse().Apply(result)
}

// stopRule says whether the loop stops after round rs.
func (r *runner) stopRule(rs *roundState) StopReason {
	if r.l.DryRun {
		return DryRun
	}
	highs, changed := 0, rs.changed()
	for _, it := range rs.items.Items {
		d, ok := rs.decided(it.Key)
		if it.Finding.Category == "rewrite" {
			return RewriteRequested
		}
		if ok && d.Action == Reject {
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

// toRecord turns a patch of phase ph into its journal form.
func toRecord(p *apply.Patch, ph int) *patchRecord {
	rec := &patchRecord{Phase: ph, Base: hexOf(p.Base), Result: hexOf(p.Result), Changes: []patchChange{}}
	for _, c := range p.Changes {
		rec.Changes = append(rec.Changes, patchChange{Start: c.Edit.Start, End: c.Edit.End, Old: c.Edit.Old, New: c.Edit.New, Keys: slices.Clone(c.Keys)})
	}
	return rec
}

// patchOf rebuilds a journaled patch without its base text.
func patchOf(rec *patchRecord) (*apply.Patch, error) {
	p := &apply.Patch{Changes: make([]apply.Change, len(rec.Changes))}
	for i, c := range rec.Changes {
		p.Changes[i] = apply.Change{Edit: apply.Edit{Start: c.Start, End: c.End, Old: c.Old, New: c.New}, Keys: c.Keys}
	}
	for _, h := range []struct {
		dst *[32]byte
		src string
	}{{&p.Base, rec.Base}, {&p.Result, rec.Result}} {
		b, err := hex.DecodeString(h.src)
		if err != nil || len(b) != len(h.dst) {
			return nil, fmt.Errorf("%w: bad hash %q in a journaled patch", ErrJournalCorrupt, h.src)
		}
		copy(h.dst[:], b)
	}
	return p, nil
}

// fromRecord rebuilds a journaled patch and checks it against its base.
func fromRecord(rec *patchRecord, base []byte) (*apply.Patch, error) {
	p, err := patchOf(rec)
	if err != nil {
		return nil, err
	}
	q, err := apply.NewPatch(base, p.Changes)
	if err != nil {
		return nil, err
	}
	if q.Result != p.Result {
		return nil, fmt.Errorf("%w: the journaled patch does not reproduce its result %s", ErrJournalCorrupt, rec.Result[:12])
	}
	return q, nil
}

func hexOf(h [32]byte) string { return hex.EncodeToString(h[:]) }
