package loop

import (
	"fmt"
)

// roundState is what the journal says about one round.
type roundState struct {
	n         int
	reviews   []reviewRecord
	items     *itemsRecord
	decisions map[string]Decision
	order     []string      // decision keys in the order they were made
	waiting   bool          // the gate left items pending
	patches   [2]patchState // by phase - 1
	ended     *roundEndRecord
}

// patchState is what the journal says about one patch of a round.
type patchState struct {
	rec     *patchRecord // nil until the patch is journaled
	applied bool         // on disk and journaled so
	undone  bool         // reverted by Undo
}

// patch returns the state of the round's patch of phase ph.
func (r *roundState) patch(ph int) *patchState { return &r.patches[ph-1] }

// landed reports whether the patch that applies decision d is on disk and
// not undone.
func (r *roundState) landed(d Decision) bool {
	ps := r.patch(phaseOf(d))
	return ps.applied && !ps.undone
}

// changed reports whether the round's patches changed the document.
func (r *roundState) changed() bool {
	for _, p := range r.patches {
		if p.rec != nil && len(p.rec.Patch.Changes) > 0 && !p.undone {
			return true
		}
	}
	return false
}

// decided returns the decision for key and whether there is one.
func (r *roundState) decided(key string) (Decision, bool) {
	d, ok := r.decisions[key]
	return d, ok
}

// runState is what the journal says about a run.
type runState struct {
	start  *startRecord
	rounds []*roundState
	end    *Outcome

	undo     *undoPlanRecord // the last undo planned
	undoOpen bool            // and not yet closed by an end record
}

// round returns the state of round n, creating it (and those before it)
// when needed.
func (s *runState) round(n int) *roundState {
	for len(s.rounds) < n {
		s.rounds = append(s.rounds, &roundState{n: len(s.rounds) + 1, decisions: map[string]Decision{}})
	}
	return s.rounds[n-1]
}

// replay rebuilds a run's state from its journal records.
func replay(recs []Record) (*runState, error) {
	s := &runState{}
	for _, rec := range recs {
		if rec.Kind != kindStart && s.start == nil {
			return nil, fmt.Errorf("%w: record %d (%s) before the run's start", ErrJournalCorrupt, rec.Seq, rec.Kind)
		}
		if rec.Kind != kindStart && rec.Kind != kindEnd && rec.Kind != kindUndoPlan && rec.Round < 1 {
			return nil, fmt.Errorf("%w: record %d (%s) has no round", ErrJournalCorrupt, rec.Seq, rec.Kind)
		}
		var err error
		switch rec.Kind {
		case kindStart:
			s.start = new(startRecord)
			err = rec.Decode(s.start)
		case kindReview:
			var r reviewRecord
			if err = rec.Decode(&r); err == nil {
				rs := s.round(rec.Round)
				rs.reviews = append(rs.reviews, r)
			}
		case kindItems:
			rs := s.round(rec.Round)
			rs.items = new(itemsRecord)
			err = rec.Decode(rs.items)
		case kindDecision:
			var d Decision
			if err = rec.Decode(&d); err == nil {
				rs := s.round(rec.Round)
				if _, dup := rs.decisions[d.Key]; !dup {
					rs.order = append(rs.order, d.Key)
				}
				rs.decisions[d.Key] = d
				rs.waiting = false
			}
		case kindWait:
			s.round(rec.Round).waiting = true
		case kindPatch:
			p := new(patchRecord)
			if err = rec.Decode(p); err == nil {
				err = checkPhase(rec, p.Phase)
			}
			if err == nil && p.Patch == nil {
				err = fmt.Errorf("%w: record %d (patch) holds no patch", ErrJournalCorrupt, rec.Seq)
			}
			if err == nil {
				s.round(rec.Round).patch(p.Phase).rec = p
			}
		case kindApplied:
			var a appliedRecord
			if err = rec.Decode(&a); err == nil {
				err = checkPhase(rec, a.Phase)
			}
			if err == nil {
				s.round(rec.Round).patch(a.Phase).applied = true
			}
		case kindRoundEnd:
			rs := s.round(rec.Round)
			rs.ended = new(roundEndRecord)
			err = rec.Decode(rs.ended)
		case kindEnd:
			s.end = new(Outcome)
			err = rec.Decode(s.end)
			s.undoOpen = false
		case kindUndoPlan:
			p := new(undoPlanRecord)
			if err = rec.Decode(p); err == nil {
				err = s.checkPlan(rec, p)
			}
			if err == nil {
				s.undo, s.undoOpen = p, true
			}
		case kindUndo:
			var u undoRecord
			if err = rec.Decode(&u); err == nil {
				err = checkPhase(rec, u.Phase)
			}
			if err == nil {
				s.round(rec.Round).patch(u.Phase).undone = true
			}
		default:
			err = fmt.Errorf("%w: record %d has unknown kind %q", ErrJournalCorrupt, rec.Seq, rec.Kind)
		}
		if err != nil {
			return nil, err
		}
	}
	return s, nil
}

// checkPlan refuses an undo plan that names a patch not applied, or
// hashes other than the patch's.
func (s *runState) checkPlan(rec Record, p *undoPlanRecord) error {
	if len(p.Steps) == 0 {
		return fmt.Errorf("%w: record %d (%s) plans nothing", ErrJournalCorrupt, rec.Seq, rec.Kind)
	}
	for i, st := range p.Steps {
		if err := checkPhase(rec, st.Phase); err != nil {
			return err
		}
		if st.Round < 1 || st.Round > len(s.rounds) {
			return fmt.Errorf("%w: record %d (%s) step %d names round %d, which the journal does not hold", ErrJournalCorrupt, rec.Seq, rec.Kind, i+1, st.Round)
		}
		ps := s.rounds[st.Round-1].patch(st.Phase)
		if !ps.applied || ps.undone || ps.rec.result() != st.From || ps.rec.base() != st.To {
			return fmt.Errorf("%w: record %d (%s) step %d does not match round %d's applied patch %d", ErrJournalCorrupt, rec.Seq, rec.Kind, i+1, st.Round, st.Phase)
		}
	}
	return nil
}

// checkPhase refuses a record naming no valid patch phase.
func checkPhase(rec Record, ph int) error {
	if ph != policyPhase && ph != gatePhase {
		return fmt.Errorf("%w: record %d (%s) has patch phase %d", ErrJournalCorrupt, rec.Seq, rec.Kind, ph)
	}
	return nil
}

// current returns the SHA-256 (hex) the document should have now: the
// result of the last applied, not undone patch, or the run's base.
func (s *runState) current() string {
	for i := len(s.rounds) - 1; i >= 0; i-- {
		for ph := gatePhase; ph >= policyPhase; ph-- {
			if p := s.rounds[i].patch(ph); p.applied && !p.undone {
				return p.rec.result()
			}
		}
	}
	if s.start == nil {
		return ""
	}
	return s.start.Base
}

// rejected lists every finding rejected so far, in the order decided.
func (s *runState) rejected() []rejection {
	var out []rejection
	for _, rs := range s.rounds {
		if rs.items == nil {
			continue
		}
		byKey := make(map[string]Item, len(rs.items.Items))
		for _, it := range rs.items.Items {
			byKey[it.Key] = it
		}
		for _, k := range rs.order {
			if d := rs.decisions[k]; d.Action == Reject {
				if it, ok := byKey[k]; ok {
					out = append(out, rejection{round: rs.n, item: it, reason: d.Reason})
				}
			}
		}
	}
	return out
}

// rejection is a rejected item and why.
type rejection struct {
	round  int
	item   Item
	reason string
}
