package editorial

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// Summary is the Result of a Driver's Stop: the run's Outcome, where its
// artifacts are and how many high findings it left open, as a command
// prints it for a program (its JSON). With Dir set it is also what the
// command shows people (WriteText), exports (Outcome.Report) and exits
// with (Err). Its methods need an Outcome: one decoded from JSON always
// has one, even when the JSON holds none of its fields.
type Summary struct {
	*Outcome
	// Artifacts is the run folder, an absolute path: the journal,
	// summary.md, report.html and the rounds' files.
	Artifacts string `json:"artifacts"`
	// UnresolvedHigh is Outcome.UnresolvedHigh.
	UnresolvedHigh int `json:"unresolved_high"`

	// Dir is the run folder as the person named it, for WriteText; ""
	// is Artifacts.
	Dir string `json:"-"`
	// Resume is the command that goes on with a run that stopped at the
	// gate, for WriteText's hint; "" gives no hint.
	Resume string `json:"-"`
	// Quote quotes a path for the shell of that command; nil leaves it
	// as it is.
	Quote func(string) string `json:"-"`
}

// UnmarshalJSON decodes s as encoding/json would, into a fresh Outcome.
func (s *Summary) UnmarshalJSON(data []byte) error {
	type plain Summary
	p := plain{Outcome: &Outcome{}}
	if err := json.Unmarshal(data, &p); err != nil {
		return err
	}
	*s = Summary(p)
	return nil
}

// summaryOf is the Summary of out, run in the run folder dir.
func summaryOf(out *Outcome, dir string) (*Summary, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("editorial: %w", err)
	}
	return &Summary{Outcome: out, Artifacts: abs, UnresolvedHigh: out.UnresolvedHigh()}, nil
}

// WriteText writes the run's account for people on w (the function
// WriteText, with Dir) and, when Resume is set, how to go on with a run
// waiting for decisions (which pending.json to copy to the decisions
// file, then Resume) or stopped at the gate (Resume). It returns w's
// error.
func (s *Summary) WriteText(w io.Writer) error {
	dir := s.Dir
	if dir == "" {
		dir = s.Artifacts
	}
	if err := WriteText(w, s.Outcome, dir); err != nil || s.Resume == "" {
		return err
	}
	quote := s.Quote
	if quote == nil {
		quote = func(p string) string { return p }
	}
	var err error
	switch s.Reason {
	case loop.AwaitingDecisions:
		_, err = fmt.Fprintf(w, "\nTo decide the open findings, copy %s to %s, set each \"action\" to apply, reject or defer, and run:\n  %s\n",
			quote(filepath.Join(dir, filepath.FromSlash(rounds.PendingFile("", s.Rounds)))), quote(filepath.Join(dir, DecisionsName)), s.Resume)
	case loop.GateStopped:
		_, err = fmt.Fprintf(w, "\nTo go on where you stopped, run:\n  %s\n", s.Resume)
	}
	return err
}

// Err returns the error Loop.Run returns with the Outcome, for a program
// that holds the Summary alone: nil for a run that converged or was a dry
// run; Outcome.Unanswered when no reviewer answered; for a run closed
// because a document was changed by someone else, one matching
// rounds.ErrDocumentChanged in the words of Outcome.Changed; else one
// wrapping loop.ErrNotConverged that says why and what is left open.
func (s *Summary) Err() error {
	switch s.Reason {
	case loop.Converged, DryRunEnded:
		return nil
	case loop.NoReviewerAnswered:
		return s.Unanswered()
	case loop.DocumentChanged:
		return changedError(s.Changed)
	}
	return fmt.Errorf("%w: %s after %d round(s), %d finding(s) open (%d high)", loop.ErrNotConverged, s.Reason, s.Rounds, len(s.Unresolved), s.Outcome.UnresolvedHigh())
}

// Failure returns the error of a run that stopped but failed, for a
// command: Err for one closed because a document was changed by someone
// else (its account has nothing to tell but the change); nil for any
// other.
func (s *Summary) Failure() error {
	if s.Reason == loop.DocumentChanged {
		return s.Err()
	}
	return nil
}

// changedError is Run's error for a run closed over a changed document,
// as its Outcome keeps it (rounds.Outcome.Changed).
type changedError string

func (e changedError) Error() string { return string(e) }

// Is reports whether target is rounds.ErrDocumentChanged.
func (e changedError) Is(target error) bool { return errors.Is(rounds.ErrDocumentChanged, target) }
