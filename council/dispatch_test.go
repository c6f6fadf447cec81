package council_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/providers/scripted"
)

// answer is what one call of the mixed test list returns: a reviewer's
// Review or an agent's Result, and which call made it.
type answer struct {
	Kind   string // "review", "agent" or "shot"
	ID     int    // the call's position in the plan
	Review agent.Review
	Result agent.Result
}

// gauge counts the calls running at once and keeps the peak.
type gauge struct{ cur, peak atomic.Int32 }

// enter counts a call in and returns the function that counts it out.
func (g *gauge) enter() func() {
	n := g.cur.Add(1)
	for {
		p := g.peak.Load()
		if n <= p || g.peak.CompareAndSwap(p, n) {
			break
		}
	}
	return func() { g.cur.Add(-1) }
}

// waitFull blocks until limit calls run at once or every call has
// started, so that a correct dispatcher reaches its limit, and then a
// moment more, so that one that starts more calls than limit shows it; it
// reports an error if the limit is never reached.
func (g *gauge) waitFull(t *testing.T, limit int, started *atomic.Int32, total int) {
	for range 20000 { // 2 s at most
		if int(g.cur.Load()) >= limit || int(started.Load()) >= total {
			time.Sleep(time.Millisecond)
			return
		}
		time.Sleep(100 * time.Microsecond)
	}
	t.Errorf("the dispatcher never ran %d calls at once (%d running, %d of %d started)", limit, g.cur.Load(), started.Load(), total)
}

// TestDispatchMixedCallsUnderOneLimit dispatches calls of three kinds (a
// reviewer on a target, an agent on a task, the shots of one reviewer on
// a slice of the document) under one Limit: never more than Limit run at
// once (measured), Limit is reached, and the outcomes are in plan order
// with each call's own value.
func TestDispatchMixedCallsUnderOneLimit(t *testing.T) {
	defer noLeak(t)()
	const limit = 3
	var g gauge
	var started atomic.Int32
	doc := []byte(strings.Repeat("一行です。\n", 40))

	rev := fixed("style", 0, 2)
	author := agent.NewLLMAgent(scripted.NewResponder(func(call int, req agent.Request) scripted.Reply {
		return scripted.Reply{Text: "draft", Usage: agent.Usage{OutputTokens: 7, Calls: 1}}
	}), "author", "You write.")
	slice := agent.ReviewerFunc{ReviewerName: "slice", Fn: func(ctx context.Context, tg agent.Target) (agent.Review, error) {
		return agent.Review{Report: report("slice", tg.Lines.Start)}, nil
	}}

	var calls []council.Call[answer]
	var total int
	add := func(name string, shot int, kind string, do func(ctx context.Context) (answer, agent.Usage, error)) {
		id := len(calls)
		calls = append(calls, council.Call[answer]{Name: name, Shot: shot, Do: func(ctx context.Context) (answer, agent.Usage, error) {
			defer g.enter()()
			started.Add(1)
			g.waitFull(t, limit, &started, total)
			a, u, err := do(ctx)
			a.Kind, a.ID = kind, id
			return a, u, err
		}})
	}
	for i := range 3 {
		add(fmt.Sprintf("reviewer-%d", i), 1, "review", func(ctx context.Context) (answer, agent.Usage, error) {
			r, err := rev.Review(ctx, agent.Target{Text: doc})
			return answer{Review: r}, r.Usage, err
		})
	}
	for i := range 4 {
		add("author", i+1, "agent", func(ctx context.Context) (answer, agent.Usage, error) {
			r, err := author.Run(ctx, agent.Task{Instructions: fmt.Sprintf("write part %d", i)})
			return answer{Result: r}, r.Usage, err
		})
	}
	for s := range 5 {
		add("slice", s+1, "shot", func(ctx context.Context) (answer, agent.Usage, error) {
			r, err := slice.Review(ctx, agent.Target{Text: doc, Lines: finding.LineRange{Start: s + 1, End: s + 1}})
			return answer{Review: r}, r.Usage, err
		})
	}
	total = len(calls)

	var mu sync.Mutex
	finishedValues := map[int]answer{}
	outs, err := council.Dispatch(t.Context(), calls, council.DispatchOptions[answer]{
		Limit: limit,
		Observer: func(e council.CallEvent[answer]) {
			if e.Kind == council.Finished {
				mu.Lock()
				finishedValues[e.Index] = e.Value
				mu.Unlock()
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if p := g.peak.Load(); p != limit {
		t.Errorf("peak of %d calls at once, want exactly the limit %d", p, limit)
	}
	if len(outs) != len(calls) {
		t.Fatalf("%d outcomes for %d calls", len(outs), len(calls))
	}
	var usage agent.Usage
	for i, o := range outs {
		if o.Skipped() || o.Name != calls[i].Name || o.Shot != calls[i].Shot || o.Value.ID != i || o.Duration <= 0 {
			t.Errorf("outcome %d = %s#%d id %d (err %v), want %s#%d id %d", i, o.Name, o.Shot, o.Value.ID, o.Err, calls[i].Name, calls[i].Shot, i)
		}
		if ev, ok := finishedValues[i]; !ok || ev.ID != i || ev.Kind != o.Value.Kind {
			t.Errorf("the Finished event of call %d carried %+v, want its value", i, ev)
		}
		usage = usage.Add(o.Usage)
	}
	if outs[3].Value.Result.Text != "draft" || outs[3].Usage.OutputTokens != 7 {
		t.Errorf("agent outcome = %+v, want the agent's result and usage", outs[3])
	}
	if n := len(outs[9].Value.Review.Report.Findings); n != 3 {
		t.Errorf("slice shot 3 has %d findings, want 3 (its own slice)", n)
	}
	if usage.Calls != 3+4 {
		t.Errorf("usage sums %d calls, want 7", usage.Calls)
	}
}

// TestDispatchSlowWarmUpDoesNotHoldOthers checks that a warm-up call that
// does not return lets the others start after WarmUpWait: the warm-up
// returns only once another call has started, so a dispatcher that waited
// for it would deadlock (and the test fail after its fail-safe).
func TestDispatchSlowWarmUpDoesNotHoldOthers(t *testing.T) {
	defer noLeak(t)()
	othersStarted := make(chan struct{})
	var once sync.Once
	warmHeld := make(chan bool, 1)
	calls := []council.Call[string]{{Name: "warm", Do: func(ctx context.Context) (string, agent.Usage, error) {
		select {
		case <-othersStarted:
			warmHeld <- false
		case <-time.After(10 * time.Second): // fail-safe only
			warmHeld <- true
		}
		return "warm", agent.Usage{}, nil
	}}}
	for i := range 3 {
		calls = append(calls, council.Call[string]{Name: fmt.Sprint("other-", i), Do: func(ctx context.Context) (string, agent.Usage, error) {
			once.Do(func() { close(othersStarted) })
			return "other", agent.Usage{}, nil
		}})
	}
	outs, err := council.Dispatch(t.Context(), calls, council.DispatchOptions[string]{Limit: 2, WarmUp: true, WarmUpWait: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if <-warmHeld {
		t.Error("the others did not start while the slow warm-up ran")
	}
	for i, o := range outs {
		if o.Skipped() || (i == 0) != (o.Value == "warm") {
			t.Errorf("outcome %d = %+v", i, o)
		}
	}
}

// TestDispatchWarmUpGoesFirst checks that, with a wait longer than the
// warm-up, no other call starts before the warm-up returned.
func TestDispatchWarmUpGoesFirst(t *testing.T) {
	defer noLeak(t)()
	var warmDone atomic.Bool
	var early atomic.Int32
	calls := []council.Call[int]{{Name: "warm", Do: func(ctx context.Context) (int, agent.Usage, error) {
		time.Sleep(5 * time.Millisecond)
		warmDone.Store(true)
		return 0, agent.Usage{}, nil
	}}}
	for i := range 4 {
		calls = append(calls, council.Call[int]{Name: "other", Shot: i + 1, Do: func(ctx context.Context) (int, agent.Usage, error) {
			if !warmDone.Load() {
				early.Add(1)
			}
			return i + 1, agent.Usage{}, nil
		}})
	}
	if _, err := council.Dispatch(t.Context(), calls, council.DispatchOptions[int]{WarmUp: true, WarmUpWait: 10 * time.Second}); err != nil {
		t.Fatal(err)
	}
	if n := early.Load(); n != 0 {
		t.Errorf("%d calls started before the warm-up returned", n)
	}
}

// TestDispatchPanicAndGoexit checks that a panic and a runtime.Goexit are
// that call's error, with its events, and that the siblings are kept,
// also when the failing call is the warm-up.
func TestDispatchPanicAndGoexit(t *testing.T) {
	for _, tc := range []struct {
		warm  bool
		limit int
	}{{false, 0}, {true, 0}, {false, 1}, {true, 1}, {true, 2}} {
		warm := tc.warm
		t.Run(fmt.Sprintf("warmup=%v/limit=%d", tc.warm, tc.limit), func(t *testing.T) {
			defer noLeak(t)()
			calls := []council.Call[string]{
				{Name: "exits", Do: func(context.Context) (string, agent.Usage, error) {
					runtime.Goexit()
					return "", agent.Usage{}, nil
				}},
				{Name: "panics", Do: func(context.Context) (string, agent.Usage, error) {
					var m map[string]int
					m["boom"]++
					return "", agent.Usage{}, nil
				}},
				{Name: "ok", Do: func(context.Context) (string, agent.Usage, error) { return "fine", agent.Usage{Calls: 1}, nil }},
				{Name: "nil"},
			}
			var mu sync.Mutex
			kinds := map[int][]string{}
			calls = append(calls, calls[0], calls[2]) // a second Goexit, and a call after it
			outs, err := council.Dispatch(t.Context(), calls, council.DispatchOptions[string]{WarmUp: warm, Limit: tc.limit,
				Observer: func(e council.CallEvent[string]) {
					mu.Lock()
					defer mu.Unlock()
					kinds[e.Index] = append(kinds[e.Index], e.Kind.String())
				}})
			if err != nil {
				t.Fatal(err)
			}
			if !errors.Is(outs[0].Err, council.ErrGoexit) {
				t.Errorf("Goexit outcome err = %v, want ErrGoexit", outs[0].Err)
			}
			var pe *council.PanicError
			var re runtime.Error
			if !errors.As(outs[1].Err, &pe) || !errors.As(outs[1].Err, &re) {
				t.Errorf("panic outcome err = %v, want a *PanicError exposing the runtime.Error", outs[1].Err)
			}
			var ce *council.CallError
			if !errors.As(outs[1].Err, &ce) || ce.Name != "panics" || ce.Shot != 1 || !strings.HasPrefix(ce.Error(), "call panics (shot 1): panic:") {
				t.Errorf("panic outcome err = %v, want a *CallError naming the call", outs[1].Err)
			}
			if outs[2].Err != nil || outs[2].Value != "fine" {
				t.Errorf("sibling outcome = %+v, want its value", outs[2])
			}
			if !errors.Is(outs[4].Err, council.ErrGoexit) || outs[5].Err != nil || outs[5].Value != "fine" {
				t.Errorf("after a second Goexit: %v, %+v; want the call after it made", outs[4].Err, outs[5])
			}
			if outs[3].Err == nil || !strings.Contains(outs[3].Err.Error(), "no Do function") {
				t.Errorf("nil Do outcome = %v, want skipped", outs[3].Err)
			}
			for i, want := range []string{"started skipped", "started skipped", "started finished", "skipped", "started skipped", "started finished"} {
				if got := strings.Join(kinds[i], " "); got != want {
					t.Errorf("call %d (%s) events = %q, want %q", i, calls[i].Name, got, want)
				}
			}
		})
	}
}

// TestDispatchTimeoutVersusCancel tells a call's own timeout apart from
// the caller's cancellation and the caller's deadline.
func TestDispatchTimeoutVersusCancel(t *testing.T) {
	block := func(ctx context.Context) (int, agent.Usage, error) {
		select {
		case <-ctx.Done():
			return 0, agent.Usage{InputTokens: 9, Calls: 1}, ctx.Err()
		case <-time.After(10 * time.Second):
			return 1, agent.Usage{}, nil
		}
	}
	quick := func(context.Context) (int, agent.Usage, error) { return 2, agent.Usage{}, nil }

	t.Run("timeout", func(t *testing.T) {
		defer noLeak(t)()
		outs, err := council.Dispatch(t.Context(), []council.Call[int]{{Name: "slow", Do: block}, {Name: "quick", Do: quick}},
			council.DispatchOptions[int]{Timeout: 20 * time.Millisecond})
		if err != nil {
			t.Fatalf("Dispatch = %v; a call's timeout is no error of the whole", err)
		}
		if e := outs[0].Err; !errors.Is(e, council.ErrTimeout) || !errors.Is(e, context.DeadlineExceeded) || !strings.Contains(e.Error(), "after 20ms") {
			t.Errorf("slow call err = %v, want ErrTimeout after 20ms wrapping context.DeadlineExceeded", e)
		}
		if outs[0].Usage.InputTokens != 9 || outs[1].Value != 2 {
			t.Errorf("outcomes = %+v, want the slow call's usage and the quick call's value", outs)
		}
	})
	t.Run("cancel", func(t *testing.T) {
		defer noLeak(t)()
		ctx, cancel := context.WithCancel(t.Context())
		calls := []council.Call[int]{{Name: "quick", Do: func(ctx context.Context) (int, agent.Usage, error) {
			cancel()
			return 2, agent.Usage{}, nil
		}}, {Name: "slow", Do: block}, {Name: "later", Do: quick}}
		outs, err := council.Dispatch(ctx, calls, council.DispatchOptions[int]{Limit: 1, Timeout: time.Minute})
		if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "1 of 3 calls finished") {
			t.Fatalf("Dispatch = %v, want the cancellation with what finished", err)
		}
		for _, o := range outs[1:] {
			if !errors.Is(o.Err, context.Canceled) || errors.Is(o.Err, council.ErrTimeout) || !strings.Contains(o.Err.Error(), "not started") {
				t.Errorf("%s err = %v, want not started, cancelled, no timeout", o.Name, o.Err)
			}
		}
		if outs[0].Err != nil || outs[0].Value != 2 {
			t.Errorf("the finished call lost its value: %+v", outs[0])
		}
	})
	t.Run("caller deadline", func(t *testing.T) {
		defer noLeak(t)()
		ctx, cancel := context.WithTimeout(t.Context(), 20*time.Millisecond)
		defer cancel()
		outs, err := council.Dispatch(ctx, []council.Call[int]{{Name: "slow", Do: block}}, council.DispatchOptions[int]{Timeout: time.Minute})
		if !errors.Is(err, context.DeadlineExceeded) || errors.Is(outs[0].Err, council.ErrTimeout) {
			t.Errorf("Dispatch = %v, call err %v; want the caller's deadline, not the call's timeout", err, outs[0].Err)
		}
	})
}

// TestDispatchQuorum counts distinct names with a successful call.
func TestDispatchQuorum(t *testing.T) {
	boom := errors.New("boom")
	ok := func(context.Context) (int, agent.Usage, error) { return 1, agent.Usage{}, nil }
	bad := func(context.Context) (int, agent.Usage, error) { return 0, agent.Usage{}, boom }
	for _, tc := range []struct {
		name   string
		calls  []council.Call[int]
		quorum int
		got    int // -1: met
	}{
		{"met", []council.Call[int]{{Name: "a", Do: ok}, {Name: "b", Do: bad}, {Name: "c", Do: ok}}, 2, -1},
		{"shots of one name count once", []council.Call[int]{{Name: "a", Shot: 1, Do: ok}, {Name: "a", Shot: 2, Do: ok}, {Name: "b", Do: bad}}, 2, 1},
		{"none succeed", []council.Call[int]{{Name: "a", Do: bad}}, 1, 0},
		{"no quorum", []council.Call[int]{{Name: "a", Do: bad}}, 0, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			outs, err := council.Dispatch(t.Context(), tc.calls, council.DispatchOptions[int]{Quorum: tc.quorum})
			if len(outs) != len(tc.calls) {
				t.Fatalf("%d outcomes", len(outs))
			}
			if tc.got < 0 {
				if err != nil {
					t.Errorf("Dispatch = %v, want success", err)
				}
				return
			}
			var qe *council.QuorumError
			if !errors.As(err, &qe) || !errors.Is(err, council.ErrQuorum) || !errors.Is(err, boom) || qe.Need != tc.quorum || qe.Got != tc.got {
				t.Errorf("Dispatch = %v, want a *QuorumError need %d got %d wrapping the failures", err, tc.quorum, tc.got)
			}
		})
	}
}

func TestDispatchEmpty(t *testing.T) {
	outs, err := council.Dispatch[int](t.Context(), nil, council.DispatchOptions[int]{WarmUp: true, Quorum: 0})
	if err != nil || len(outs) != 0 {
		t.Errorf("Dispatch(nil) = %v, %v", outs, err)
	}
}
