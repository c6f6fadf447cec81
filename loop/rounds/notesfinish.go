package rounds

import (
	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop"
)

// FinishNotes ends a run whose rounds are notes: it makes the Outcome
// (OutcomeOf, stopped for reason, prices as there), writes summary.md
// headed title (WriteSummary) and returns the Outcome with Finish's error
// (nil when converged; loop.ErrNotConverged, or the change that closed the
// run, otherwise). A summary that cannot be written is the error, with a
// nil Outcome, and the run is not ended.
func (r *Run[S]) FinishNotes(title string, notes []RoundNote, reason loop.StopReason, prices agent.Prices) (*Outcome, error) {
	o := r.OutcomeOf(notes, reason, prices)
	if err := r.WriteSummary(title, o, nil); err != nil {
		return nil, err
	}
	return o, r.Finish(o)
}
