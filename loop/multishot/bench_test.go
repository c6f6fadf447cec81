package multishot

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
)

// BenchmarkWave10x5 dispatches one wave of 10 slices x 5 shots, every
// call a journal step, and reports the dispatch's wall time against the
// slowest chain (one call: 200 ms) as "x-slowest". "spread": slice i, shot
// k takes 4 ms x (5i+k), fifty different latencies up to 200 ms. "ties":
// 20 ms x (i+k) capped at 200 ms, so 15 calls end at the same instant and
// their journal records (each fsync'd, one at a time) queue up.
func BenchmarkWave10x5(b *testing.B) {
	b.Run("spread", func(b *testing.B) { benchWave(b, func(i, k int) int { return 4 * (5*i + k) }) })
	b.Run("ties", func(b *testing.B) { benchWave(b, func(i, k int) int { return 20 * (i + k) }) })
}

func benchWave(b *testing.B, ms func(slice, shot int) int) {
	r := sampleRepo(b)
	var files []string
	for i := range 10 {
		name := fmt.Sprintf("pkg%d/f.go", i)
		r.write(name, "package p\n\n// changed\n")
		files = append(files, name)
	}
	var sl []Slice
	for i, f := range files {
		sl = append(sl, Slice{Name: fmt.Sprintf("s%d", i), Prompt: "p", Files: []string{f}})
	}
	const slowest = 200 * time.Millisecond
	rev := ReviewerFunc(func(ctx context.Context, in ShotInput) (Result, agent.Usage, error) {
		var i int
		fmt.Sscanf(in.Slice.Name, "s%d", &i)
		d := min(slowest, time.Duration(ms(i, in.Shot))*time.Millisecond)
		select {
		case <-time.After(d):
		case <-ctx.Done():
			return Result{}, agent.Usage{}, ctx.Err()
		}
		end := 3
		return Result{SchemaVersion: 1, Findings: []ShotFinding{{Severity: P2, Title: "comment", Content: "c",
			Location: Location{Path: in.Slice.Files[0], StartLine: 3, EndLine: &end}}}}, agent.Usage{Calls: 1}, nil
	})
	var ratio float64
	for b.Loop() {
		var start, end time.Time
		l := &Loop{Dir: filepath.Join(b.TempDir(), "s"), Reviewer: rev, Classifier: fixedSlices(sl...), Shots: 5, Mode: Report,
			Observer: func(e Event) {
				switch {
				case e.Kind == "wave":
					start = time.Now()
				case e.Kind == "dispatched":
					end = time.Now()
				}
			}}
		if _, err := l.Run(context.Background(), Target{Repo: r.dir, Kind: Uncommitted}, "task"); err != nil {
			b.Fatal(err)
		}
		ratio += float64(end.Sub(start)) / float64(slowest)
	}
	b.ReportMetric(ratio/float64(b.N), "x-slowest")
}
