package council_test

import (
	"context"
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
)

// instant returns n reviewers that answer at once with an empty report.
func instant(n int) []agent.Reviewer {
	rep := finding.Report{Reviewer: "instant", SchemaVersion: finding.SchemaVersion, Findings: []finding.Finding{}}
	rs := make([]agent.Reviewer, n)
	for i := range rs {
		rs[i] = agent.ReviewerFunc{ReviewerName: "instant", Fn: func(context.Context, agent.Target) (agent.Review, error) {
			return agent.Review{Report: rep}, nil
		}}
	}
	return rs
}

// sleepers returns n reviewers that each sleep d.
func sleepers(n int, d time.Duration) []agent.Reviewer {
	rs := make([]agent.Reviewer, n)
	for i := range rs {
		rs[i] = agent.ReviewerFunc{ReviewerName: fmt.Sprintf("sleeper-%d", i), Fn: func(context.Context, agent.Target) (agent.Review, error) {
			time.Sleep(d)
			return agent.Review{}, nil
		}}
	}
	return rs
}

// BenchmarkDispatch measures the council's own cost per call with
// reviewers that return at once.
func BenchmarkDispatch(b *testing.B) {
	for _, n := range []int{1, 8, 100} {
		b.Run(fmt.Sprintf("reviewers=%d", n), func(b *testing.B) {
			c := council.Council{Members: council.Members(instant(n)...), Limit: 8}
			ctx := context.Background()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := c.Run(ctx, agent.Target{}); err != nil {
					b.Fatal(err)
				}
			}
			runtime.ReadMemStats(&after)
			calls := float64(b.N * n)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/calls, "ns/reviewer")
			b.ReportMetric(float64(after.Mallocs-before.Mallocs)/calls, "allocs/reviewer")
		})
	}
}

// sleeperCases are the wall-clock targets, reported by BenchmarkSleepers
// as "ratio" (elapsed over ideal) rather than asserted in a test, since a
// shared machine's stalls would fail it: 1,000 reviewers sleeping 20 ms
// should finish within about 1.25x of 20 ms with limit 1,000 and of 200 ms
// with limit 100.
var sleeperCases = []struct {
	limit int
	ideal time.Duration
}{
	{1000, 20 * time.Millisecond},
	{100, 200 * time.Millisecond},
}

// benchSleepers runs 1,000 sleeping reviewers at the given limit and
// reports elapsed time per round over ideal as "ratio".
func benchSleepers(limit int, ideal time.Duration) func(*testing.B) {
	return func(b *testing.B) {
		c := council.Council{Members: council.Members(sleepers(1000, 20*time.Millisecond)...), Limit: limit}
		ctx := context.Background()
		for b.Loop() {
			if _, err := c.Run(ctx, agent.Target{}); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.Elapsed())/float64(b.N)/float64(ideal), "ratio")
	}
}

func BenchmarkSleepers(b *testing.B) {
	for _, tc := range sleeperCases {
		b.Run(fmt.Sprintf("limit=%d", tc.limit), benchSleepers(tc.limit, tc.ideal))
	}
}

// BenchmarkAggregate aggregates 10,000 findings from 8 reviewers over a
// 10,000-line document: one finding per line, every tenth line flagged by
// two reviewers with the same fix (merged) or another fix (a conflict),
// and one finding in twenty advice only. No bound on findings per review
// (1,250 each), so that it measures what it measured before the bound.
func BenchmarkAggregate(b *testing.B) {
	const lines, reviewers = 10000, 8
	var doc []byte
	for i := range lines {
		doc = fmt.Appendf(doc, "Line %d holds token%05d and some ordinary words.\n", i+1, i+1)
	}
	round := &council.Round{}
	for r := range reviewers {
		name := fmt.Sprintf("reviewer-%d", r)
		var fs []finding.Finding
		for i := range lines / reviewers {
			n := i*reviewers + r + 1 // every line once
			fix := fmt.Sprintf("TOKEN%05d", n)
			if n%10 == 0 && r > 0 {
				n-- // the previous line, already flagged by reviewer r-1
				if n%20 == 0 {
					fix = "another fix"
				} else {
					fix = fmt.Sprintf("TOKEN%05d", n)
				}
			}
			if n%20 == 7 {
				fix = ""
			}
			fs = append(fs, finding.Finding{
				ID: fmt.Sprintf("F%04d", i+1), Category: "bench", LineRange: finding.LineRange{Start: n, End: n},
				Issue: "token should be upper case", Fix: fix, Confidence: 80, Severity: finding.Low,
				Quotes: []string{fmt.Sprintf("token%05d", n)},
			})
		}
		round.Results = append(round.Results, council.Result{Reviewer: name, Shot: 1, Review: agent.Review{
			Report: finding.Report{Reviewer: name, SchemaVersion: finding.SchemaVersion, Findings: fs},
		}})
	}
	b.ReportAllocs()
	var table *council.Table
	for b.Loop() {
		table = council.Aggregate(doc, round, council.Options{MaxFindings: -1})
	}
	if len(table.Rows) != lines {
		b.Fatalf("%d rows, want %d", len(table.Rows), lines)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*lines), "ns/finding")
}

// oneLineRound returns a one-line document of about size bytes, made of
// distinct words, and a round in which one reviewer flags n of them
// (every finding hints line 1, the only line, and has the same ID, as a
// runaway model writes them).
func oneLineRound(size, n int) ([]byte, *council.Round) {
	doc := make([]byte, 0, size+16)
	words := 0
	for len(doc) < size {
		doc = fmt.Appendf(doc, "w%07d ", words)
		words++
	}
	doc = append(doc, '\n')
	fs := make([]finding.Finding, n)
	for i := range fs {
		w := i * words / n
		fs[i] = finding.Finding{
			ID: "F001", Category: "bench", LineRange: finding.LineRange{Start: 1, End: 1},
			Issue: fmt.Sprintf("word %d should be upper case", w), Fix: fmt.Sprintf("W%07d", w),
			Confidence: 80, Severity: finding.Low, Quotes: []string{fmt.Sprintf("w%07d", w)},
		}
	}
	round := &council.Round{Results: []council.Result{{Reviewer: "runaway", Shot: 1, Review: agent.Review{
		Report: finding.Report{Reviewer: "runaway", SchemaVersion: finding.SchemaVersion, Findings: fs},
	}}}}
	return doc, round
}

// BenchmarkAggregateOneLine aggregates findings on a 1 MB one-line
// document (the issue: 60,000 findings took 52 s and 702 MB): 60,000
// under the default bound on findings per review, and 1,000 and 3,000
// with no bound, so that the growth shows (ns/finding stays flat when the
// cost is linear; each finding costs apply.Resolve a search of its line,
// here the whole megabyte).
func BenchmarkAggregateOneLine(b *testing.B) {
	for _, tc := range []struct{ findings, bound int }{{60000, 0}, {1000, -1}, {3000, -1}} {
		name := fmt.Sprintf("findings=%d/bound=default", tc.findings)
		if tc.bound < 0 {
			name = fmt.Sprintf("findings=%d/bound=none", tc.findings)
		}
		b.Run(name, func(b *testing.B) {
			doc, round := oneLineRound(1<<20, tc.findings)
			b.ReportAllocs()
			var table *council.Table
			for b.Loop() {
				table = council.Aggregate(doc, round, council.Options{MaxFindings: tc.bound})
			}
			if want := min(tc.findings, council.DefaultMaxFindings); tc.bound == 0 && len(table.Rows) != want {
				b.Fatalf("%d rows, want %d", len(table.Rows), want)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*tc.findings), "ns/finding")
		})
	}
}
