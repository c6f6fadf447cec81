package goldfish

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/apply/document"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// ErrMaterialsChanged: a resumed run was given other reviewers or context
// materials than it started with; what the goldfish saw would no longer be
// what the journal says.
var ErrMaterialsChanged = errors.New("goldfish: the reviewers or context materials differ from the run's")

// driver is one execution of the Goldfish loop over its run.
type driver struct {
	l        *Loop
	r        *rounds.Run[settings]
	resolver Resolver
	fish     []*Goldfish // the reviewers (stand-ins when an undo replays without them)
	refs     []agent.Reference
	rs       []*rounds.Round
	gs       []*goldRound
	mem      Memory
	history  []agent.Message
	agree    map[string]Agreement
	spent    []spent // the resolver's, synthesizer's and probe's calls
}

// goldRound is what a round adds to the kernel's: the section, the
// resolver's answers, the memory's work and the gate choice.
type goldRound struct {
	region   document.Region
	summary  string
	ruling   map[string]Resolution
	reopened map[string]*Entry
	memDrop  []loop.Item
	choice   string
	clean    map[string]bool // reviewers that answered with nothing open at Major or above
	closing  string          // the closing question's answer (ClosingNext, ClosingCheck), if asked
}

func (l *Loop) driver(r *rounds.Run[settings]) (*driver, error) {
	d := &driver{l: l, r: r, resolver: l.Resolver, fish: l.Reviewers, refs: l.Context, agree: map[string]Agreement{}}
	if d.resolver == nil {
		d.resolver = OfflineResolver{}
	}
	if r.ReplayOnly() && len(l.Reviewers) == 0 {
		d.fish = standIns(r.Settings)
		return d, nil
	}
	var names []string
	for _, g := range l.Reviewers {
		names = append(names, g.Name())
		if !slices.Equal(g.Seat.Materials, r.Settings.Materials[g.Name()]) {
			return nil, fmt.Errorf("%w: reviewer %s's persona or standards are not those the run started with", ErrMaterialsChanged, g.Name())
		}
	}
	if !slices.Equal(names, r.Settings.Reviewers) {
		return nil, fmt.Errorf("%w: the run has reviewers %v, not %v", ErrMaterialsChanged, r.Settings.Reviewers, names)
	}
	if !slices.Equal(contextRecords(l.Context), r.Settings.Context) {
		return nil, fmt.Errorf("%w: the context materials are not those the run started with", ErrMaterialsChanged)
	}
	return d, nil
}

// standIns are the reviewers of a run replayed for rendering by a Loop
// that has none (an undo given only Dir): every answer comes from the
// journal, so a stand-in is never called; if it were, it fails.
func standIns(s settings) []*Goldfish {
	var out []*Goldfish
	for _, name := range s.Reviewers {
		r := agent.ReviewerFunc{ReviewerName: name, Fn: func(context.Context, agent.Target) (agent.Review, error) {
			return agent.Review{}, journal.ErrNotJournaled
		}}
		out = append(out, &Goldfish{Seat: Seat{Name: name, Persona: agent.Persona{Name: name}, Materials: s.Materials[name]}, Reviewer: r, Probe: slices.Contains(s.Probes, name)})
	}
	return out
}

// rounds runs (or replays) the rounds until one stops.
func (d *driver) rounds(ctx context.Context) (loop.StopReason, error) {
	s := d.r.Settings
	rule := loop.FirstOf(loop.NoAnswer(), loop.Signals(), d.clean(), loop.RoundCap(s.MaxRounds))
	var sums []loop.RoundSummary
	for n := 1; ; n++ {
		g := &goldRound{}
		d.gs = append(d.gs, g)
		rd, err := d.r.Review(ctx, n, d.review(n, g))
		if err != nil {
			return "", err
		}
		d.rs = append(d.rs, rd)
		stop, err := d.decide(ctx, rd, g)
		if err != nil {
			return "", err
		}
		if g.choice == "" { // waiting for the gate choice: nothing decided to render yet
			return stop, d.report(n, stop)
		}
		if err := d.r.RenderRound(rd, rounds.Policy{Scope: rounds.ScopeNone}); err != nil {
			return "", err
		}
		d.remember(rd, g)
		if stop != "" {
			return stop, d.report(n, stop)
		}
		sum := rd.Summary()
		sums = append(sums, sum)
		stop, _ = rule(sums)
		if stop == loop.Converged && n < s.MaxRounds {
			if stop, err = d.closing(ctx, n, g); err != nil {
				return "", err
			}
		}
		if stop != "" {
			return stop, d.report(n, stop)
		}
		if err := d.report(n, ""); err != nil {
			return "", err
		}
		d.r.Emit(loop.Event{Kind: rounds.RoundEnded, Round: n})
		if g.closing == ClosingCheck { // the answer was the yes to one more round
			continue
		}
		next, err := d.turn(ctx, n, sum)
		if err != nil || next != "" {
			return next, err
		}
	}
}

// The answers of the closing question, asked when the loop converged with
// rounds left under the cap (the question "rN/close").
const (
	// ClosingNext ends the run: the section goes on to the next stage.
	// It is the default, the answer of loop.AutoAsker and of "-yes", so a
	// program that runs the loop as one step of its own gets control
	// back.
	ClosingNext = "next"
	// ClosingCheck asks for a last check: one more round runs, without
	// the turn question, and the stop rules go on counting; a clean round
	// converges again and the closing question is asked again.
	ClosingCheck = "check"
)

// closing asks the closing question after round n converged: "" runs a
// last check (round n+1), Converged ends the run (next stage, or the
// person quit at the question), AwaitingDecisions waits for the answer.
func (d *driver) closing(ctx context.Context, n int, g *goldRound) (loop.StopReason, error) {
	q := loop.Question{Key: fmt.Sprintf("r%d/close", n), Kind: loop.Choice, Default: ClosingNext,
		Prompt: fmt.Sprintf("The review rounds are complete with no open issues (%d consecutive clean rounds). Go on to the next stage, or is there something to check last?", d.r.Settings.CleanRounds),
		Options: []loop.Option{{ID: ClosingNext, Label: "Next stage: the review is done"},
			{ID: ClosingCheck, Label: fmt.Sprintf("A last check: run round %d", n+1)}}}
	a, stop, err := d.ask(ctx, q, loop.Converged)
	if err != nil || stop != "" {
		return stop, err
	}
	g.closing = a.Choice
	if a.Choice == ClosingCheck {
		return "", nil
	}
	return loop.Converged, nil
}

// clean is the stop rule of consecutive clean rounds: Converged after
// CleanRounds of them in a row. A round is clean when every goldfish
// answered and no Blocker or Major was left open (loop.RoundSummary.Clean
// at Major), no fix was written to the section (so the text the goldfish
// passed is the text that stays), and no goldfish of low self-agreement
// gave a clean answer (weak evidence does not count).
func (d *driver) clean() loop.StopRule {
	k := d.r.Settings.CleanRounds
	return func(sums []loop.RoundSummary) (loop.StopReason, bool) {
		run := 0
		for i := len(sums) - 1; i >= 0 && run < k; i-- {
			if !d.isClean(i) {
				break
			}
			run++
		}
		return loop.Converged, run >= k
	}
}

// isClean reports whether round i+1 (d.rs[i]) was clean; see clean.
func (d *driver) isClean(i int) bool {
	return d.rs[i].Summary().Clean(finding.Medium) && !d.weak(d.gs[i]) && !edited(d.rs[i])
}

// edited reports whether round rd wrote a fix.
func edited(rd *rounds.Round) bool {
	for _, doc := range rd.Docs {
		if (doc.Policy != nil && len(doc.Policy.Changes) > 0) || (doc.Gate != nil && len(doc.Gate.Changes) > 0) {
			return true
		}
	}
	return false
}

// weak reports whether a reviewer whose self-agreement is low gave round
// g a clean answer.
func (d *driver) weak(g *goldRound) bool {
	for name := range g.clean {
		if a, ok := d.agree[name]; ok && a.Weak(d.r.Settings.MinAgreement) {
			return true
		}
	}
	return false
}

// turn asks the turn boundary before round n+1: "" goes on, HumanStopped
// stops, AwaitingDecisions waits for the answer.
func (d *driver) turn(ctx context.Context, n int, sum loop.RoundSummary) (loop.StopReason, error) {
	q := loop.Question{Key: fmt.Sprintf("r%d/next", n), Kind: loop.Turn,
		Prompt: fmt.Sprintf("Round %d is done (%d Blocker/Major open); run round %d?", n, sum.OpenAtOrAbove(finding.Medium), n+1)}
	a, stop, err := d.ask(ctx, q, loop.HumanStopped)
	if err != nil {
		return "", err
	}
	if stop == "" && a.Choice == loop.No {
		stop = loop.HumanStopped
	}
	if stop != "" {
		return stop, d.report(n, stop)
	}
	return "", nil
}

// ask asks q once per run (loop.AskOnce): an answer still awaited is
// AwaitingDecisions, a person's stop (loop.ErrStop) is stopped.
func (d *driver) ask(ctx context.Context, q loop.Question, stopped loop.StopReason) (loop.Answer, loop.StopReason, error) {
	a, err := loop.AskOnce(ctx, d.r.J, d.asker(), q)
	switch {
	case errors.Is(err, loop.ErrWaiting):
		return a, loop.AwaitingDecisions, nil
	case errors.Is(err, loop.ErrStop):
		return a, stopped, nil
	}
	return a, "", err
}

func (d *driver) asker() loop.Asker {
	if d.l.Asker == nil {
		return loop.AutoAsker{}
	}
	return d.l.Asker
}

// choiceNone is a round's gate choice when it has nothing to decide: no
// question is asked.
const choiceNone = "none"

// decide asks the round's gate choice and decides the round through the
// kernel (Run.Decide): with ChoiceAuto the resolver's answers are the
// decisions, made before the gate (fixes applied, contests rejected);
// with ChoiceContinue nothing is decided (rounds.AutoGate defers all); with
// ChoiceInspect Loop.Gate decides, the resolver's answers shown in the
// items' Notes.
func (d *driver) decide(ctx context.Context, rd *rounds.Round, g *goldRound) (loop.StopReason, error) {
	q := loop.Question{Key: fmt.Sprintf("r%d/gate", rd.N), Kind: loop.Choice, Default: ChoiceAuto,
		Prompt: fmt.Sprintf("Round %d: %d finding(s) sorted by the resolver. How are they decided?", rd.N, len(rd.Items())),
		Options: []loop.Option{{ID: ChoiceAuto, Label: "Auto-approve: apply the proposed fixes, reject what was contested"},
			{ID: ChoiceContinue, Label: "Continue: apply nothing, go on to the next round"},
			{ID: ChoiceInspect, Label: "Inspect one by one"}}}
	if len(rd.Items()) == 0 {
		g.choice = choiceNone
	} else {
		a, stop, err := d.ask(ctx, q, loop.GateStopped)
		if err != nil || stop != "" {
			return stop, err
		}
		g.choice = a.Choice
	}
	var gate rounds.Approver = rounds.AutoGate{}
	doc := rd.Docs[0]
	switch g.choice {
	case ChoiceAuto:
		taken := map[int]bool{}
		far := map[string]bool{}
		for i, it := range doc.Findings.Items {
			res, ok := g.ruling[it.Key]
			switch {
			case !ok:
			case res.Kind == Contest:
				rd.Decisions.Add(rounds.Decision{Key: it.Key, Action: rounds.Reject, Reason: res.Reason, By: "resolver"})
			case res.Kind == ProposeFix && it.Applicable() && it.Far && !d.hasGate():
				rd.Decisions.Add(rounds.Decision{Key: it.Key, Action: rounds.Defer, Reason: farNote(it) + ": a person decides (choose inspect)", By: "policy"})
			case res.Kind == ProposeFix && it.Applicable() && it.Far:
				far[it.Key] = true
				doc.Findings.Items[i].Note = fmt.Sprintf("resolver: %s: %s; %s", res.Kind, loop.Printable(res.Reason), farNote(it))
			case res.Kind == ProposeFix && it.Applicable() && (it.Conflict == 0 || !taken[it.Conflict]):
				taken[it.Conflict] = it.Conflict != 0
				rd.Decisions.Add(rounds.Decision{Key: it.Key, Action: rounds.Apply, Reason: res.Reason, By: "resolver"})
			}
		}
		if len(far) > 0 {
			gate = farGate{gate: d.l.Gate, far: far}
		}
	case ChoiceInspect:
		if d.l.Gate != nil {
			gate = d.l.Gate
		}
		for i, it := range doc.Findings.Items {
			if res, ok := g.ruling[it.Key]; ok {
				doc.Findings.Items[i].Note = fmt.Sprintf("resolver: %s: %s", res.Kind, loop.Printable(res.Reason))
				if it.Far {
					doc.Findings.Items[i].Note += "; " + farNote(it)
				}
			}
		}
	}
	return d.r.Decide(ctx, rd, rounds.Policy{Scope: rounds.ScopeNone}, gate)
}

// hasGate reports whether Loop.Gate can decide anything: nil and
// rounds.AutoGate defer everything.
func (d *driver) hasGate() bool {
	_, auto := d.l.Gate.(rounds.AutoGate)
	return d.l.Gate != nil && !auto
}

// farNote says where the quote of a Far item was found, for the person
// who decides it.
func farNote(it loop.Item) string {
	return fmt.Sprintf("its quote was found only on lines %s, not near the reviewer's lines %s", it.Lines, it.Finding.LineRange)
}

// farGate is the gate of an auto-approved round with Far fixes: the
// resolver proposed them, but their quotes were found only away from the
// reviewers' lines, so they go to the person's gate; every other item
// left is deferred, as rounds.AutoGate does.
type farGate struct {
	gate rounds.Approver
	far  map[string]bool
}

// Approve hands the batch's Far items to the gate and defers the rest.
func (g farGate) Approve(ctx context.Context, b rounds.Batch) ([]rounds.Decision, error) {
	ask, rest := b, b
	ask.Items, rest.Items = nil, nil
	for _, it := range b.Items {
		if g.far[it.Key] {
			ask.Items = append(ask.Items, it)
		} else {
			rest.Items = append(rest.Items, it)
		}
	}
	out, err := rounds.AutoGate{}.Approve(ctx, rest)
	if err != nil || len(ask.Items) == 0 {
		return out, err
	}
	ds, err := g.gate.Approve(ctx, ask)
	if err != nil {
		return nil, err
	}
	return append(out, ds...), nil
}

// remember adds round rd's outcome to the contest memory: what was
// applied, what the gate rejected, and what the resolver contested and
// was not applied.
func (d *driver) remember(rd *rounds.Round, g *goldRound) {
	for _, it := range rd.Items() {
		dec, decided := rd.Decisions.Get(it.Key)
		res, resolved := g.ruling[it.Key]
		e := Entry{Round: rd.N, Key: it.Key, Reviewer: it.Reviewer, Finding: it.Finding}
		switch {
		case decided && dec.Action == rounds.Apply:
			e.Status, e.Reason = Applied, dec.Reason
		case decided && dec.Action == rounds.Reject && dec.By == "resolver":
			e.Status, e.Reason = Contested, dec.Reason
		case decided && dec.Action == rounds.Reject:
			e.Status, e.Reason = Rejected, dec.Reason
		case resolved && res.Kind == Contest:
			e.Status, e.Reason = Contested, res.Reason
		default:
			continue
		}
		d.mem.Add(e)
	}
	g.clean = map[string]bool{}
	for _, v := range d.reviewerViews(rd, g) {
		if v.Skipped == "" && v.Open == 0 {
			g.clean[v.Name] = true
		}
	}
}

func hexOf(h [32]byte) string { return hex.EncodeToString(h[:]) }

// shift moves items anchored in the section (its lines counted from 1,
// offsets from its start) into the file.
func shift(items []loop.Item, r document.Region) []loop.Item {
	off, lines := r.Span.Start, r.Lines.Start-1
	out := make([]loop.Item, len(items))
	for i, it := range items {
		if it.Edit != nil {
			e := *it.Edit
			e.Start, e.End = e.Start+off, e.End+off
			it.Edit = &e
		}
		it.Lines = moveLines(it.Lines, lines)
		it.Finding.LineRange = moveLines(it.Finding.LineRange, lines)
		out[i] = it
	}
	return out
}

func moveLines(r finding.LineRange, by int) finding.LineRange {
	if r.IsZero() {
		return r
	}
	return finding.LineRange{Start: r.Start + by, End: r.End + by}
}

// refix re-anchors item it on a PROPOSE_FIX of the resolver's own (a
// quote or a fix other than the finding's) in the section: the item then
// carries the resolver's edit. A fix that does not anchor keeps the
// finding's own, and says so in the Note.
func refix(section []byte, it loop.Item, res Resolution) loop.Item {
	f := it.Finding
	if res.Quote != "" {
		f.Quotes = append([]string{res.Quote}, f.Quotes...)
	}
	if res.Fix != "" {
		f.Fix = res.Fix
	}
	if f.Fix == it.Finding.Fix && f.Quote() == it.Finding.Quote() {
		return it
	}
	qp, err := apply.PatchQuotes(section, []apply.QuoteFix{{Key: it.Key, Quote: f.Quote(), Fix: f.Fix, Lines: f.LineRange}},
		apply.QuoteOptions{Options: apply.Options{Reviewed: true}})
	if err != nil || len(qp.Kept) != 1 {
		reason := "it does not anchor"
		if err != nil {
			reason = err.Error()
		} else if len(qp.Skips) == 1 {
			reason = qp.Skips[0].Err.Error()
		}
		it.Note = fmt.Sprintf("the resolver's fix was not used: %s", reason)
		return it
	}
	a := qp.Kept[0]
	it.Finding, it.Edit, it.Lines, it.Far, it.Note = f, &a.Edit, a.Lines, a.Far, ""
	return it
}

// members returns round n's council: every goldfish, twice in round 1
// when self-agreement is measured (a probe once: it restates, it does not
// find).
func (d *driver) members(n int) council.Council {
	c := council.Council{Limit: d.l.Limit, Timeout: d.l.Timeout}
	for _, g := range d.fish {
		m := council.Member{Reviewer: g}
		if n == 1 && d.r.Settings.Agreement && !g.Probe {
			m.Shots = 2
		}
		c.Members = append(c.Members, m)
	}
	return c
}
