package goldfish

import (
	"errors"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// Err returns the error Run returns with o, for a program that holds the
// Outcome alone (a loop.Driver's Stop.Result): nil for a run that
// converged; for a run closed because its file was changed by someone
// else (DocumentChanged), one matching rounds.ErrDocumentChanged in the
// words of o.Changed; else one wrapping loop.ErrNotConverged in o's words.
func (o *Outcome) Err() error {
	switch o.Reason {
	case loop.Converged:
		return nil
	case loop.NoReviewerAnswered:
		return o.Unanswered()
	case loop.DocumentChanged:
		if o.Changed != "" {
			return changedError(o.Changed)
		}
	}
	return &notConverged{o: o}
}

// changedError is Run's error for a run closed over a changed file, as
// its Outcome keeps it (rounds.Outcome.Changed).
type changedError string

func (e changedError) Error() string { return string(e) }

// Is reports whether target is rounds.ErrDocumentChanged.
func (e changedError) Is(target error) bool { return errors.Is(rounds.ErrDocumentChanged, target) }
