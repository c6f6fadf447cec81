package loop

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

// current returns the SHA-256 (hex) the document should have now: the
// result of the last applied, not undone patch that changed something, or
// the run's base. (A patch without changes is never undone, so after an
// undo its result is no longer the document's.)
func (s *runState) current() string {
	for i := len(s.rounds) - 1; i >= 0; i-- {
		for ph := gatePhase; ph >= policyPhase; ph-- {
			if p := s.rounds[i].patch(ph); p.applied && !p.undone && len(p.rec.Patch.Changes) > 0 {
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
