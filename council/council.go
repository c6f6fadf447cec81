package council

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"time"

	"github.com/hashicorp/go-multierror"
	"golang.org/x/sync/errgroup"

	"github.com/kaigi-dev/kaigi/agent"
)

// Member is one seat of the council: a reviewer and how many independent
// times it reads the target each round.
type Member struct {
	Reviewer agent.Reviewer

	// Shots is the number of independent calls of Reviewer on the same
	// target (the multi-shot loop); 0 means 1. // optional
	Shots int
}

// Members seats each reviewer once with one shot.
func Members(rs ...agent.Reviewer) []Member {
	ms := make([]Member, len(rs))
	for i, r := range rs {
		ms[i] = Member{Reviewer: r}
	}
	return ms
}

// Council runs one round: every member reads the same target in parallel
// and returns one Review per shot. The zero value has no members; set
// Members and call Run. A Council is not modified by Run, so one value may
// run many rounds, also concurrently.
//
// A reviewer's error, timeout, panic or runtime.Goexit skips that call
// only: it is recorded in the Round with its reason and never cancels the
// other calls. Only the caller's ctx cancels the round.
type Council struct {
	Members []Member

	// Limit caps how many calls run at once; 0 or less means no limit.
	// optional
	Limit int

	// Timeout bounds each call; 0 means no bound other than ctx's.
	// optional
	Timeout time.Duration

	// Quorum is the least number of members that must return at least
	// one Review for the round to count; 0 means no quorum. // optional
	Quorum int

	// WarmUp runs the first member's first shot alone before fanning out
	// the other calls. With providers that cache a prompt prefix
	// explicitly (Anthropic), that first call writes the cache and the
	// others, which share the document prefix byte for byte, read it
	// instead of each paying to write it. It costs one call's latency.
	// optional
	WarmUp bool

	// Observer receives an Event as each call starts, finishes or is
	// skipped; see Observer for the concurrency rules. nil means no
	// events. // optional
	Observer Observer

	// Logger receives one record per call, and one per Observer panic;
	// nil discards them. // optional
	Logger *slog.Logger
}

// Run calls every member's reviewer, Shots times each, on target, at most
// Limit at once, and waits for all of them: no goroutine outlives Run. A
// reviewer must honour its context (agent.Reviewer's contract): one that
// ignores it delays Run until it returns, timeout or not.
//
// The Round lists one Result per call in the members' order, then shot
// order, whatever the order of completion. Run returns a non-nil Round
// with every error:
//   - when ctx is done before every call finished and some call was
//     skipped because of it, an error wrapping ctx.Err(); the calls that
//     finished keep their Reviews, the others are skipped, and the Round
//     is Partial. A ctx done only after every call returned does not
//     make the Round Partial;
//   - when fewer members than Quorum returned a Review, a *QuorumError
//     (errors.Is(err, ErrQuorum)), and the Round is Partial.
//
// Skipped calls alone are not an error; Round.Err collects their reasons.
func (c *Council) Run(ctx context.Context, target agent.Target) (*Round, error) {
	log := c.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	round := &Round{Results: c.plan()}

	var g errgroup.Group
	if c.Limit > 0 {
		g.SetLimit(c.Limit)
	}
	rest := round.Results
	if c.WarmUp && len(rest) > 0 {
		// On its own goroutine, like the others, so that a reviewer
		// calling runtime.Goexit cannot end the caller's goroutine.
		var warm errgroup.Group
		warm.Go(func() error {
			c.call(ctx, log, target, &rest[0])
			return nil
		})
		_ = warm.Wait()
		rest = rest[1:]
	}
	for i := range rest {
		res := &rest[i]
		g.Go(func() error {
			c.call(ctx, log, target, res)
			return nil // a reviewer's failure must not cancel its siblings
		})
	}
	_ = g.Wait() // every goroutine returns nil

	var skips *multierror.Error
	members := make(map[int]bool, len(c.Members))
	done, cancelled := 0, false
	ctxErr := ctx.Err()
	for i := range round.Results {
		r := &round.Results[i]
		round.Usage = round.Usage.Add(r.Review.Usage)
		if r.Err != nil {
			skips = multierror.Append(skips, r.Err)
			if ctxErr != nil && errors.Is(r.Err, ctxErr) {
				cancelled = true
			}
			continue
		}
		done++
		members[r.member] = true
	}
	round.skips = skips.ErrorOrNil()

	if cancelled {
		err := ctxErr
		round.Partial = true
		return round, fmt.Errorf("council: round cancelled with %d of %d calls finished: %w", done, len(round.Results), err)
	}
	if c.Quorum > 0 && len(members) < c.Quorum {
		round.Partial = true
		return round, &QuorumError{Need: c.Quorum, Got: len(members), Skips: round.skips}
	}
	return round, nil
}

// plan lists one empty Result per call, in member then shot order.
func (c *Council) plan() []Result {
	n := 0
	for _, m := range c.Members {
		n += max(m.Shots, 1)
	}
	rs := make([]Result, 0, n)
	for i, m := range c.Members {
		name := ""
		if m.Reviewer != nil {
			name = m.Reviewer.Name()
		}
		for s := range max(m.Shots, 1) {
			rs = append(rs, Result{Reviewer: name, Shot: s + 1, member: i, reviewer: m.Reviewer})
		}
	}
	return rs
}

// errGoexit is the skip reason of a reviewer that called runtime.Goexit
// (t.FailNow in a test, for one) instead of returning.
var errGoexit = errors.New("reviewer goroutine exited (runtime.Goexit)")

// call runs one reviewer call and records its outcome in res. A panic in
// the Observer is logged and otherwise ignored.
func (c *Council) call(ctx context.Context, log *slog.Logger, target agent.Target, res *Result) {
	emit := func(e Event) {
		if c.Observer == nil {
			return
		}
		defer func() {
			if v := recover(); v != nil {
				log.LogAttrs(ctx, slog.LevelError, "observer panicked",
					slog.String("reviewer", e.Reviewer), slog.Int("shot", e.Shot),
					slog.String("event", e.Kind.String()), slog.Any("panic", v),
					slog.String("stack", string(trimStack(debug.Stack()))))
			}
		}()
		c.Observer(e)
	}
	skip := func(err error) {
		res.Err = &ReviewerError{Reviewer: res.Reviewer, Shot: res.Shot, Err: err}
		log.LogAttrs(ctx, slog.LevelWarn, "reviewer skipped",
			slog.String("reviewer", res.Reviewer), slog.Int("shot", res.Shot),
			slog.Duration("duration", res.Duration), slog.Any("err", err))
		emit(Event{Kind: Skipped, Reviewer: res.Reviewer, Shot: res.Shot,
			Duration: res.Duration, Usage: res.Review.Usage, Review: res.Review, Err: res.Err})
	}
	if err := ctx.Err(); err != nil {
		skip(fmt.Errorf("not started: %w", err))
		return
	}
	if res.reviewer == nil {
		skip(fmt.Errorf("member %d has no reviewer", res.member))
		return
	}

	emit(Event{Kind: Started, Reviewer: res.Reviewer, Shot: res.Shot})
	log.LogAttrs(ctx, slog.LevelDebug, "reviewer started",
		slog.String("reviewer", res.Reviewer), slog.Int("shot", res.Shot))
	start := time.Now()
	returned := false
	defer func() {
		// review recovers panics, so only runtime.Goexit gets here
		// without returning; the goroutine ends after this.
		if !returned {
			res.Duration = time.Since(start)
			skip(errGoexit)
		}
	}()
	rev, err := c.review(ctx, res.reviewer, target)
	returned = true
	res.Duration = time.Since(start)
	if err != nil {
		// What the failed call spent, and on which model, is kept for
		// the ledger; a report that came with an error is not.
		res.Review = agent.Review{Usage: rev.Usage, Model: rev.Model}
		skip(err)
		return
	}
	res.Review = rev
	n := len(rev.Report.Findings)
	log.LogAttrs(ctx, slog.LevelInfo, "reviewer finished",
		slog.String("reviewer", res.Reviewer), slog.Int("shot", res.Shot),
		slog.Duration("duration", res.Duration), slog.Int("findings", n),
		slog.Int64("tokens", rev.Usage.Total()))
	emit(Event{Kind: Finished, Reviewer: res.Reviewer, Shot: res.Shot,
		Duration: res.Duration, Usage: rev.Usage, Review: rev, Findings: n})
}

// review calls r under the per-call timeout and turns a panic into a
// *PanicError.
func (c *Council) review(parent context.Context, r agent.Reviewer, target agent.Target) (rev agent.Review, err error) {
	ctx := parent
	if c.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(parent, c.Timeout)
		defer cancel()
	}
	defer func() {
		if v := recover(); v != nil {
			err = &PanicError{Value: v, Stack: trimStack(debug.Stack())}
		}
	}()
	rev, err = r.Review(ctx, target)
	if err != nil && ctx.Err() != nil && parent.Err() == nil {
		err = fmt.Errorf("timed out after %v: %w", c.Timeout, err)
	}
	return rev, err
}
