package rounds

import (
	"fmt"

	"github.com/kaigi-dev/kaigi/loop"
)

// Unanswered returns the error of a run in which no reviewer answered in
// its last round (o.Reason loop.NoReviewerAnswered), as Finish returns it:
// it wraps loop.ErrNotConverged and gives each skipped reviewer's reason,
// for a program that holds the Outcome alone (a Driver's Stop.Result).
func (o *Outcome) Unanswered() error {
	return fmt.Errorf("%w: no reviewer answered in round %d: %s", loop.ErrNotConverged, o.Rounds, skipReasons(o.Skipped, o.Rounds))
}
