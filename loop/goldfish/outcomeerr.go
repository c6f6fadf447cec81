package goldfish

import "github.com/kaigi-dev/kaigi/loop"

// Err returns the error Run returns with o, for a program that holds the
// Outcome alone (a loop.Driver's Stop.Result): nil for a run that
// converged, else one wrapping loop.ErrNotConverged in o's words. A run
// closed because its file was changed by someone else (DocumentChanged)
// is, here too, one that did not converge.
func (o *Outcome) Err() error {
	switch o.Reason {
	case loop.Converged:
		return nil
	case loop.NoReviewerAnswered:
		return o.Unanswered()
	}
	return &notConverged{o: o}
}
