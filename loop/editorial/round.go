package editorial

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
	"golang.org/x/sync/errgroup"
)

// round is what one round reviewed, decided and wrote.
type round struct {
	n         int
	docs      []*docRound // by document, in the run's order
	decisions loop.Decisions
	waiting   bool // the gate left items pending
	decided   bool // the gate's patches are built
}

// docRound is one document's part of a round.
type docRound struct {
	name   string // relative to the run's root, slash-separated
	text   []byte // the text the round reviewed
	f      loop.Findings
	policy *apply.Patch // the policy's edits, of text
	gate   *apply.Patch // the gate's edits, of policy's result; nil until decided
}

// items returns the round's items of every document, in order.
func (rd *round) items() []loop.Item {
	var out []loop.Item
	for _, d := range rd.docs {
		out = append(out, d.f.Items...)
	}
	return out
}

// roundWire is the step that holds one document's reviewed text and
// findings in a round.
type roundWire struct {
	Text     string        `json:"text"`
	Findings loop.Findings `json:"findings"`
}

// DocLimit is how many documents of a run are reviewed (and rendered) at
// once, each by its own council.
const DocLimit = 4

// errMissing stops a read-only replay at the first step not journaled.
var errMissing = errors.New("editorial: not journaled")

// round runs (or replays) round n and says whether the loop stops.
func (r *runner) round(ctx context.Context, n int) (loop.StopReason, error) {
	r.emit(Event{Kind: RoundStarted, Round: n})
	rd := &round{n: n, docs: make([]*docRound, len(r.start.Docs))}
	// The documents are reviewed side by side (each a step of its own), so
	// that many small files take about as long as one file of their size.
	rejected := r.rejected()
	g, gctx := errgroup.WithContext(ctx) // one document's failure stops the round
	g.SetLimit(DocLimit)
	for i, doc := range r.start.Docs {
		g.Go(func() error {
			w, err := journal.Step(gctx, r.j, r.key(n, i, "items"), func(ctx context.Context) (roundWire, error) {
				if r.readOnly {
					return roundWire{}, errMissing
				}
				return r.review(ctx, n, i, rejected)
			})
			if err != nil {
				return err
			}
			d := &docRound{name: doc.Name, text: []byte(w.Text), f: w.Findings}
			if got := hashHex(d.text); got != r.expect[i] {
				return fmt.Errorf("%w: round %d reviewed a text of %s of SHA-256 %s, but the run left %s", journal.ErrCorrupt, n, doc.Name, short(got), short(r.expect[i]))
			}
			rd.docs[i] = d
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return "", err
	}
	r.rs = append(r.rs, rd)
	// The policy's edits land before the gate is asked, so they are in
	// place even while the gate waits for a human.
	items := rd.items()
	rd.decisions.Add(loop.PolicyPass(items, r.start.Policy, rd.decisions.Map())...)
	if err := r.write(ctx, rd, "policy"); err != nil {
		return "", err
	}
	gate := r.l.Gate
	if gate == nil {
		gate = loop.AutoGate{}
	}
	if r.readOnly {
		gate = loop.ApproverFunc(func(context.Context, loop.Batch) ([]loop.Decision, error) { return nil, errMissing })
	}
	show := lineMaps(rd)
	for pass := 1; ; pass++ {
		a, err := loop.AskGate(ctx, r.j, fmt.Sprintf("r%d/gate/%d", n, pass), n, items, rd.decisions.Map(), gate, show)
		rd.decisions.Add(a.Decisions...)
		switch {
		case errors.Is(err, loop.ErrStop):
			return loop.GateStopped, r.render(rd)
		case errors.Is(err, errMissing):
			return "", errMissing
		case err != nil:
			return "", err
		}
		if len(a.Pending) == 0 || r.start.DryRun {
			break
		}
		// A wait journaled by an earlier execution: the user came back
		// with decisions, so the pending items are asked again.
		wait := fmt.Sprintf("r%d/wait/%d", n, pass)
		again := r.j.Done(wait)
		if _, err := journal.Step(ctx, r.j, wait, func(context.Context) ([]string, error) {
			if r.readOnly {
				return nil, errMissing
			}
			return a.Pending, nil
		}); err != nil && !errors.Is(err, errMissing) {
			return "", err
		}
		if !again {
			rd.waiting = true
			if r.readOnly {
				return "", errMissing
			}
			return loop.AwaitingDecisions, r.render(rd)
		}
	}
	r.emit(Event{Kind: Decided, Round: n})
	rd.decided = true
	if err := r.write(ctx, rd, "gate"); err != nil {
		return "", err
	}
	if err := r.render(rd); err != nil {
		return "", err
	}
	r.sums = append(r.sums, summarize(rd))
	r.emit(Event{Kind: RoundEnded, Round: n})
	return "", nil
}

// lineMaps returns what a gate batch shows of items: their lines in each
// document as it is after the round's policy patch.
func lineMaps(rd *round) func([]loop.Item) []loop.Item {
	maps := map[string]*loop.LineMap{}
	for _, d := range rd.docs {
		if len(rd.docs) == 1 {
			maps[""] = loop.NewLineMap(d.text, d.policy)
		} else {
			maps[d.name] = loop.NewLineMap(d.text, d.policy)
		}
	}
	return func(items []loop.Item) []loop.Item {
		out := make([]loop.Item, 0, len(items))
		for _, it := range items {
			out = append(out, maps[it.File].Current([]loop.Item{it})...)
		}
		return out
	}
}

// key is round n's step key for what of the run's i-th document: "rN/what"
// in a run over one document, "rN/NAME/what" in a run over several.
func (r *runner) key(n, i int, what string) string {
	if len(r.start.Docs) == 1 {
		return key(n, what)
	}
	return key(n, r.start.Docs[i].Name+"/"+what)
}

// review reads the run's i-th document, checks it is what the run left,
// and has the council review it: the body of the document's "items" step.
func (r *runner) review(ctx context.Context, n, i int, all []loop.Rejection) (roundWire, error) {
	doc := r.start.Docs[i]
	text, err := loop.ReadDocument(doc.File)
	if err != nil {
		return roundWire{}, err
	}
	if got := hashHex(text); got != r.expect[i] {
		return roundWire{}, fmt.Errorf("%w: %s (round %d): its SHA-256 is %s, the run expected %s; nothing was changed", ErrDocumentChanged, loop.RelName(doc.File), n, short(got), short(r.expect[i]))
	}
	c := r.l.Council
	obs := c.Observer
	c.Observer = func(e council.Event) {
		if obs != nil {
			obs(e)
		}
		r.emit(Event{Kind: CouncilEvent, Round: n, Council: &e})
	}
	var rejected []loop.Rejection
	for _, rj := range all {
		if rj.Item.File == r.file(i) {
			rejected = append(rejected, rj)
		}
	}
	t := agent.Target{Path: doc.Name, Text: text, ReaderProfile: r.start.ReaderProfile, References: r.l.References, Round: n, Rejected: loop.Targets(rejected)}
	cr, err := loop.ReviewRound(ctx, r.j, r.key(n, i, "review"), c, t)
	if err != nil {
		return roundWire{}, fmt.Errorf("editorial: round %d: %s: %w", n, doc.Name, err)
	}
	f := loop.ItemsOf(text, cr, loop.Aggregation{Round: n, File: doc.Name, Rejected: rejected, MaxFindings: r.l.MaxFindings})
	if len(r.start.Docs) > 1 {
		f.InFile(doc.Name)
	}
	return roundWire{Text: string(text), Findings: f}, nil
}

// file is what Item.File holds for the run's i-th document.
func (r *runner) file(i int) string {
	if len(r.start.Docs) == 1 {
		return ""
	}
	return r.start.Docs[i].Name
}

// write builds round rd's patches of the decisions made by by ("policy"
// or "gate"), one per document, and writes them through the journal as one
// side effect (key "rN/by"), which checks every document's hash before any
// write; a dry run writes nothing, and a read-only replay only follows the
// text.
func (r *runner) write(ctx context.Context, rd *round, by string) error {
	var changes []journal.FileChange
	for _, d := range rd.docs {
		var prior *apply.Patch
		if by == "gate" {
			prior = d.policy
		}
		p, err := loop.BuildPatch(d.text, prior, d.f.Items, func(it loop.Item) bool {
			dec, ok := rd.decisions.Get(it.Key)
			return ok && dec.Action == loop.Apply && (dec.By == "policy") == (by == "policy")
		})
		if err != nil && !errors.Is(err, loop.ErrConflictingApprovals) {
			err = fmt.Errorf("%w: %s: the journaled edits do not apply to the text the round reviewed: %v", journal.ErrCorrupt, d.name, err)
		}
		if err != nil {
			return fmt.Errorf("editorial: round %d: %w", rd.n, err)
		}
		if by == "gate" {
			d.gate = p
		} else {
			d.policy = p
		}
		changes = append(changes, journal.FileChange{Name: d.name, Patch: p})
	}
	if !r.readOnly && !r.start.DryRun {
		r.mu.Lock()
		r.effect, r.undoing = rd.n, false
		r.mu.Unlock()
		err := r.j.Commit(ctx, key(rd.n, by), r.root, changes)
		if errors.Is(err, journal.ErrChanged) {
			return fmt.Errorf("%w: round %d's edits were not written, the change is kept: %w", ErrDocumentChanged, rd.n, err)
		} else if err != nil {
			return fmt.Errorf("editorial: round %d: %w", rd.n, err)
		}
	}
	if !r.start.DryRun {
		for i, c := range changes {
			r.expect[i] = hexOf(c.Patch.Result)
		}
	}
	return nil
}

// stopRule is the Editorial Swarm's stop rule: no answer is never
// converged, not even in a dry run; a dry run stops after its round; a
// rewrite request stops; then convergence (no high finding open), a round
// that changed nothing, and the round cap.
func (r *runner) stopRule() loop.StopRule {
	dry := func([]loop.RoundSummary) (loop.StopReason, bool) { return loop.DryRun, r.start.DryRun }
	rewrite := func([]loop.RoundSummary) (loop.StopReason, bool) {
		rd := r.rs[len(r.rs)-1]
		for _, it := range rd.items() {
			if d, ok := rd.decisions.Get(it.Key); it.Finding.Category == RewriteCategory && (!ok || d.Action != loop.Reject) {
				return loop.RewriteRequested, true
			}
		}
		return "", false
	}
	return loop.FirstOf(loop.NoAnswer(), dry, rewrite, loop.NoneOpen(finding.High), loop.NoProgress(), loop.RoundCap(r.start.MaxRounds))
}

// summarize is what the stop rules see of round rd.
func summarize(rd *round) loop.RoundSummary {
	answered, skipped, changed := 0, 0, false
	for _, d := range rd.docs {
		answered += len(d.f.Reviews)
		skipped += len(d.f.Skips)
		changed = changed || len(d.policy.Changes)+len(d.gate.Changes) > 0
	}
	return loop.Summarize(rd.n, answered, skipped, rd.items(), &rd.decisions, changed)
}

// rejected lists every finding rejected so far, in the order decided.
func (r *runner) rejected() []loop.Rejection {
	var out []loop.Rejection
	for _, rd := range r.rs {
		out = append(out, rd.decisions.Rejected(rd.n, rd.items())...)
	}
	return out
}

// key is round n's step or side-effect key for what.
func key(n int, what string) string { return fmt.Sprintf("r%d/%s", n, what) }

// hashHex returns the SHA-256 of b in hex.
func hashHex(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

func hexOf(h [32]byte) string { return hex.EncodeToString(h[:]) }

// short abbreviates a hex hash for messages.
func short(h string) string { return h[:min(len(h), 12)] }
