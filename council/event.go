package council

import (
	"time"

	"github.com/kaigi-dev/kaigi/agent"
)

// EventKind says what happened to one call of a reviewer.
type EventKind int

// The events of one call, in the order they happen. A call that never
// starts (the round was cancelled first) reports only Skipped.
const (
	Started  EventKind = iota + 1 // the reviewer was called
	Finished                      // the reviewer returned a Report
	Skipped                       // the reviewer failed, panicked, exited, timed out or was cancelled
)

// String returns "started", "finished" or "skipped".
func (k EventKind) String() string {
	switch k {
	case Started:
		return "started"
	case Finished:
		return "finished"
	case Skipped:
		return "skipped"
	default:
		return "unknown"
	}
}

// Event reports progress of one call (one reviewer, one shot).
type Event struct {
	Kind     EventKind
	Reviewer string // the reviewer's Name
	Shot     int    // 1-based shot number

	// Duration is the time the call took; zero for Started.
	Duration time.Duration

	// Usage counts the tokens the call spent, also when it was skipped.
	Usage agent.Usage

	// Findings is the number of findings in the Report; Finished only.
	Findings int

	// Review is the call's answer: the whole Review for Finished; for
	// Skipped only its Usage and Model (what the failed call spent, and
	// on which model), as in Result; zero for Started.
	Review agent.Review

	// Err is why the call was skipped; Skipped only. It is a
	// *ReviewerError.
	Err error
}

// Observer receives Events. A Council calls it from the calls'
// goroutines, so it must be safe for concurrent use, and it should return
// quickly: the call it reports waits for it. For one call the events
// arrive in order (Started, then Finished or Skipped); events of different
// calls interleave. A panic in an Observer is recovered and logged to the
// Council's Logger; it does not affect the call it reports.
type Observer func(Event)
