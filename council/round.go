package council

import (
	"time"

	"github.com/kaigi-dev/kaigi/agent"
)

// Round is the outcome of one Council.Run.
type Round struct {
	// Results holds one entry per call, in the members' order, then shot
	// order.
	Results []Result

	// Usage sums the tokens of every call, skipped ones included.
	Usage agent.Usage

	// Partial reports that the round did not complete: it was cancelled,
	// or the quorum was not met.
	Partial bool

	skips  error        // *multierror.Error of every skipped call's *ReviewerError, or nil
	target agent.Target // what the calls read, while Run runs
}

// Err returns the reasons of every skipped call as one
// *multierror.Error of *ReviewerError, or nil when no call was skipped.
func (r *Round) Err() error { return r.skips }

// Reviews returns the results that hold a Review, in order.
func (r *Round) Reviews() []Result {
	var out []Result
	for _, res := range r.Results {
		if res.Err == nil {
			out = append(out, res)
		}
	}
	return out
}

// Result is one call of one reviewer: its Review, or why it was skipped.
type Result struct {
	Reviewer string // the reviewer's Name
	Shot     int    // 1-based shot number

	// Review is the reviewer's answer. When Err is set only its Usage
	// and Model are meaningful: what the failed call spent, and the model
	// that was called, as the reviewer returned them with its error (so
	// the call can be priced); its Report is left empty. A panic or
	// runtime.Goexit returns nothing, so then both are zero.
	Review agent.Review

	// Err is why the call was skipped, a *ReviewerError naming the
	// reviewer and shot; nil when it returned a Review.
	Err error

	// Duration is the time the call took; zero if it never started.
	Duration time.Duration

	member   int            // index into Council.Members
	reviewer agent.Reviewer // the reviewer to call
}

// Skipped reports whether the call was skipped.
func (r Result) Skipped() bool { return r.Err != nil }
