package multishot

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// shotWire is one attempt of a shot in the journal: the result, or why it
// failed (a failure is journaled too, so a replay retries the same way).
type shotWire struct {
	Result Result `json:"result"`
	Err    string `json:"err,omitempty"`
	// Timeout: the attempt failed past the per-call timeout.
	Timeout bool        `json:"timeout,omitempty"`
	Usage   agent.Usage `json:"usage"`
}

// plannedShot is one call of a wave.
type plannedShot struct {
	sl    *SliceState
	rv    Reviewer // the slice's harness, else Loop.Reviewer
	shot  int
	in    ShotInput
	wire  *shotWire // the successful attempt, or the last failed one
	ok    bool
	runs  int
	spent agent.Usage // every attempt's
	logs  []shotLog   // recorded after the dispatch, off the calls' path
	err   error       // why the step itself failed (the journal, a cancel)
}

type shotLog struct {
	key  string
	wire shotWire
}

// shotKey names a shot's attempt in the journal, by its place in the plan:
// "w3/code-loop#2", then "w3/code-loop#2/retry1".
func shotKey(wave int, slice string, shot, attempt int) string {
	k := fmt.Sprintf("w%d/%s#%d", wave, slice, shot)
	if attempt > 0 {
		k += fmt.Sprintf("/retry%d", attempt)
	}
	return k
}

// shotsFor is how many shots the slice's next pass runs.
func (s *session) shotsFor(sl *SliceState) int {
	passes := sl.ShotPasses
	if passes == 0 {
		passes = s.set.ShotPasses
	}
	if passes < 0 || sl.Passes < passes {
		return max(1, sl.Shots)
	}
	return 1
}

// runWave runs every runnable slice x shot through council.Dispatch under
// the session's limit, retries failed shots alone, then records, dedupes,
// judges and (Barrier) triages the wave's findings.
func (s *session) runWave(ctx context.Context) error {
	s.wave++
	w := s.wave
	var run []*SliceState
	for _, sl := range s.slices {
		if sl.runnable() {
			run = append(run, sl)
		}
	}
	texts, err := journal.Step(ctx, s.j, fmt.Sprintf("w%d/read", w), func(ctx context.Context) (map[string][]byte, error) {
		out := map[string][]byte{}
		for _, sl := range run {
			for _, name := range sl.Files {
				if f := s.file(name); f != nil && f.Status != Deleted {
					data, err := s.read(ctx, name)
					if err != nil {
						return nil, fmt.Errorf("multishot: wave %d: reading %s: %w", w, name, err)
					}
					out[name] = data
				}
			}
		}
		return out, nil
	})
	if err != nil {
		return err
	}
	var plan []*plannedShot
	for _, sl := range run {
		in := ShotInput{Slice: sl.Slice, Task: s.set.Task, Policies: policiesFor(s.policies, sl.Files), Root: s.change.Root,
			Worktree: s.change.Rev == "", Wave: w, Pass: sl.Passes + 1, Rejected: s.rejectedOn(sl.Files)}
		for _, name := range sl.Files {
			if f := s.file(name); f != nil {
				in.Files = append(in.Files, FileText{File: *f, Text: texts[name]})
				in.Worktree = in.Worktree || s.fixed[name]
			}
		}
		if !in.Worktree {
			in.Checkout = s.checkoutDir
		}
		rv, err := s.reviewer(sl.Slice)
		if err != nil {
			return fmt.Errorf("multishot: wave %d: %w", w, err)
		}
		for shot := 1; shot <= s.shotsFor(sl); shot++ {
			in := in
			in.Shot = shot
			plan = append(plan, &plannedShot{sl: sl, rv: rv, shot: shot, in: in})
		}
	}
	s.emit(Event{Event: loop.Event{Kind: "wave", Round: w, Text: fmt.Sprintf("%d slice(s), %d shot(s)", len(run), len(plan))}})
	pending := plan
	for attempt := 0; attempt <= s.set.Retries && len(pending) > 0; attempt++ {
		calls := make([]council.Call[shotWire], len(pending))
		for i, p := range pending {
			key := shotKey(w, p.sl.Name, p.shot, attempt)
			calls[i] = council.Call[shotWire]{Name: p.sl.Name, Shot: p.shot, Do: func(cctx context.Context) (shotWire, agent.Usage, error) {
				v, err := journal.Call(cctx, s.j, key, func(sctx context.Context) (shotWire, error) { return s.shoot(ctx, sctx, p) })
				if err != nil {
					p.err = err
					return v, v.Usage, err
				}
				p.wire, p.ok, p.runs = &v, v.Err == "", attempt+1
				p.spent = p.spent.Add(v.Usage)
				p.logs = append(p.logs, shotLog{key, v})
				return v, v.Usage, nil
			}}
		}
		if _, err := council.Dispatch(ctx, calls, council.DispatchOptions[shotWire]{Limit: s.set.MaxParallel, Timeout: s.set.Timeout}); err != nil {
			return fmt.Errorf("multishot: wave %d: %w", w, err)
		}
		var next []*plannedShot
		for _, p := range pending {
			if !p.ok {
				if p.wire == nil || p.err != nil {
					return fmt.Errorf("multishot: wave %d: slice %s, shot %d: %w", w, p.sl.Name, p.shot, p.err)
				}
				next = append(next, p)
			}
		}
		pending = next
	}
	s.emit(Event{Event: loop.Event{Kind: "dispatched", Round: w}})
	for _, p := range plan {
		for i, lg := range p.logs {
			s.runs = append(s.runs, shotRun{key: lg.key, wave: w, pass: p.in.Pass, slice: p.sl.Name, harness: p.sl.Harness,
				shot: p.shot, attempt: i + 1, wire: lg.wire})
		}
	}
	report := WaveReport{Wave: w}
	for _, sl := range run {
		var shots []*plannedShot
		for _, p := range plan {
			if p.sl == sl {
				shots = append(shots, p)
				s.usage = s.usage.Add(p.spent)
			}
		}
		rep, err := s.pass(ctx, sl, shots)
		if err != nil {
			return err
		}
		report.Shots = append(report.Shots, rep...)
	}
	s.waves = append(s.waves, report)
	if s.set.Mode == Report {
		for _, sl := range run {
			if sl.Status == Active {
				sl.Status = Reported
			}
		}
		return nil
	}
	return s.triage(ctx, w, run)
}

// shoot runs one attempt of a shot: the reviewer under the dispatch's
// context, its answer validated. A failure (an error, a timeout, an
// invalid result, a panic) is journaled as the attempt's outcome; the caller's own
// cancel (outer) is not, so a resumed run makes the attempt again.
func (s *session) shoot(outer, ctx context.Context, p *plannedShot) (w shotWire, err error) {
	defer func() {
		if v := recover(); v != nil { // a panicking reviewer fails its shot
			w, err = shotWire{Err: fmt.Sprintf("panic: %v", v)}, nil
		}
	}()
	res, u, err := p.rv.Review(ctx, p.in)
	if err == nil {
		err = res.Validate(p.sl.Files)
	}
	if err != nil {
		if outer.Err() != nil {
			return shotWire{}, err
		}
		timeout := ctx.Err() != nil
		if timeout {
			err = fmt.Errorf("%w: %w", council.ErrTimeout, err)
		}
		return shotWire{Err: err.Error(), Timeout: timeout, Usage: u}, nil
	}
	if res.Findings == nil {
		res.Findings = []ShotFinding{}
	}
	return shotWire{Result: res, Usage: u}, nil
}

// pass records one slice's pass: ids, rejection memory, sibling dedupe,
// shot decay, and the judge when the window is used up.
func (s *session) pass(ctx context.Context, sl *SliceState, shots []*plannedShot) ([]ShotReport, error) {
	w := s.wave
	var reports []ShotReport
	var all []shotFinding
	var errs, failed []string
	succeeded := 0
	for _, p := range shots {
		r := ShotReport{Slice: sl.Name, Shot: p.shot, Attempts: p.runs}
		if !p.ok {
			r.Error = p.wire.Err
			errs = append(errs, fmt.Sprintf("shot %d: %s", p.shot, p.wire.Err))
		} else {
			succeeded++
			r.Skipped = p.wire.Result.Skipped
			for _, k := range r.Skipped {
				s.note(fmt.Sprintf("slice %s: %s", sl.Name, strings.Join(strings.Fields(k.String()), " "))) // one line
				if k.Failed && !slices.Contains(failed, k.String()) {
					failed = append(failed, k.String())
				}
			}
			r.Findings = len(p.wire.Result.Findings)
			for _, f := range p.wire.Result.Findings {
				all = append(all, shotFinding{Shot: p.shot, Index: len(all), ShotFinding: f})
			}
		}
		reports = append(reports, r)
		s.emit(Event{Event: loop.Event{Kind: "shot", Round: w, Text: fmt.Sprintf("%d finding(s), %d attempt(s) %s", r.Findings, r.Attempts, r.Error)}, Slice: sl.Name, Shot: p.shot})
	}
	if succeeded == 0 {
		sl.Status, sl.Error = Failed, strings.Join(errs, "; ")
		return reports, nil
	}
	sl.Passes++
	sl.WindowPasses++
	pass := sl.Passes
	found := make([]*Finding, len(all))
	var fresh []shotFinding // not dropped by the rejection memory
	for i, f := range all {
		id := s.newID(shotKey(w, sl.Name, f.Shot, 0), f.Index)
		nf := &Finding{ID: id, Slice: sl.Name, Def: sl.Def, Wave: w, Pass: pass, Shot: f.Shot, ShotFinding: f.ShotFinding}
		nf.Council = toFinding(id, sl.Name, f.ShotFinding)
		if reason, ok := s.rejection(f.ShotFinding); ok {
			nf.State = finding.State{Status: finding.Ignored, Reason: "rejected before: " + reason, By: "memory", At: s.now}
		} else {
			fresh = append(fresh, shotFinding{Shot: f.Shot, Index: i, ShotFinding: f.ShotFinding})
		}
		found[i] = nf
		s.findings = append(s.findings, nf)
		s.byID[id] = nf
	}
	marks, err := journal.Step(ctx, s.j, fmt.Sprintf("w%d/%s/dedupe", w, sl.Name), func(context.Context) ([]Mark, error) {
		canon := siblings(fresh)
		marks := []Mark{}
		for i, c := range canon {
			if c < 0 {
				continue
			}
			a, b := found[fresh[i].Index], found[fresh[c].Index]
			lines, tokens := features(a.ShotFinding, b.ShotFinding)
			marks = append(marks, Mark{ID: a.ID, Canonical: b.ID, Auto: true, Path: a.Location.Path, LineOverlap: lines,
				TokenOverlap: tokens, Shot: a.Shot, Pass: pass, Wave: w})
		}
		return marks, nil
	})
	if err != nil {
		return nil, err
	}
	for _, m := range marks {
		if s.set.ConfirmDuplicates {
			a, err := loop.AskOnce(ctx, s.j, s.asker(), loop.Question{Key: fmt.Sprintf("w%d/confirm/%s", w, m.ID), Kind: loop.Confirm,
				Prompt: fmt.Sprintf("%s (%s) repeats %s (%s)?", m.ID, s.byID[m.ID].Title, m.Canonical, s.byID[m.Canonical].Title)})
			if err != nil {
				return nil, err
			}
			m.Overturned = a.Choice == loop.No
		}
		s.marks = append(s.marks, m)
		if !m.Overturned {
			f := s.byID[m.ID]
			f.State = finding.State{Status: finding.Duplicate, DuplicateOf: m.Canonical, By: "auto", At: s.now,
				Reason: fmt.Sprintf("shot %d repeats shot %d: %d line(s) shared, title overlap %.2f", m.Shot, s.byID[m.Canonical].Shot, m.LineOverlap, m.TokenOverlap)}
		}
	}
	s.emit(Event{Event: loop.Event{Kind: "dedupe", Round: w, Text: fmt.Sprintf("%d automatic duplicate(s)", len(marks))}, Slice: sl.Name})
	// Shot decay: every shot that kept nothing lowers the count by one.
	decay := 0
	for ri, p := range shots {
		if !p.ok {
			continue
		}
		kept := 0
		for _, f := range found {
			if f.Shot == p.shot && f.kept() {
				kept++
			}
		}
		reports[ri].Kept = kept
		if kept == 0 {
			decay++
		}
	}
	if decay > 0 && len(shots) > 1 {
		sl.Shots = max(1, sl.Shots-decay)
	}
	var kept []*Finding
	for _, f := range found {
		if f.kept() {
			kept = append(kept, f)
		}
	}
	s.emit(Event{Event: loop.Event{Kind: "pass", Round: w, Text: fmt.Sprintf("pass %d (window %d, %d/%d): %d kept", pass, sl.Window, sl.WindowPasses, s.set.MaxPasses, len(kept))}, Slice: sl.Name})
	switch {
	case len(failed) > 0:
		// A reviewer failed: what it did not get to is unknown, so the
		// slice is not done (its findings are still triaged).
		sl.Status, sl.Error = Failed, strings.Join(failed, "; ")
	case len(kept) == 0:
		sl.Status = Clean
	case sl.WindowPasses >= s.set.MaxPasses:
		return reports, s.judge(ctx, sl, kept)
	}
	return reports, nil
}

// reviewer returns the Reviewer of sl's shots: its harness's, else the
// Loop's.
func (s *session) reviewer(sl Slice) (Reviewer, error) {
	if sl.Harness == "" {
		return s.l.Reviewer, nil
	}
	if err := s.checkHarness(sl); err != nil {
		return nil, err
	}
	return s.l.Harness(sl.Harness)
}

// file returns the change's file named name, or nil.
func (s *session) file(name string) *File {
	for i := range s.change.Files {
		if s.change.Files[i].Path == name {
			return &s.change.Files[i]
		}
	}
	return nil
}

// read returns a file's content for a pass: the working tree's for an
// uncommitted change and for files the run fixed, else the reviewed
// commit's.
func (s *session) read(ctx context.Context, name string) ([]byte, error) {
	if s.fixed[name] {
		d, err := s.openDir()
		if err != nil {
			return nil, err
		}
		return d.ReadFile(name)
	}
	return s.change.Read(ctx, name)
}
