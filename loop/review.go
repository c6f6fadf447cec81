package loop

import (
	"context"
	"fmt"
	"sync"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// reviewWire is the journal payload of one reviewer call: the driver's
// private wire shape, so that agent.Review may change without breaking the
// resume of an older run.
type reviewWire struct {
	Report finding.Report `json:"report"`
	Usage  agent.Usage    `json:"usage"`
	Model  string         `json:"model,omitempty"`
}

// ReviewRound runs council c on target t with every reviewer call as a
// journal step, and returns the council's Round (results in the council's
// order, members then shots, whatever order they arrived in).
//
// Each call's step key is key+"/"+name+"#"+shot, with the shot the
// council's plan gives the call (council.ShotReviewer), so a resumed round hands
// each journaled Review back to the shot that made it. (When two members
// share a name, their shots are numbered together in the order the calls
// start; such shots are interchangeable.) A call whose Review is journaled
// (an interrupted round being resumed) returns it without calling the
// reviewer; a successful call is journaled before it returns; a failed
// call is not journaled, so it is made again on resume.
//
// A Review that cannot be journaled (the journal's disk is full) is not the
// reviewer's fault: the round's other calls are cancelled and ReviewRound
// returns that journal error, so that nothing more is paid for and lost.
// An error of the council itself (ctx cancelled, quorum not met) is
// returned wrapped, naming key. While the journal replays only, the
// council's Observer and Logger are not called.
func ReviewRound(ctx context.Context, j *journal.Journal, key string, c council.Council, t agent.Target) (*council.Round, error) {
	if j.ReplayOnly() { // a replay reports nothing: nothing happens
		c.Observer, c.Logger = nil, nil
	}
	rctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	s := &stepShared{j: j, key: key, cancel: cancel, shots: map[string]int{}, twice: map[string]bool{}}
	seen := map[string]bool{}
	for _, m := range c.Members {
		if m.Reviewer != nil {
			n := m.Reviewer.Name()
			s.twice[n], seen[n] = seen[n], true
		}
	}
	members := make([]council.Member, len(c.Members))
	for i, m := range c.Members {
		members[i] = m
		if m.Reviewer != nil {
			members[i].Reviewer = &stepReviewer{inner: m.Reviewer, s: s}
		}
	}
	c.Members = members
	round, err := c.Run(rctx, t)
	s.mu.Lock()
	jerr := s.jerr
	s.mu.Unlock()
	switch {
	case jerr != nil:
		return nil, jerr
	case err != nil:
		return nil, fmt.Errorf("%s: %w", key, err)
	}
	return round, nil
}

// stepShared is what a round's step reviewers share.
type stepShared struct {
	j      *journal.Journal
	key    string
	cancel context.CancelCauseFunc

	mu    sync.Mutex
	shots map[string]int  // calls so far by reviewer name (names of two members)
	twice map[string]bool // names two members share
	jerr  error           // the first journal write that failed
}

// stepReviewer makes each Review of inner a journal step.
type stepReviewer struct {
	inner agent.Reviewer
	s     *stepShared
}

func (r *stepReviewer) Name() string { return r.inner.Name() }

// Review is ReviewShot without a planned shot: shots are numbered in call
// order.
func (r *stepReviewer) Review(ctx context.Context, t agent.Target) (agent.Review, error) {
	return r.ReviewShot(ctx, t, 0)
}

// ReviewShot journals the call as shot planned of its reviewer (see
// council.ShotReviewer); 0, or a name two members share, numbers the
// reviewer's calls in the order they start.
func (r *stepReviewer) ReviewShot(ctx context.Context, t agent.Target, planned int) (agent.Review, error) {
	s, name := r.s, r.inner.Name()
	s.mu.Lock()
	shot := planned
	if planned < 1 || s.twice[name] {
		s.shots[name]++
		shot = s.shots[name]
	}
	k := fmt.Sprintf("%s/%s#%d", s.key, name, shot)
	s.mu.Unlock()
	var failed agent.Review // what a failed call spent, for its Skip
	ran := false
	w, err := journal.Call(ctx, s.j, k, func(ctx context.Context) (w reviewWire, err error) {
		ctx, span := callSpan(ctx, name, shot, k)
		defer func() { endCall(span, err) }()
		var rv agent.Review
		if sr, ok := r.inner.(council.ShotReviewer); ok && planned > 0 {
			rv, err = sr.ReviewShot(ctx, t, planned)
		} else {
			rv, err = r.inner.Review(ctx, t)
		}
		if err != nil {
			failed = rv
			return reviewWire{}, agent.WithSpent(err, rv.Usage) // what it spent reaches the caller, wherever the call was made
		}
		ran = true
		return reviewWire{Report: rv.Report, Usage: rv.Usage, Model: rv.Model}, nil
	})
	if err != nil {
		if ran { // the reviewer answered; the journal did not take it
			s.mu.Lock()
			if s.jerr == nil {
				s.jerr = err
				s.cancel(err)
			}
			s.mu.Unlock()
		}
		failed.Usage = agent.SpentBy(err) // this process's call's, or a durable engine's call made elsewhere
		return failed, err
	}
	return agent.Review{Report: w.Report, Usage: w.Usage, Model: w.Model}, nil
}
