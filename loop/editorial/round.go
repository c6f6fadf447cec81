package editorial

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// round is what one round reviewed, decided and wrote.
type round struct {
	n         int
	text      []byte // the text the round reviewed
	f         loop.Findings
	decisions loop.Decisions
	policy    *apply.Patch // the policy's edits, of text
	gate      *apply.Patch // the gate's edits, of policy's result; nil until decided
	waiting   bool         // the gate left items pending
}

// roundWire is the step that holds a round's reviewed text and findings.
type roundWire struct {
	Text     string        `json:"text"`
	Findings loop.Findings `json:"findings"`
}

// errMissing stops a read-only replay at the first step not journaled.
var errMissing = errors.New("editorial: not journaled")

// round runs (or replays) round n and says whether the loop stops.
func (r *runner) round(ctx context.Context, n int) (loop.StopReason, error) {
	l := r.l
	r.emit(Event{Kind: RoundStarted, Round: n})
	w, err := journal.Step(ctx, r.j, key(n, "items"), func(ctx context.Context) (roundWire, error) {
		if r.readOnly {
			return roundWire{}, errMissing
		}
		return r.review(ctx, n)
	})
	if err != nil {
		return "", err
	}
	rd := &round{n: n, text: []byte(w.Text), f: w.Findings}
	r.rs = append(r.rs, rd)
	if hashHex(rd.text) != r.expect {
		return "", fmt.Errorf("%w: round %d reviewed a text of SHA-256 %s, but the run left %s", journal.ErrCorrupt, n, short(hashHex(rd.text)), short(r.expect))
	}
	// The policy's edits land before the gate is asked, so they are in
	// place even while the gate waits for a human.
	pol := r.start.Policy
	rd.decisions.Add(loop.PolicyPass(rd.f.Items, pol, rd.decisions.Map())...)
	if rd.policy, err = r.patch(rd, nil, "policy"); err != nil {
		return "", err
	}
	if err := r.commit(ctx, n, "policy", rd.policy); err != nil {
		return "", err
	}
	gate := l.Gate
	if gate == nil {
		gate = loop.AutoGate{}
	}
	if r.readOnly {
		gate = loop.ApproverFunc(func(context.Context, loop.Batch) ([]loop.Decision, error) { return nil, errMissing })
	}
	lines := loop.NewLineMap(rd.text, rd.policy)
	for pass := 1; ; pass++ {
		a, err := loop.AskGate(ctx, r.j, fmt.Sprintf("r%d/gate/%d", n, pass), n, rd.f.Items, rd.decisions.Map(), gate, lines.Current)
		rd.decisions.Add(a.Decisions...)
		switch {
		case errors.Is(err, loop.ErrStop):
			return loop.GateStopped, r.render(rd)
		case errors.Is(err, errMissing):
			rd.waiting = true
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
	if rd.gate, err = r.patch(rd, rd.policy, "gate"); err != nil {
		return "", err
	}
	if err := r.commit(ctx, n, "gate", rd.gate); err != nil {
		return "", err
	}
	if err := r.render(rd); err != nil {
		return "", err
	}
	r.sums = append(r.sums, summarize(rd))
	r.emit(Event{Kind: RoundEnded, Round: n})
	return "", nil
}

// review reads the document, checks it is what the run left, and has the
// council review it: the body of a round's "items" step.
func (r *runner) review(ctx context.Context, n int) (roundWire, error) {
	text, err := loop.ReadDocument(r.path)
	if err != nil {
		return roundWire{}, err
	}
	if got := hashHex(text); got != r.expect {
		return roundWire{}, fmt.Errorf("%w: %s (round %d): its SHA-256 is %s, the run expected %s; nothing was changed", ErrDocumentChanged, loop.RelName(r.path), n, short(got), short(r.expect))
	}
	c := r.l.Council
	obs := c.Observer
	c.Observer = func(e council.Event) {
		if obs != nil {
			obs(e)
		}
		r.emit(Event{Kind: CouncilEvent, Round: n, Council: &e})
	}
	rejected := r.rejected()
	t := agent.Target{Path: filepath.Base(r.path), Text: text, ReaderProfile: r.start.ReaderProfile, References: r.l.References, Round: n, Rejected: loop.Targets(rejected)}
	cr, err := loop.ReviewRound(ctx, r.j, key(n, "review"), c, t)
	if err != nil {
		return roundWire{}, fmt.Errorf("editorial: round %d: %w", n, err)
	}
	return roundWire{Text: string(text), Findings: loop.ItemsOf(text, cr, rejected, n, r.l.MaxFindings)}, nil
}

// patch builds round rd's patch of the decisions made by by ("policy" or
// "gate") onto prior.
func (r *runner) patch(rd *round, prior *apply.Patch, by string) (*apply.Patch, error) {
	p, err := loop.BuildPatch(rd.text, prior, rd.f.Items, func(it loop.Item) bool {
		d, ok := rd.decisions.Get(it.Key)
		return ok && d.Action == loop.Apply && (d.By == "policy") == (by == "policy")
	})
	if err != nil && !errors.Is(err, loop.ErrConflictingApprovals) {
		err = fmt.Errorf("%w: round %d: the journaled edits do not apply to the text the round reviewed: %v", journal.ErrCorrupt, rd.n, err)
	}
	if err != nil {
		return nil, fmt.Errorf("editorial: round %d: %w", rd.n, err)
	}
	return p, nil
}

// commit writes round n's patch p through the journal (key "rN/what"),
// which checks the document's hash before the write; a dry run writes
// nothing, and a read-only replay only follows the text.
func (r *runner) commit(ctx context.Context, n int, what string, p *apply.Patch) error {
	if r.readOnly || r.start.DryRun {
		if !r.start.DryRun {
			r.expect = hexOf(p.Result)
		}
		return nil
	}
	r.mu.Lock()
	r.effect, r.undoing = n, false
	r.mu.Unlock()
	err := r.j.Commit(ctx, key(n, what), r.root, []journal.FileChange{{Name: filepath.Base(r.path), Patch: p}})
	if errors.Is(err, journal.ErrChanged) {
		return fmt.Errorf("%w: %s: round %d's edits were not written, the change is kept: %w", ErrDocumentChanged, loop.RelName(r.path), n, err)
	} else if err != nil {
		return fmt.Errorf("editorial: round %d: %w", n, err)
	}
	r.expect = hexOf(p.Result)
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
		for _, it := range rd.f.Items {
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
	return loop.Summarize(rd.n, len(rd.f.Reviews), len(rd.f.Skips), rd.f.Items, &rd.decisions, len(rd.policy.Changes)+len(rd.gate.Changes) > 0)
}

// rejected lists every finding rejected so far, in the order decided.
func (r *runner) rejected() []loop.Rejection {
	var out []loop.Rejection
	for _, rd := range r.rs {
		out = append(out, rd.decisions.Rejected(rd.n, rd.f.Items)...)
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
