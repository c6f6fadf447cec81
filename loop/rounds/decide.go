package rounds

import (
	"context"
	"errors"
	"fmt"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// ErrConflictingApprovals: a gate approved two findings of one conflict
// group.
var ErrConflictingApprovals = errors.New("conflicting findings approved")

// policyPass returns the decisions policy p makes without asking about
// the items decided does not know: Apply for each item p.Auto allows, and
// with each the other items proposing the identical edit (its
// Supporters). It is a pure function of its arguments, so a replayed
// driver makes the same pass and need not journal it.
func policyPass(items []loop.Item, p Policy, decided map[string]Decision) []Decision {
	var batch []Decision
	taken := map[string]bool{}
	undecided := func(k string) bool {
		_, ok := decided[k]
		return !ok && !taken[k]
	}
	for _, it := range items {
		if !undecided(it.Key) || !p.Auto(it) {
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
	return batch
}

// gateAnswer is what one gate pass returned.
type gateAnswer struct {
	// Decisions are the gate's decisions, in item order, each with By
	// "gate".
	Decisions []Decision `json:"decisions"`
	// Pending are the keys the gate did not decide (a file gate whose file
	// does not name them yet).
	Pending []string `json:"pending,omitempty"`
	// Fresh is set when every batch that left items pending was asked by
	// this execution, none replayed from the journal: only then has the
	// gate seen them pending now (a driver waits), while pending items of
	// a replayed batch are worth asking again (the user came back). Not
	// journaled.
	Fresh bool `json:"-"`
}

// gateWire is one gate batch in the journal.
type gateWire struct {
	Decisions []decisionWire `json:"decisions"`
	Pending   []string       `json:"pending,omitempty"`
}

// decisionWire is a Decision in the journal.
type decisionWire struct {
	Key    string `json:"key"`
	Action Action `json:"action"`
	Reason string `json:"reason,omitempty"`
	By     string `json:"by,omitempty"`
}

// askGate hands the items decided does not know to gate in batches of at
// most MaxBatch (Batch.Round is round), each batch a journal step keyed
// key+"/"+page: a replayed pass asks nothing twice and a kill mid-gate
// loses no decision. show, when not nil, rewrites the items a batch shows
// (for example their lines in the document as it is now). A batch's
// decisions are checked whole before they are journaled: an approval of
// an item without an edit becomes a deferral saying so, and two approvals
// in one conflict group (with the decisions already made) are refused with
// ErrConflictingApprovals, so that batch is asked again on resume. A gate's
// error (ErrStop among them) is returned wrapped and not journaled.
func askGate(ctx context.Context, j *journal.Journal, key string, round int, items []loop.Item, decided map[string]Decision, gate Approver, show func([]loop.Item) []loop.Item) (gateAnswer, error) {
	var ask []loop.Item
	for _, it := range items {
		if _, ok := decided[it.Key]; !ok {
			ask = append(ask, it)
		}
	}
	known := make(map[string]Decision, len(decided))
	for k, d := range decided {
		known[k] = d
	}
	keys := make([]string, len(items))
	for i, it := range items {
		keys[i] = it.Key
	}
	conflicts := newConflictIndex(items)
	out := gateAnswer{Fresh: true}
	pages := (len(ask) + MaxBatch - 1) / MaxBatch
	for p := 0; p < pages; p++ {
		page := ask[p*MaxBatch : min(len(ask), (p+1)*MaxBatch)]
		k := fmt.Sprintf("%s/%d", key, p+1)
		replayed := j.Done(k)
		w, err := journal.Step(ctx, j, k, func(ctx context.Context) (gateWire, error) {
			shown := page
			if show != nil {
				shown = show(page)
			}
			ds, err := gate.Approve(ctx, Batch{Round: round, Page: p + 1, Pages: pages, Items: shown, Keys: keys})
			if err != nil {
				return gateWire{}, fmt.Errorf("round %d: gate: %w", round, err)
			}
			a := screen(page, ds)
			w := gateWire{Pending: a.Pending}
			for _, d := range a.Decisions {
				w.Decisions = append(w.Decisions, decisionWire(d))
			}
			return w, conflicts.check(round, known, a.Decisions)
		})
		if err != nil {
			return out, err
		}
		a := gateAnswer{Pending: w.Pending}
		for _, d := range w.Decisions {
			a.Decisions = append(a.Decisions, Decision(d))
		}
		if replayed && len(a.Pending) > 0 {
			out.Fresh = false
		}
		for _, d := range a.Decisions {
			known[d.Key] = d
		}
		out.Decisions = append(out.Decisions, a.Decisions...)
		out.Pending = append(out.Pending, a.Pending...)
	}
	return out, nil
}

// approvedNoEdit starts the reason of the deferral an approval of an item
// without an edit becomes; journaled, so it must not change.
const approvedNoEdit = "approved, but it has no edit to apply"

// screen keeps the gate's decisions for items, in item order, and lists
// the items it did not decide.
func screen(items []loop.Item, ds []Decision) gateAnswer {
	got := make(map[string]Decision, len(ds))
	for _, d := range ds {
		got[d.Key] = d
	}
	var a gateAnswer
	for _, it := range items {
		d, ok := got[it.Key]
		if !ok {
			a.Pending = append(a.Pending, it.Key)
			continue
		}
		if d.Action == Apply && !it.Applicable() {
			d = Decision{Key: it.Key, Action: Defer, Reason: approvedNoEdit + " (" + it.Note + ")"}
		}
		d.By = "gate"
		a.Decisions = append(a.Decisions, d)
	}
	return a
}

// conflictIndex holds a round's conflict groups, so that a gate batch is
// checked against its own groups only, not against every item.
type conflictIndex struct {
	group   map[string]int   // item key -> its conflict group
	members map[int][]string // conflict group -> its items' keys, in table order
}

// newConflictIndex indexes the conflict groups of items.
func newConflictIndex(items []loop.Item) conflictIndex {
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
func (ci conflictIndex) check(round int, decided map[string]Decision, batch []Decision) error {
	inBatch := make(map[string]Decision, len(batch))
	for _, d := range batch {
		inBatch[d.Key] = d
	}
	approved := func(k string) bool {
		if d, ok := inBatch[k]; ok {
			return d.Action == Apply
		}
		d, ok := decided[k]
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
				return fmt.Errorf("%w in round %d: %s and %s change overlapping text; approve at most one (nothing of this batch was recorded)", ErrConflictingApprovals, round, first, k)
			}
			first = k
		}
	}
	return nil
}
