package finding

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Status is where a finding stands in the loops: proposed (open), argued
// over (contested), or settled one way or another.
//
// The moves State.To allows form this state diagram:
//
//	open ◄──────► contested
//	open, contested ──► applied | rejected | duplicate | ignored | superseded | final
//	applied ──► rejected            (its edit was reverted; reason required)
//	applied, rejected ──► open      (reopened: reported again with new evidence; reason required)
//	duplicate, ignored, superseded, final: no move out
//
// Rejected and Ignored need a reason, Duplicate needs the other finding's
// id (its canonical finding), Superseded the id of its successor, and a
// reopen a reason. A move to the status a finding already has is refused.
type Status string

// The statuses of a finding.
const (
	// Open: proposed and not yet decided.
	Open Status = "open"
	// Contested: the resolver argues back; it is decided later.
	Contested Status = "contested"
	// Applied: its fix was applied to the document.
	Applied Status = "applied"
	// Rejected: a human or policy refused it; State.Reason says why.
	// Later rounds recognise a re-proposal by its Fingerprint.
	Rejected Status = "rejected"
	// Duplicate: the same as another finding, named by State.DuplicateOf.
	Duplicate Status = "duplicate"
	// Ignored: deliberately left as it is; State.Reason says why.
	Ignored Status = "ignored"
	// Superseded: overtaken by a later finding (or a new definition of
	// what was reviewed), named by State.SupersededBy.
	Superseded Status = "superseded"
	// Final: left unresolved for good when the loop stopped (for example
	// when a judge said stop with findings remaining).
	Final Status = "final"
)

// movesFrom lists the statuses State.To may move a finding in s to.
func movesFrom(s Status) []Status {
	switch s {
	case Open:
		return []Status{Contested, Applied, Rejected, Duplicate, Ignored, Superseded, Final}
	case Contested:
		return []Status{Open, Applied, Rejected, Duplicate, Ignored, Superseded, Final}
	case Applied:
		return []Status{Rejected, Open}
	case Rejected:
		return []Status{Open}
	}
	return nil
}

// Valid reports whether s is one of the statuses above.
func (s Status) Valid() bool {
	switch s {
	case Open, Contested, Applied, Rejected, Duplicate, Ignored, Superseded, Final:
		return true
	}
	return false
}

// Terminal reports whether a finding with status s needs no further
// decision: every status except Open and Contested. A loop is done when
// every finding is terminal. (Applied and Rejected are terminal even though
// a revert or a reopen may still move them.)
func (s Status) Terminal() bool { return s.Valid() && s != Open && s != Contested }

// String returns s as it is written in JSON.
func (s Status) String() string { return string(s) }

// ErrTransition is wrapped by every error State.To and State.Validate
// return. Check with errors.Is.
var ErrTransition = errors.New("finding: illegal status change")

// State is a finding's status with what that status needs: a reason for
// Rejected and Ignored (and for a reopen), the canonical finding's id for
// Duplicate, the successor's id for Superseded. The loops journal it as
// JSON; By and At say who moved it there and when.
//
// The zero State counts as Open.
type State struct {
	// Status is the finding's status; "" means Open.
	Status Status `json:"status"`

	// Reason says why; required for Rejected and Ignored and for a
	// reopen, and optional otherwise. Example: "the author keeps this
	// phrase on purpose".
	Reason string `json:"reason,omitempty"`

	// DuplicateOf is the id of the canonical finding this one duplicates;
	// required for Duplicate and empty otherwise. Example: "F003".
	DuplicateOf string `json:"duplicate_of,omitempty"`

	// SupersededBy is the id of the finding (or definition) that took this
	// one's place; required for Superseded and empty otherwise. Example:
	// "f_9c2e".
	SupersededBy string `json:"superseded_by,omitempty"`

	// By names who made the move, optionally: "policy", "gate", "auto"
	// (an automatic mark such as a sibling shot's duplicate), "memory" (a
	// repeat of an earlier rejection), "judge", "resolver", a reviewer's
	// name. Example: "auto".
	By string `json:"by,omitempty"`

	// At is when the move was made, optionally. Loops take it from a
	// journaled step (loop/journal.Now), so a replayed run has the same
	// time.
	At time.Time `json:"at,omitzero"`
}

// Current returns s.Status, or Open for the zero State.
func (s State) Current() Status {
	if s.Status == "" {
		return Open
	}
	return s.Status
}

// Terminal reports whether the finding needs no further decision.
func (s State) Terminal() bool { return s.Current().Terminal() }

// Validate reports whether s is consistent: a known status, a reason where
// one is required, DuplicateOf exactly when the status is Duplicate.
func (s State) Validate() error {
	st := s.Current()
	switch {
	case !st.Valid():
		return fmt.Errorf("%w: unknown status %q", ErrTransition, s.Status)
	case (st == Rejected || st == Ignored) && strings.TrimSpace(s.Reason) == "":
		return fmt.Errorf("%w: %s needs a reason", ErrTransition, st)
	case st == Duplicate && strings.TrimSpace(s.DuplicateOf) == "":
		return fmt.Errorf("%w: duplicate needs the id of the finding it duplicates", ErrTransition)
	case st != Duplicate && s.DuplicateOf != "":
		return fmt.Errorf("%w: duplicate_of %q given for status %s", ErrTransition, s.DuplicateOf, st)
	case st == Superseded && strings.TrimSpace(s.SupersededBy) == "":
		return fmt.Errorf("%w: superseded needs the id of its successor", ErrTransition)
	case st != Superseded && s.SupersededBy != "":
		return fmt.Errorf("%w: superseded_by %q given for status %s", ErrTransition, s.SupersededBy, st)
	}
	return nil
}

// To returns next if a finding in state s may move to it, or an error
// wrapping ErrTransition that names both statuses and what is missing.
// The moves allowed are drawn in Status's documentation; next must also
// pass Validate.
func (s State) To(next State) (State, error) {
	from, to := s.Current(), next.Current()
	if !from.Valid() {
		return s, fmt.Errorf("%w: unknown status %q", ErrTransition, s.Status)
	}
	if err := next.Validate(); err != nil {
		return s, fmt.Errorf("%w (moving from %s)", err, from)
	}
	allowed := movesFrom(from)
	if !slices.Contains(allowed, to) {
		if from == to {
			return s, fmt.Errorf("%w: the finding is already %s", ErrTransition, from)
		}
		return s, fmt.Errorf("%w: %s cannot become %s (%s)", ErrTransition, from, to, allowedFrom(from, allowed))
	}
	if to == Open && (from == Applied || from == Rejected) && strings.TrimSpace(next.Reason) == "" {
		return s, fmt.Errorf("%w: reopening a finding that is %s needs a reason (what is new)", ErrTransition, from)
	}
	next.Status = to
	return next, nil
}

// allowedFrom words the moves out of a status for an error message.
func allowedFrom(s Status, allowed []Status) string {
	if len(allowed) == 0 {
		return "no move out of " + s.String()
	}
	names := make([]string, len(allowed))
	for i, v := range allowed {
		names[i] = string(v)
	}
	return "it may become " + strings.Join(names, ", ")
}
