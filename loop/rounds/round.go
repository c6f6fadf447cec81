package rounds

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"

	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
	"golang.org/x/sync/errgroup"
)

// docLimit is how many documents of a run are reviewed (and rendered) at
// once.
const docLimit = 4

// Round is what one round over a run's documents reviewed, decided and
// wrote: the values its steps returned, so a replayed round is the same.
type Round struct {
	N    int
	Docs []*DocRound // by document, in the run's order
	// Decisions are the round's decisions so far: a driver's own (a
	// resolver's rejections, say), the policy's and the gate's.
	Decisions Decisions
	// Waiting is set when the gate left items pending; Decided once the
	// gate's patches are built.
	Waiting, Decided bool
}

// DocRound is one document's part of a round.
type DocRound struct {
	Name     string // relative to the run's root, slash-separated
	File     string // what Item.File holds for it: "" in a run over one document, else Name
	Text     []byte // the text the round reviewed
	Findings loop.Findings
	Policy   *apply.Patch // the policy's edits, of Text
	Gate     *apply.Patch // the gate's edits, of Policy's result; nil until decided
}

// Items returns the round's items of every document, in order.
func (rd *Round) Items() []loop.Item {
	var out []loop.Item
	for _, d := range rd.Docs {
		out = append(out, d.Findings.Items...)
	}
	return out
}

// Summary is what the stop rules see of the round.
func (rd *Round) Summary() loop.RoundSummary {
	answered, skipped, changed := 0, 0, false
	for _, d := range rd.Docs {
		answered += len(d.Findings.Reviews)
		skipped += len(d.Findings.Skips)
		changed = changed || edits(d.Policy)+edits(d.Gate) > 0
	}
	return summarize(rd.N, answered, skipped, rd.Items(), &rd.Decisions, changed)
}

// readWire is a round's read of one document: the text on the run's first
// read of it, its hash on later rounds, whose text follows from the patches
// the run journaled.
type readWire struct {
	Text string `json:"text,omitempty"`
	Hash string `json:"hash"`
}

// legacyItemsWire is the step in which runs before the loop kernel's
// Run journaled a document's text and findings; a resumed older run
// replays it.
type legacyItemsWire struct {
	Text     string        `json:"text"`
	Findings loop.Findings `json:"findings"`
}

// Key is round n's step or side-effect key for what of the run's i-th
// document: "rN/what" in a run over one document, "rN/NAME/what" in a run
// over several.
func (r *Run[S]) Key(n, i int, what string) string {
	if len(r.Docs) == 1 {
		return fmt.Sprintf("r%d/%s", n, what)
	}
	return fmt.Sprintf("r%d/%s/%s", n, r.Docs[i].Name, what)
}

// File is what Item.File holds for the run's i-th document: "" in a run
// over one document, its Name in a run over several.
func (r *Run[S]) File(i int) string {
	if len(r.Docs) == 1 {
		return ""
	}
	return r.Docs[i].Name
}

// Review runs round n's reviews: each document is read (a step: its text
// on the first round, its hash later, the text then following from the
// journaled patches), checked to be what the run left (ErrDocumentChanged
// otherwise, nothing written), and handed to review, docLimit documents at
// once. review must take every value that could differ from steps
// (loop.ReviewRound does); what it returns is computed on every execution, not
// journaled, so it must be a function of those steps. One document's
// error stops the round.
func (r *Run[S]) Review(ctx context.Context, n int, review func(ctx context.Context, i int, text []byte) (loop.Findings, error)) (*Round, error) {
	r.Emit(loop.Event{Kind: RoundStarted, Round: n})
	ctx = r.roundContext(ctx, n)
	rd := &Round{N: n, Docs: make([]*DocRound, len(r.Docs))}
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(docLimit)
	for i, doc := range r.Docs {
		g.Go(func() error {
			d := &DocRound{Name: doc.Name, File: r.File(i)}
			if key := r.Key(n, i, "items"); r.J.Done(key) { // an older run's round
				w, err := journal.Step(gctx, r.J, key, func(context.Context) (legacyItemsWire, error) { return legacyItemsWire{}, nil })
				if err != nil {
					return err
				}
				d.Text, d.Findings = []byte(w.Text), w.Findings
				if got := hashHex(d.Text); got != r.expect[i] {
					return fmt.Errorf("%w: round %d reviewed a text of %s of SHA-256 %s, but the run left %s", journal.ErrCorrupt, n, doc.Name, short(got), short(r.expect[i]))
				}
				r.texts[i], rd.Docs[i] = d.Text, d
				return nil
			}
			text, err := r.read(gctx, n, i)
			if err != nil {
				return err
			}
			d.Text = text
			if d.Findings, err = review(gctx, i, text); err != nil {
				return err
			}
			rd.Docs[i] = d
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return rd, nil
}

// read returns the text of the run's i-th document round n reviews.
func (r *Run[S]) read(ctx context.Context, n, i int) ([]byte, error) {
	doc, known := r.Docs[i], r.texts[i] != nil
	w, err := journal.Step(ctx, r.J, r.Key(n, i, "read"), func(context.Context) (readWire, error) {
		text, err := loop.ReadDocument(doc.File)
		if err != nil {
			return readWire{}, err
		}
		if got := hashHex(text); got != r.expect[i] {
			return readWire{}, fmt.Errorf("%w: %s (round %d): its SHA-256 is %s, the run expected %s; nothing was changed", ErrDocumentChanged, loop.RelName(doc.File), n, short(got), short(r.expect[i]))
		}
		if known {
			return readWire{Hash: r.expect[i]}, nil
		}
		return readWire{Text: string(text), Hash: r.expect[i]}, nil
	})
	if err != nil {
		return nil, err
	}
	text := r.texts[i]
	if w.Text != "" || !known {
		text = []byte(w.Text)
	}
	if got := hashHex(text); got != r.expect[i] || w.Hash != r.expect[i] {
		return nil, fmt.Errorf("%w: round %d read %s of SHA-256 %s, but the run left %s", journal.ErrCorrupt, n, doc.Name, short(w.Hash), short(r.expect[i]))
	}
	r.texts[i] = text
	return text, nil
}

// Decide decides round rd and writes what it approves. Decisions already
// in rd.Decisions stand (a driver's own, such as a resolver's
// rejections); then the policy's (policyPass of p) are written (a side
// effect keyed "rN/policy"), so they are in place while a human decides
// the rest; then gate is asked in journaled batches (askGate) and its
// approvals written ("rN/gate"). A gate that leaves items pending (a file
// gate without their decisions) stops the round with loop.AwaitingDecisions,
// unless a batch of that pass that left items pending was journaled by an
// earlier execution (the user came back): then every pending item is
// asked again in a further pass of this execution (so an interactive gate
// may be asked again about an item it skipped in this one), and the round
// waits once a pass leaves items pending that this execution asked alone. ErrStop from
// the gate gives loop.GateStopped. A dry run writes nothing and does not wait.
// The reason is "" when the round was decided whole.
func (r *Run[S]) Decide(ctx context.Context, rd *Round, p Policy, gate Approver) (loop.StopReason, error) {
	ctx = r.inRound(ctx)
	items := rd.Items()
	rd.Decisions.Add(policyPass(items, p, rd.Decisions.Map())...)
	if err := r.write(ctx, rd, "policy"); err != nil {
		return "", err
	}
	if gate == nil {
		gate = AutoGate{}
	}
	show := rd.lineMaps()
	for pass := 1; ; pass++ {
		key := fmt.Sprintf("r%d/gate/%d", rd.N, pass)
		a, err := askGate(ctx, r.J, key, rd.N, items, rd.Decisions.Map(), gate, show)
		rd.Decisions.Add(a.Decisions...)
		switch {
		case errors.Is(err, loop.ErrStop):
			return loop.GateStopped, nil
		case err != nil:
			return "", err
		}
		if len(a.Pending) == 0 || r.DryRun {
			break
		}
		if a.Fresh {
			rd.Waiting = true
			return loop.AwaitingDecisions, nil
		}
	}
	r.Emit(loop.Event{Kind: Decided, Round: rd.N})
	rd.Decided = true
	return "", r.write(ctx, rd, "gate")
}

// write builds round rd's patches of the decisions made by by ("policy",
// or "gate" for every other decider), one per document, and writes them
// through the journal as one side effect (key "rN/by"), which checks every
// document's hash before any write; a dry run writes nothing, and a
// replay-only run only follows the text.
func (r *Run[S]) write(ctx context.Context, rd *Round, by string) error {
	var changes []journal.FileChange
	results := make([][]byte, len(rd.Docs))
	patches := make([]*apply.Patch, len(rd.Docs))
	for i, d := range rd.Docs {
		var prior *apply.Patch
		if by == "gate" {
			prior = d.Policy
		}
		p, err := buildPatch(d.Text, prior, d.Findings.Items, func(it loop.Item) bool {
			dec, ok := rd.Decisions.Get(it.Key)
			return ok && dec.Action == Apply && (dec.By == "policy") == (by == "policy")
		})
		if err == nil && !r.DryRun {
			results[i], err = p.Apply(r.texts[i])
		}
		if err != nil && !errors.Is(err, ErrConflictingApprovals) {
			err = fmt.Errorf("%w: %s: the journaled edits do not apply to the text the round reviewed: %v", journal.ErrCorrupt, d.Name, err)
		}
		if err != nil {
			return fmt.Errorf("round %d: %w", rd.N, err)
		}
		patches[i] = p
		changes = append(changes, journal.FileChange{Name: d.Name, Patch: p})
	}
	keep := func() { // the round's patches are its own once written (or in a dry run)
		for i, d := range rd.Docs {
			if by == "gate" {
				d.Gate = patches[i]
			} else {
				d.Policy = patches[i]
			}
		}
	}
	if r.DryRun {
		keep()
		return nil
	}
	r.mu.Lock()
	r.effect, r.undoing = rd.N, false
	r.mu.Unlock()
	err := r.J.Commit(ctx, fmt.Sprintf("r%d/%s", rd.N, by), r.root, changes)
	if errors.Is(err, journal.ErrChanged) {
		return fmt.Errorf("%w: round %d's edits were not written, the change is kept: %w", ErrDocumentChanged, rd.N, err)
	} else if err != nil {
		return fmt.Errorf("round %d: %w", rd.N, err)
	}
	keep()
	for i, c := range changes {
		r.texts[i], r.expect[i] = results[i], hex.EncodeToString(c.Patch.Result[:])
	}
	return nil
}

// lineMaps returns what a gate batch shows of items: their lines in each
// document as it is after the round's policy patch.
func (rd *Round) lineMaps() func([]loop.Item) []loop.Item {
	maps := map[string]*lineMap{}
	for _, d := range rd.Docs {
		maps[d.File] = newLineMap(d.Text, d.Policy)
	}
	return func(items []loop.Item) []loop.Item {
		out := make([]loop.Item, 0, len(items))
		for _, it := range items {
			out = append(out, maps[it.File].Current([]loop.Item{it})...)
		}
		return out
	}
}

// Landed reports, for each side-effect key of the run, whether it is on
// disk and not undone.
func (r *Run[S]) Landed() map[string]bool {
	out := map[string]bool{}
	for _, e := range r.J.Effects() {
		out[e.Key] = e.Done && !e.Undone
	}
	return out
}

// edits counts p's changes; nil has none (a round not decided yet).
func edits(p *apply.Patch) int {
	if p == nil {
		return 0
	}
	return len(p.Changes)
}

// hashHex returns the SHA-256 of b in hex.
func hashHex(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// short abbreviates a hex hash for messages.
func short(h string) string { return h[:min(len(h), 12)] }
