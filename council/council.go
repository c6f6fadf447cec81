package council

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/hashicorp/go-multierror"

	"github.com/kaigi-dev/kaigi/agent"
)

// Member is one seat of the council: a reviewer and how many independent
// times it reads the target each round.
type Member struct {
	Reviewer agent.Reviewer

	// Shots is the number of independent calls of Reviewer on the same
	// target (the multi-shot loop); 0 means 1.
	Shots int
}

// ShotReviewer is a Reviewer told which shot of its Member a call is:
// Council.Run calls ReviewShot, with the shot its plan gives the call
// (1..Shots), instead of Review. A wrapper that journals each shot under
// its own key (loop.ReviewRound) implements it, so a resumed round hands
// each recorded answer back to the shot that made it.
type ShotReviewer interface {
	agent.Reviewer
	ReviewShot(ctx context.Context, t agent.Target, shot int) (agent.Review, error)
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
	Limit int

	// Timeout bounds each call; 0 means no bound other than ctx's. A
	// call past it is skipped with an error wrapping ErrTimeout.
	Timeout time.Duration

	// Quorum is the least number of members that must return at least
	// one Review for the round to count; 0 means no quorum. Members are
	// told apart by their reviewers' names: two members with one name
	// count once.
	Quorum int

	// WarmUp asks Run to make the first member's first shot alone before
	// the other calls. With providers that cache a prompt prefix (the
	// Anthropic provider marks it explicitly, OpenAI caches on its own),
	// that first call writes the cache and the others, which share the
	// document prefix byte for byte, read it instead of each paying to
	// write it. The others start when the warm-up returns or after
	// WarmUpWait, whichever is first, so a slow warm-up costs at most
	// that. The warm-up is made only when the shared prefix is long
	// enough to be cached at all (see Cacheable: about 1,024 tokens,
	// 2,048 for Haiku models, estimated from the first member's request
	// when its reviewer shows one, as agent.LLMReviewer does, and from
	// the target's document, references and reader profile otherwise);
	// below that it would only add latency.
	WarmUp bool

	// WarmUpWait bounds the wait for the warm-up call; 0 means
	// DefaultWarmUpWait.
	WarmUpWait time.Duration

	// Observer receives an Event as each call starts, finishes or is
	// skipped; see Observer for the concurrency rules. nil means no
	// events.
	Observer Observer

	// Logger receives one record per call, and one per Observer panic;
	// nil discards them.
	Logger *slog.Logger
}

// Run calls every member's reviewer, Shots times each, on target, at most
// Limit at once, and waits for all of them: no goroutine outlives Run. It
// is Dispatch over one Call per member and shot. A reviewer must honour
// its context (agent.Reviewer's contract): one that ignores it delays Run
// until it returns, timeout or not.
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
	round := &Round{Results: c.plan(), target: target}
	// Each call's value is its own Result, into which it writes its
	// Review: the Round holds the one copy of every Review.
	calls := make([]Call[*Result], len(round.Results))
	for i := range round.Results {
		res := &round.Results[i]
		calls[i] = Call[*Result]{Name: res.Reviewer, Shot: res.Shot, Do: res.review(&round.target)}
	}
	o := DispatchOptions[*Result]{
		Limit: c.Limit, Timeout: c.Timeout, Quorum: c.Quorum,
		WarmUp: c.WarmUp && len(c.Members) > 0 && c.Members[0].Reviewer != nil &&
			Cacheable(sharedPrefix(c.Members[0].Reviewer, target)),
		WarmUpWait: c.WarmUpWait, Logger: c.Logger,
	}
	if c.Observer != nil || c.Logger != nil {
		o.Observer = c.observe(ctx, round)
	}
	outs, err := Dispatch(ctx, calls, o)
	round.target = agent.Target{} // the Round must not keep the document alive

	var skips *multierror.Error
	for i, o := range outs {
		r := &round.Results[i]
		r.Duration = o.Duration
		if o.Err != nil {
			// What the failed call spent, and on which model, is kept for
			// the ledger; a report that came with an error is not. After
			// a panic or runtime.Goexit nothing came back.
			r.Review = agent.Review{Usage: o.Usage, Model: r.Review.Model}
			if o.Value == nil {
				r.Review.Model = ""
			}
			if r.Err == nil { // not set by observe
				r.Err = reviewerError(o.Name, o.Shot, o.Err)
			}
			skips = multierror.Append(skips, r.Err)
		}
		round.Usage = round.Usage.Add(r.Review.Usage)
	}
	round.skips = skips.ErrorOrNil()
	if err != nil {
		round.Partial = true
		var qe *QuorumError
		if errors.As(err, &qe) {
			return round, &QuorumError{Need: qe.Need, Got: qe.Got, Skips: round.skips}
		}
		return round, err
	}
	return round, nil
}

// review is the Call of the result's reviewer on target: it stores the
// Review in r and returns r.
func (r *Result) review(target *agent.Target) func(context.Context) (*Result, agent.Usage, error) {
	return func(ctx context.Context) (*Result, agent.Usage, error) {
		if r.reviewer == nil {
			return r, agent.Usage{}, fmt.Errorf("member %d has no reviewer", r.member)
		}
		var rev agent.Review
		var err error
		if sr, ok := r.reviewer.(ShotReviewer); ok {
			rev, err = sr.ReviewShot(ctx, *target, r.Shot)
		} else {
			rev, err = r.reviewer.Review(ctx, *target)
		}
		r.Review = rev
		return r, rev.Usage, err
	}
}

// reviewerError is the council's form of a dispatcher's *CallError.
func reviewerError(name string, shot int, err error) *ReviewerError {
	if ce, ok := err.(*CallError); ok {
		err = ce.Err
	}
	return &ReviewerError{Reviewer: name, Shot: shot, Err: err}
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

// observe turns the dispatcher's events into the council's: it logs one
// record per call, sets a skipped call's Result.Err (each call's goroutine
// writes only its own Result, read after Dispatch returned), so that the
// Event and the Result carry the same error, and hands the Event to the
// Observer. A panic in the Observer is the dispatcher's to recover.
func (c *Council) observe(ctx context.Context, round *Round) func(CallEvent[*Result]) {
	log := c.Logger
	return func(e CallEvent[*Result]) {
		ev := Event{Kind: e.Kind, Reviewer: e.Name, Shot: e.Shot, Duration: e.Duration, Usage: e.Usage}
		switch e.Kind {
		case Started:
			if log != nil {
				log.LogAttrs(ctx, slog.LevelDebug, "reviewer started",
					slog.String("reviewer", e.Name), slog.Int("shot", e.Shot))
			}
		case Finished:
			ev.Review = e.Value.Review
			ev.Findings = len(ev.Review.Report.Findings)
			if log != nil {
				log.LogAttrs(ctx, slog.LevelInfo, "reviewer finished",
					slog.String("reviewer", e.Name), slog.Int("shot", e.Shot),
					slog.Duration("duration", e.Duration), slog.Int("findings", ev.Findings),
					slog.Int64("tokens", e.Usage.Total()))
			}
		case Skipped:
			re := reviewerError(e.Name, e.Shot, e.Err)
			round.Results[e.Index].Err = re
			ev.Err, ev.Review.Usage = re, e.Usage
			if e.Value != nil {
				ev.Review.Model = e.Value.Review.Model
			}
			if log != nil {
				log.LogAttrs(ctx, slog.LevelWarn, "reviewer skipped",
					slog.String("reviewer", e.Name), slog.Int("shot", e.Shot),
					slog.Duration("duration", e.Duration), slog.Any("err", re.Err))
			}
		}
		if c.Observer != nil {
			c.Observer(ev)
		}
	}
}
