package editorial_test

import (
	"context"
	"fmt"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
)

// BenchmarkRoundOneMB runs one round on a 1 MiB document with 60,000
// findings from a scripted reviewer, with no bound on findings per review
// (Loop.MaxFindings < 0): half low (the policy applies them), half medium
// (the automatic gate defers them, in 1,500 batches). The
// document is one line ("one-line", the worst case for anchoring quotes,
// which council and apply do) or lines of 16 bytes ("lines", where what
// is left is mostly the loop's own work). Run it with -benchtime=1x
// -benchmem.
func BenchmarkRoundOneMB(b *testing.B) {
	b.Run("one-line", func(b *testing.B) { benchRound(b, " ") })
	b.Run("lines", func(b *testing.B) { benchRound(b, "\n") })
}

func benchRound(b *testing.B, sep string) {
	const words, findings = 1 << 17, 60000 // 8 bytes a word: 1 MiB
	var doc strings.Builder
	for i := range words {
		s := " "
		if i%2 == 1 {
			s = sep
		}
		fmt.Fprintf(&doc, "w%06d%s", i, s)
	}
	rep := finding.Report{Reviewer: "bulk", SchemaVersion: finding.SchemaVersion, Summary: "many", Findings: make([]finding.Finding, findings)}
	for i := range findings {
		sev := finding.Low
		if i%2 == 1 {
			sev = finding.Medium
		}
		line := 1
		if sep == "\n" {
			line = i + 1 // word 2i starts line i+1
		}
		w := fmt.Sprintf("w%06d", i*2)
		rep.Findings[i] = finding.Finding{ID: fmt.Sprintf("F%05d", i+1), Category: "style", LineRange: finding.LineRange{Start: line, End: line},
			Issue: "word", Fix: strings.ToUpper(w), Confidence: 90, Severity: sev, Quotes: []string{w}}
	}
	bulk := agent.ReviewerFunc{ReviewerName: "bulk", Fn: func(context.Context, agent.Target) (agent.Review, error) {
		r := rep
		r.Findings = append([]finding.Finding(nil), rep.Findings...)
		return agent.Review{Report: r}, nil
	}}
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		dir := b.TempDir()
		path := filepath.Join(dir, "big.md")
		if err := os.WriteFile(path, []byte(doc.String()), 0o644); err != nil {
			b.Fatal(err)
		}
		l := &editorial.Loop{Council: council.Council{Members: council.Members(bulk)}, Dir: filepath.Join(dir, ".editorial"), MaxRounds: 1, MaxFindings: -1}
		b.StartTimer()
		out, err := l.Run(context.Background(), path)
		if err != nil || len(out.Applied) != findings/2 {
			b.Fatalf("Run: %v; applied %d", err, len(out.Applied))
		}
	}
}
