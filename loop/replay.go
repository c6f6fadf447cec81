package loop

import (
	"encoding/hex"
	"fmt"
	"path/filepath"
)

// replay rebuilds a run's state from its journal records, checking that
// they make sense together: every inconsistency (a record out of place, a
// payload that does not decode, hashes that do not chain) is an error
// wrapping ErrJournalCorrupt that names the record, never a panic and
// never trusted. The rules, which every journal Run and Undo write keeps:
//
//   - the start record comes first, once, with an absolute file, a SHA-256
//     base and a round cap of at least 1;
//   - a round's records belong to the round in progress, or open the next
//     one once the last has ended, up to the round cap; a review comes
//     before the round's items; decisions, waits, patches and the round's
//     end after them;
//   - a round's patches come in phase order, each once, each made for the
//     document as the journal says it is (the last applied patch's result,
//     or the base); an applied record follows its patch, once, with its
//     result;
//   - after the run's end only an undo plan may follow (or reverts without
//     one, as Undo wrote them before plans existed); inside an undo only
//     its reverts and the end that closes it; a revert undoes the last
//     applied patch, with the patch's base as its result.
func replay(recs []Record) (*runState, error) {
	s := &runState{}
	for _, rec := range recs {
		if err := s.apply(rec); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// corrupt returns an error wrapping ErrJournalCorrupt that names rec.
func corrupt(rec Record, format string, args ...any) error {
	return fmt.Errorf("%w: record %d (%s): %s", ErrJournalCorrupt, rec.Seq, rec.Kind, fmt.Sprintf(format, args...))
}

// decode decodes rec's payload into v; a payload that does not decode is
// corruption.
func decode(rec Record, v any) error {
	if err := rec.Decode(v); err != nil {
		return fmt.Errorf("%w: %v", ErrJournalCorrupt, err)
	}
	return nil
}

// apply adds one record to the state.
func (s *runState) apply(rec Record) error {
	switch {
	case rec.Kind == kindStart:
		if s.start != nil {
			return corrupt(rec, "a second start")
		}
		return s.applyStart(rec)
	case s.start == nil:
		return corrupt(rec, "before the run's start")
	case s.undoOpen && rec.Kind != kindUndo && rec.Kind != kindEnd:
		return corrupt(rec, "inside an undo, which only reverts and ends")
	case s.end != nil && !s.undoOpen && rec.Kind != kindUndoPlan && rec.Kind != kindUndo:
		return corrupt(rec, "after the run's end")
	}
	switch rec.Kind {
	case kindEnd:
		o := new(Outcome)
		if err := decode(rec, o); err != nil {
			return err
		}
		s.end, s.undoOpen = o, false
		return nil
	case kindUndoPlan:
		p := new(undoPlanRecord)
		if err := decode(rec, p); err != nil {
			return err
		}
		if err := s.checkPlan(rec, p); err != nil {
			return err
		}
		s.undo, s.undoOpen = p, true
		return nil
	case kindUndo:
		return s.applyUndo(rec)
	}
	rs, err := s.roundOf(rec)
	if err != nil {
		return err
	}
	switch rec.Kind {
	case kindReview:
		if rs.items != nil {
			return corrupt(rec, "a review after round %d's items", rs.n)
		}
		var r reviewRecord
		if err := decode(rec, &r); err != nil {
			return err
		}
		if r.Report == nil {
			return corrupt(rec, "holds no report")
		}
		rs.reviews = append(rs.reviews, r)
		return nil
	case kindItems:
		if rs.items != nil {
			return corrupt(rec, "round %d's items again", rs.n)
		}
		items := new(itemsRecord)
		if err := decode(rec, items); err != nil {
			return err
		}
		if !isHash(items.Text) {
			return corrupt(rec, "the reviewed text's hash %q is not a SHA-256", items.Text)
		}
		rs.items = items
		return nil
	}
	if rs.items == nil {
		return corrupt(rec, "before round %d's items", rs.n)
	}
	switch rec.Kind {
	case kindDecision, kindDecisions:
		var batch decisionsRecord
		if rec.Kind == kindDecision { // journals before decisions were batched
			batch.Decisions = make([]Decision, 1)
			if err := decode(rec, &batch.Decisions[0]); err != nil {
				return err
			}
		} else if err := decode(rec, &batch); err != nil {
			return err
		}
		for _, d := range batch.Decisions {
			if _, dup := rs.decisions[d.Key]; !dup {
				rs.order = append(rs.order, d.Key)
			}
			rs.decisions[d.Key] = d
		}
		rs.waiting = false
	case kindWait:
		rs.waiting = true
	case kindPatch:
		return s.applyPatch(rec, rs)
	case kindApplied:
		var a appliedRecord
		if err := decode(rec, &a); err != nil {
			return err
		}
		if err := checkPhase(rec, a.Phase); err != nil {
			return err
		}
		ps := rs.patch(a.Phase)
		switch {
		case ps.rec == nil:
			return corrupt(rec, "round %d's patch %d was never journaled", rs.n, a.Phase)
		case ps.applied:
			return corrupt(rec, "round %d's patch %d applied twice", rs.n, a.Phase)
		case a.Result != ps.rec.result():
			return corrupt(rec, "result %s is not the patch's %s", short(a.Result), short(ps.rec.result()))
		}
		ps.applied = true
	case kindRoundEnd:
		end := new(roundEndRecord)
		if err := decode(rec, end); err != nil {
			return err
		}
		rs.ended = end
	default:
		return corrupt(rec, "unknown kind %q", rec.Kind)
	}
	return nil
}

// applyStart reads the run's start record.
func (s *runState) applyStart(rec Record) error {
	st := new(startRecord)
	if err := decode(rec, st); err != nil {
		return err
	}
	switch {
	case !filepath.IsAbs(st.File):
		return corrupt(rec, "the document %q is not an absolute path", st.File)
	case !isHash(st.Base):
		return corrupt(rec, "the base %q is not a SHA-256", st.Base)
	case st.MaxRounds < 1:
		return corrupt(rec, "a round cap of %d", st.MaxRounds)
	}
	s.start = st
	return nil
}

// roundOf returns the round rec belongs to: the round in progress, or the
// next one when the last has ended.
func (s *runState) roundOf(rec Record) (*roundState, error) {
	n, cur := rec.Round, len(s.rounds)
	switch {
	case n < 1 || n > s.start.MaxRounds:
		return nil, corrupt(rec, "round %d is outside 1 to %d", n, s.start.MaxRounds)
	case n == cur && s.rounds[cur-1].ended != nil:
		return nil, corrupt(rec, "round %d has ended", n)
	case n == cur+1 && cur > 0 && s.rounds[cur-1].ended == nil:
		return nil, corrupt(rec, "round %d before round %d ended", n, cur)
	case n != cur && n != cur+1:
		return nil, corrupt(rec, "round %d while round %d is the last", n, cur)
	}
	return s.round(n), nil
}

// applyPatch reads a patch record of round rs.
func (s *runState) applyPatch(rec Record, rs *roundState) error {
	p := new(patchRecord)
	if err := decode(rec, p); err != nil {
		return err
	}
	if err := checkPhase(rec, p.Phase); err != nil {
		return err
	}
	ps := rs.patch(p.Phase)
	switch {
	case p.Patch == nil:
		return corrupt(rec, "holds no patch")
	case ps.rec != nil:
		return corrupt(rec, "round %d's patch %d again", rs.n, p.Phase)
	case p.Phase == gatePhase && !rs.patch(policyPhase).applied:
		return corrupt(rec, "round %d's gate patch before its policy patch was applied", rs.n)
	case len(p.Patch.Changes) == 0 && p.base() != p.result():
		return corrupt(rec, "changes nothing, yet its result is not its base")
	case p.base() != s.current():
		return corrupt(rec, "made for SHA-256 %s, but the document is %s by then", short(p.base()), short(s.current()))
	}
	ps.rec = p
	return nil
}

// applyUndo reads a revert: with a plan (an undo journaled in two phases)
// or without (journals written before undo plans existed).
func (s *runState) applyUndo(rec Record) error {
	var u undoRecord
	if err := decode(rec, &u); err != nil {
		return err
	}
	if err := checkPhase(rec, u.Phase); err != nil {
		return err
	}
	if rec.Round < 1 || rec.Round > len(s.rounds) {
		return corrupt(rec, "round %d is not in the journal", rec.Round)
	}
	ps := s.rounds[rec.Round-1].patch(u.Phase)
	switch {
	case !ps.applied || ps.undone:
		return corrupt(rec, "round %d's patch %d is not applied", rec.Round, u.Phase)
	case ps.rec.result() != s.current():
		return corrupt(rec, "round %d's patch %d is not the last one applied", rec.Round, u.Phase)
	case u.Result != ps.rec.base():
		return corrupt(rec, "result %s is not the patch's base %s", short(u.Result), short(ps.rec.base()))
	}
	if s.undoOpen && !s.undo.plans(rec.Round, u.Phase) {
		return corrupt(rec, "round %d's patch %d is not in the undo's plan", rec.Round, u.Phase)
	}
	ps.undone = true
	return nil
}

// plans reports whether the plan reverts round n's patch of phase ph.
func (p *undoPlanRecord) plans(n, ph int) bool {
	for _, st := range p.Steps {
		if st.Round == n && st.Phase == ph {
			return true
		}
	}
	return false
}

// checkPlan refuses an undo plan that names a patch not applied, or
// hashes other than the patch's.
func (s *runState) checkPlan(rec Record, p *undoPlanRecord) error {
	if len(p.Steps) == 0 {
		return corrupt(rec, "plans nothing")
	}
	for i, st := range p.Steps {
		if err := checkPhase(rec, st.Phase); err != nil {
			return err
		}
		if st.Round < 1 || st.Round > len(s.rounds) {
			return corrupt(rec, "step %d names round %d, which the journal does not hold", i+1, st.Round)
		}
		ps := s.rounds[st.Round-1].patch(st.Phase)
		if !ps.applied || ps.undone || ps.rec.result() != st.From || ps.rec.base() != st.To {
			return corrupt(rec, "step %d does not match round %d's applied patch %d", i+1, st.Round, st.Phase)
		}
	}
	return nil
}

// checkPhase refuses a record naming no valid patch phase.
func checkPhase(rec Record, ph int) error {
	if ph != policyPhase && ph != gatePhase {
		return corrupt(rec, "patch phase %d", ph)
	}
	return nil
}

// isHash reports whether h is a SHA-256 in hex.
func isHash(h string) bool {
	b, err := hex.DecodeString(h)
	return err == nil && len(b) == 32
}
