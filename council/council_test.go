package council_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
)

// report returns a valid Report by name holding n findings.
func report(name string, n int) finding.Report {
	fs := make([]finding.Finding, n)
	for i := range fs {
		fs[i] = finding.Finding{
			ID: fmt.Sprintf("F%03d", i+1), Category: "test", Issue: "issue",
			Severity: finding.Low, Confidence: 80, LineRange: finding.LineRange{Start: 1, End: 1},
			Quotes: []string{},
		}
	}
	return finding.Report{Reviewer: name, SchemaVersion: finding.SchemaVersion, Findings: fs}
}

// fixed returns a reviewer that waits d (or until ctx is done) and then
// returns a report with n findings and one call of usage.
func fixed(name string, d time.Duration, n int) agent.Reviewer {
	return agent.ReviewerFunc{ReviewerName: name, Fn: func(ctx context.Context, _ agent.Target) (agent.Review, error) {
		if d > 0 {
			select {
			case <-time.After(d):
			case <-ctx.Done():
				return agent.Review{Usage: agent.Usage{Calls: 1}}, ctx.Err()
			}
		}
		return agent.Review{Report: report(name, n), Usage: agent.Usage{InputTokens: 10, OutputTokens: 5, Calls: 1}}, nil
	}}
}

func failing(name string, err error) agent.Reviewer {
	return agent.ReviewerFunc{ReviewerName: name, Fn: func(context.Context, agent.Target) (agent.Review, error) {
		return agent.Review{Usage: agent.Usage{InputTokens: 3, Calls: 1}}, err
	}}
}

func panicking(name string) agent.Reviewer {
	return agent.ReviewerFunc{ReviewerName: name, Fn: func(context.Context, agent.Target) (agent.Review, error) {
		var m map[string]int
		m["boom"]++ // a real runtime panic: assignment to entry in nil map
		return agent.Review{}, nil
	}}
}

// noLeak fails t if, after a short settle, more goroutines run than when it
// was called.
func noLeak(t *testing.T) func() {
	t.Helper()
	before := runtime.NumGoroutine()
	return func() {
		t.Helper()
		var now int
		for range 200 {
			if now = runtime.NumGoroutine(); now <= before {
				return
			}
			time.Sleep(5 * time.Millisecond)
		}
		t.Errorf("goroutines: %d before Run, %d after", before, now)
	}
}

func names(rs []council.Result) string {
	var b strings.Builder
	for i, r := range rs {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%s#%d", r.Reviewer, r.Shot)
		if r.Skipped() {
			b.WriteString("(skip)")
		}
	}
	return b.String()
}

func TestRunOrderIsDeterministic(t *testing.T) {
	defer noLeak(t)()
	// The later reviewers finish first; shots finish in reverse order.
	c := council.Council{Members: []council.Member{
		{Reviewer: fixed("a", 30*time.Millisecond, 1)},
		{Reviewer: fixed("b", 10*time.Millisecond, 2), Shots: 3},
		{Reviewer: fixed("c", 0, 0)},
	}}
	round, err := c.Run(t.Context(), agent.Target{Text: []byte("本文\r\n")})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if got, want := names(round.Results), "a#1 b#1 b#2 b#3 c#1"; got != want {
		t.Errorf("results = %s, want %s", got, want)
	}
	if round.Partial || round.Err() != nil {
		t.Errorf("Partial = %v, Err = %v; want a complete round", round.Partial, round.Err())
	}
	if got, want := round.Usage, (agent.Usage{InputTokens: 50, OutputTokens: 25, Calls: 5}); got != want {
		t.Errorf("Usage = %+v, want %+v", got, want)
	}
	if n := len(round.Results[1].Review.Report.Findings); n != 2 {
		t.Errorf("b#1 has %d findings, want 2", n)
	}
}

func TestRunSkipsFailures(t *testing.T) {
	errModel := errors.New("model unavailable")
	tests := []struct {
		name     string
		reviewer agent.Reviewer
		timeout  time.Duration
		check    func(t *testing.T, err error)
	}{
		{"error", failing("bad", errModel), 0, func(t *testing.T, err error) {
			if !errors.Is(err, errModel) {
				t.Errorf("skip reason %v does not wrap the reviewer's error", err)
			}
		}},
		{"panic", panicking("bad"), 0, func(t *testing.T, err error) {
			var pe *council.PanicError
			if !errors.As(err, &pe) {
				t.Fatalf("skip reason %v is not a *PanicError", err)
			}
			var re runtime.Error
			if !errors.As(err, &re) {
				t.Errorf("skip reason %v does not expose the runtime.Error", err)
			}
			stack := string(pe.Stack)
			if !strings.Contains(stack, "panicking") {
				t.Errorf("stack does not start at the panicking reviewer:\n%s", stack)
			}
			if strings.Contains(stack, "runtime/panic.go") || strings.Count(stack, "\n") > 16 {
				t.Errorf("stack is not trimmed:\n%s", stack)
			}
		}},
		{"timeout", fixed("bad", 10*time.Second, 1), 20 * time.Millisecond, func(t *testing.T, err error) {
			if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "timed out after 20ms") {
				t.Errorf("skip reason %q, want a timeout wrapping context.DeadlineExceeded", err)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer noLeak(t)()
			var started atomic.Int32
			c := council.Council{
				Members: council.Members(fixed("ok1", 5*time.Millisecond, 1), tt.reviewer, fixed("ok2", 0, 2)),
				Timeout: tt.timeout,
				Observer: func(e council.Event) {
					if e.Kind == council.Started {
						started.Add(1)
					}
				},
			}
			round, err := c.Run(t.Context(), agent.Target{})
			if err != nil {
				t.Fatalf("Run: %v (a skipped reviewer is not a round error)", err)
			}
			if got, want := names(round.Results), "ok1#1 bad#1(skip) ok2#1"; got != want {
				t.Errorf("results = %s, want %s", got, want)
			}
			if started.Load() != 3 {
				t.Errorf("%d calls started, want 3", started.Load())
			}
			if round.Results[0].Review.Report.Reviewer != "ok1" || len(round.Results[2].Review.Report.Findings) != 2 {
				t.Errorf("siblings lost their reports: %+v", round.Results)
			}
			skip := round.Results[1].Err
			var re *council.ReviewerError
			if !errors.As(skip, &re) || re.Reviewer != "bad" || re.Shot != 1 {
				t.Fatalf("skip reason %v is not a *ReviewerError for bad#1", skip)
			}
			if !strings.Contains(skip.Error(), "reviewer bad (shot 1)") {
				t.Errorf("skip reason %q does not name the reviewer", skip)
			}
			if !errors.Is(round.Err(), skip) || !strings.Contains(round.Err().Error(), "1 error occurred") {
				t.Errorf("Round.Err() = %v, want the multierror of the skip", round.Err())
			}
			tt.check(t, skip)
		})
	}
}

func TestRunCancelMidRound(t *testing.T) {
	defer noLeak(t)()
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	c := council.Council{
		Members: []council.Member{
			{Reviewer: fixed("fast", 0, 1)},
			{Reviewer: fixed("slow", time.Minute, 1), Shots: 2},
			{Reviewer: fixed("later", 0, 1)},
		},
		Limit: 3, // "later" waits for a slot that only cancellation frees
		Observer: func(e council.Event) {
			if e.Kind == council.Finished && e.Reviewer == "fast" {
				cancel()
			}
		},
	}
	start := time.Now()
	round, err := c.Run(ctx, agent.Target{})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Run error = %v, want one wrapping context.Canceled", err)
	}
	if time.Since(start) > 10*time.Second {
		t.Errorf("Run took %v after cancellation", time.Since(start))
	}
	if round == nil || !round.Partial {
		t.Fatalf("round = %+v, want a partial round", round)
	}
	if got, want := names(round.Results), "fast#1 slow#1(skip) slow#2(skip) later#1(skip)"; got != want {
		t.Errorf("results = %s, want %s", got, want)
	}
	if !strings.Contains(err.Error(), "1 of 4 calls finished") {
		t.Errorf("error %q does not say what finished", err)
	}
	for _, r := range round.Results[1:] {
		if !errors.Is(r.Err, context.Canceled) {
			t.Errorf("%s#%d skip reason %v, want context.Canceled", r.Reviewer, r.Shot, r.Err)
		}
	}
}

func TestRunQuorum(t *testing.T) {
	boom := errors.New("boom")
	tests := []struct {
		name    string
		members []council.Member
		quorum  int
		wantErr bool
	}{
		{"met", council.Members(fixed("a", 0, 1), failing("b", boom), fixed("c", 0, 1)), 2, false},
		{"not met", council.Members(fixed("a", 0, 1), failing("b", boom), failing("c", boom)), 2, true},
		// Three successful shots of one reviewer are still one member.
		{"shots count once", []council.Member{{Reviewer: fixed("a", 0, 1), Shots: 3}, {Reviewer: failing("b", boom)}}, 2, true},
		{"one shot is enough", []council.Member{{Reviewer: fixed("a", 0, 1)}, {Reviewer: failing("b", boom)}, {Reviewer: fixed("c", 0, 1), Shots: 2}}, 2, false},
		{"none required", council.Members(failing("a", boom)), 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := council.Council{Members: tt.members, Quorum: tt.quorum}
			round, err := c.Run(t.Context(), agent.Target{})
			if round == nil {
				t.Fatal("Run returned no round")
			}
			if !tt.wantErr {
				if err != nil || round.Partial {
					t.Fatalf("Run = %v (partial %v), want success", err, round.Partial)
				}
				return
			}
			var qe *council.QuorumError
			if !errors.Is(err, council.ErrQuorum) || !errors.As(err, &qe) {
				t.Fatalf("Run error = %v, want a *QuorumError", err)
			}
			if qe.Need != tt.quorum || qe.Got != 1 || !errors.Is(err, boom) || !round.Partial {
				t.Errorf("QuorumError = %+v (partial %v), want need %d got 1 wrapping the skips", qe, round.Partial, tt.quorum)
			}
			if len(round.Reviews()) == 0 {
				t.Errorf("the partial round lost the reviews that succeeded")
			}
		})
	}
}

func TestRunEventsPerCall(t *testing.T) {
	var mu sync.Mutex
	seen := map[string][]council.Event{}
	c := council.Council{
		Members: []council.Member{
			{Reviewer: fixed("a", time.Millisecond, 3), Shots: 2},
			{Reviewer: failing("b", errors.New("nope"))},
			{Reviewer: panicking("c")},
		},
		Limit: 2,
		Observer: func(e council.Event) {
			mu.Lock()
			defer mu.Unlock()
			k := fmt.Sprintf("%s#%d", e.Reviewer, e.Shot)
			seen[k] = append(seen[k], e)
		},
	}
	if _, err := c.Run(t.Context(), agent.Target{}); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"a#1": "started finished", "a#2": "started finished", "b#1": "started skipped", "c#1": "started skipped"}
	if len(seen) != len(want) {
		t.Errorf("events for %d calls, want %d", len(seen), len(want))
	}
	for k, w := range want {
		var kinds []string
		for _, e := range seen[k] {
			kinds = append(kinds, e.Kind.String())
		}
		if got := strings.Join(kinds, " "); got != w {
			t.Errorf("%s events = %q, want %q", k, got, w)
		}
	}
	fin := seen["a#1"][1]
	if fin.Findings != 3 || fin.Usage.Calls != 1 || fin.Duration <= 0 {
		t.Errorf("finished event = %+v, want 3 findings, one call, a duration", fin)
	}
	if sk := seen["b#1"][1]; sk.Err == nil || sk.Usage.InputTokens != 3 {
		t.Errorf("skipped event = %+v, want its reason and the failed call's usage", sk)
	}
}

// longTarget is a target whose shared material is long enough to be
// cached (council.Cacheable), so that a council with WarmUp warms up.
func longTarget() agent.Target {
	return agent.Target{Path: "long.md", Text: []byte(strings.Repeat("本稿では、会議の仕組みを説明します。\r\n", 100))}
}

func TestRunWarmUpGoesFirst(t *testing.T) {
	var mu sync.Mutex
	var order []string
	c := council.Council{
		Members: []council.Member{
			{Reviewer: fixed("first", 20*time.Millisecond, 1), Shots: 2},
			{Reviewer: fixed("b", 0, 1)},
			{Reviewer: fixed("c", 0, 1)},
		},
		WarmUp: true,
		Observer: func(e council.Event) {
			mu.Lock()
			defer mu.Unlock()
			order = append(order, fmt.Sprintf("%s %s#%d", e.Kind, e.Reviewer, e.Shot))
		},
	}
	if _, err := c.Run(t.Context(), longTarget()); err != nil {
		t.Fatal(err)
	}
	if len(order) != 8 || order[0] != "started first#1" || order[1] != "finished first#1" {
		t.Errorf("events = %q, want first#1 to start and finish before any other call", order)
	}
}

func TestRunLimit(t *testing.T) {
	var cur, peak atomic.Int32
	r := agent.ReviewerFunc{ReviewerName: "r", Fn: func(ctx context.Context, _ agent.Target) (agent.Review, error) {
		n := cur.Add(1)
		defer cur.Add(-1)
		for {
			p := peak.Load()
			if n <= p || peak.CompareAndSwap(p, n) {
				break
			}
		}
		time.Sleep(2 * time.Millisecond)
		return agent.Review{Report: report("r", 0)}, nil
	}}
	c := council.Council{Members: []council.Member{{Reviewer: r, Shots: 20}}, Limit: 3}
	round, err := c.Run(t.Context(), agent.Target{})
	if err != nil {
		t.Fatal(err)
	}
	if len(round.Reviews()) != 20 || peak.Load() > 3 {
		t.Errorf("%d reviews with %d at once, want 20 with at most 3", len(round.Reviews()), peak.Load())
	}
}

func TestRunZeroValueAndNilReviewer(t *testing.T) {
	var c council.Council
	round, err := c.Run(t.Context(), agent.Target{})
	if err != nil || len(round.Results) != 0 {
		t.Errorf("zero Council: %v, %d results; want an empty round", err, len(round.Results))
	}
	c.Members = []council.Member{{}}
	round, err = c.Run(t.Context(), agent.Target{})
	if err != nil || len(round.Results) != 1 || !strings.Contains(fmt.Sprint(round.Results[0].Err), "member 0 has no reviewer") {
		t.Errorf("nil reviewer: %v, %+v; want it skipped with a reason", err, round.Results)
	}
}

func TestRunLogs(t *testing.T) {
	var buf strings.Builder // the handler serialises its writes
	h := slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug,
		ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey || a.Key == "duration" {
				return slog.Attr{}
			}
			return a
		}})
	c := council.Council{Members: council.Members(fixed("ok", 0, 2), failing("bad", errors.New("boom"))), Limit: 1, Logger: slog.New(h)}
	if _, err := c.Run(t.Context(), agent.Target{}); err != nil {
		t.Fatal(err)
	}
	want := []string{
		`level=DEBUG msg="reviewer started" reviewer=ok shot=1`,
		`level=INFO msg="reviewer finished" reviewer=ok shot=1 findings=2 tokens=15`,
		`level=DEBUG msg="reviewer started" reviewer=bad shot=1`,
		`level=WARN msg="reviewer skipped" reviewer=bad shot=1 err=boom`,
	}
	if got := strings.TrimSpace(buf.String()); got != strings.Join(want, "\n") {
		t.Errorf("log:\n%s\nwant:\n%s", got, strings.Join(want, "\n"))
	}
}

func TestRunCancelDuringWarmUp(t *testing.T) {
	defer noLeak(t)()
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var started atomic.Int32
	c := council.Council{
		Members: council.Members(fixed("warm", time.Minute, 1), fixed("b", 0, 1), fixed("c", 0, 1)),
		WarmUp:  true,
		Observer: func(e council.Event) {
			if e.Kind == council.Started {
				started.Add(1)
				cancel() // cancel while the warm-up call runs
			}
		},
	}
	round, err := c.Run(ctx, longTarget())
	if !errors.Is(err, context.Canceled) || !round.Partial {
		t.Fatalf("Run = %v (partial %v), want a cancelled partial round", err, round.Partial)
	}
	if started.Load() != 1 {
		t.Errorf("%d calls started, want only the warm-up", started.Load())
	}
	for _, r := range round.Results[1:] {
		if !strings.Contains(fmt.Sprint(r.Err), "not started") || r.Duration != 0 {
			t.Errorf("%s: %v, want skipped before it started", r.Reviewer, r.Err)
		}
	}
}

func TestRunGoexitIsSkipped(t *testing.T) {
	defer noLeak(t)()
	exits := agent.ReviewerFunc{ReviewerName: "exits", Fn: func(context.Context, agent.Target) (agent.Review, error) {
		runtime.Goexit()
		return agent.Review{}, nil
	}}
	for _, warm := range []bool{false, true} {
		t.Run(fmt.Sprintf("warmup=%v", warm), func(t *testing.T) {
			var mu sync.Mutex
			var kinds []string
			c := council.Council{
				Members: council.Members(exits, fixed("ok", 0, 1)),
				WarmUp:  warm,
				Observer: func(e council.Event) {
					mu.Lock()
					defer mu.Unlock()
					if e.Reviewer == "exits" {
						kinds = append(kinds, e.Kind.String())
					}
				},
			}
			round, err := c.Run(t.Context(), longTarget())
			if err != nil {
				t.Fatal(err)
			}
			if got, want := names(round.Results), "exits#1(skip) ok#1"; got != want {
				t.Errorf("results = %s, want %s", got, want)
			}
			if e := round.Results[0].Err; e == nil || !strings.Contains(e.Error(), "runtime.Goexit") {
				t.Errorf("skip reason = %v, want one naming runtime.Goexit", e)
			}
			if got := strings.Join(kinds, " "); got != "started skipped" {
				t.Errorf("events = %q, want \"started skipped\"", got)
			}
		})
	}
}

func TestRunCancelAfterLastCallIsComplete(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var finished atomic.Int32
	c := council.Council{
		Members: []council.Member{{Reviewer: fixed("a", 0, 1), Shots: 3}},
		Observer: func(e council.Event) {
			if e.Kind == council.Finished && finished.Add(1) == 3 {
				cancel()
			}
		},
	}
	round, err := c.Run(ctx, agent.Target{})
	if err != nil || round.Partial {
		t.Fatalf("Run = partial %v, %v; want a complete round and no error", round.Partial, err)
	}
	if len(round.Reviews()) != 3 {
		t.Errorf("%d reviews, want 3", len(round.Reviews()))
	}
}

func TestRunObserverPanicIsLogged(t *testing.T) {
	var buf strings.Builder
	var mu sync.Mutex
	h := slog.NewTextHandler(&lockedWriter{mu: &mu, w: &buf}, &slog.HandlerOptions{Level: slog.LevelError})
	c := council.Council{
		Members:  council.Members(fixed("a", 0, 2), failing("b", errors.New("nope"))),
		Observer: func(council.Event) { panic("observer bug") },
		Logger:   slog.New(h),
	}
	round, err := c.Run(t.Context(), agent.Target{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := names(round.Results), "a#1 b#1(skip)"; got != want {
		t.Errorf("results = %s, want %s", got, want)
	}
	mu.Lock()
	defer mu.Unlock()
	if n := strings.Count(buf.String(), "observer panicked"); n != 4 {
		t.Errorf("%d observer panics logged, want 4 (two events per call):\n%s", n, buf.String())
	}
	if !strings.Contains(buf.String(), "observer bug") {
		t.Errorf("log does not carry the panic value:\n%s", buf.String())
	}
}

// lockedWriter serialises writes to w.
type lockedWriter struct {
	mu *sync.Mutex
	w  *strings.Builder
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
