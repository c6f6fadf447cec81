package loop

import (
	"context"
	"sync"

	"github.com/kaigi-dev/kaigi/agent"
)

// recorder wraps a reviewer for one round: a call whose Review is already
// journaled (an interrupted run being resumed) returns it without calling
// the reviewer; any other successful call is journaled before it returns.
// Journaled Reviews are handed out in call order, so with several shots a
// resumed round may number them differently; a failed call is not
// journaled and is made again on resume.
type recorder struct {
	inner agent.Reviewer
	r     *runner
	round int

	mu     sync.Mutex
	replay []reviewRecord // journaled reviews not yet handed out
	shot   int            // calls so far, to number the shots
}

// recorder returns inner wrapped for round rs.
func (r *runner) recorder(rs *roundState, inner agent.Reviewer) agent.Reviewer {
	rec := &recorder{inner: inner, r: r, round: rs.n}
	if inner != nil {
		for _, rv := range rs.reviews {
			if rv.Reviewer == inner.Name() {
				rec.replay = append(rec.replay, rv)
			}
		}
	}
	return rec
}

func (c *recorder) Name() string {
	if c.inner == nil {
		return ""
	}
	return c.inner.Name()
}

func (c *recorder) Review(ctx context.Context, t agent.Target) (agent.Review, error) {
	c.mu.Lock()
	c.shot++
	shot := c.shot
	if len(c.replay) > 0 {
		rv := c.replay[0]
		c.replay = c.replay[1:]
		c.mu.Unlock()
		return agent.Review{Report: *rv.Report, Usage: rv.Usage, Model: rv.Model}, nil
	}
	c.mu.Unlock()

	rev, err := c.inner.Review(ctx, t)
	if err != nil {
		return rev, err
	}
	if _, jerr := c.r.j.Append(kindReview, c.round, recordOf(c.inner.Name(), shot, rev)); jerr != nil {
		// Not the reviewer's fault: the run must stop, not skip it.
		c.r.mu.Lock()
		if c.r.journal == nil {
			c.r.journal = jerr
			c.r.cancel(jerr)
		}
		c.r.mu.Unlock()
		return rev, jerr
	}
	c.r.l.emit(Event{Kind: Reviewed, Round: c.round})
	return rev, nil
}
