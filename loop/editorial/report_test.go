package editorial_test

import (
	"context"
	"errors"
	"fmt"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
	"github.com/kaigi-dev/kaigi/providers/scripted"
)

// failing is a reviewer whose every call fails with msg, having spent
// usage on model.
func failing(name, msg, model string, usage agent.Usage) agent.Reviewer {
	return agent.ReviewerFunc{ReviewerName: name, Fn: func(context.Context, agent.Target) (agent.Review, error) {
		return agent.Review{Usage: usage, Model: model}, fmt.Errorf("agent: reviewer %q: %s", name, msg)
	}}
}

// TestNoReviewerAnswered: a round in which every reviewer failed is not a
// convergence, not even in a dry run; the outcome and summary.md say why
// each was skipped.
func TestNoReviewerAnswered(t *testing.T) {
	for _, dry := range []bool{false, true} {
		t.Run(fmt.Sprintf("dry=%v", dry), func(t *testing.T) {
			path := writeDoc(t, chainDoc)
			dir := filepath.Join(filepath.Dir(path), ".editorial")
			l := &editorial.Loop{Dir: dir, DryRun: dry, Council: council.Council{Members: council.Members(
				failing("a", "401 Unauthorized: invalid x-api-key", "", agent.Usage{}),
				failing("b", "dial tcp 127.0.0.1:9: connect: connection refused", "", agent.Usage{}),
			)}}
			out, err := l.Run(context.Background(), path)
			if !errors.Is(err, loop.ErrNotConverged) || out == nil || out.Reason != loop.NoReviewerAnswered {
				t.Fatalf("Run = %+v, %v; want %s and ErrNotConverged", out, err, loop.NoReviewerAnswered)
			}
			for _, want := range []string{"no reviewer answered", "invalid x-api-key", "connection refused"} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("the error does not say %q: %v", want, err)
				}
			}
			if len(out.Skipped) != 2 || out.Skipped[0].Reviewer != "a" || out.Skipped[0].Round != 1 {
				t.Errorf("Outcome.Skipped = %+v, want a and b of round 1", out.Skipped)
			}
			mustContain(t, "summary.md", readFile(t, filepath.Join(dir, "summary.md")), "no reviewer answered",
				"## Skipped reviewers", "- [R1] a (shot 1): agent: reviewer \"a\": 401 Unauthorized: invalid x-api-key",
				"- [R1] b (shot 1): agent: reviewer \"b\": dial tcp 127.0.0.1:9: connect: connection refused")
			if readFile(t, path) != chainDoc {
				t.Error("the document changed")
			}
		})
	}
}

// TestOneReviewerAnsweredConverges: a skipped reviewer beside one that
// answered leaves the round judged.
func TestOneReviewerAnsweredConverges(t *testing.T) {
	path := writeDoc(t, "Plain text.\n")
	l := &editorial.Loop{Dir: filepath.Join(filepath.Dir(path), ".editorial"), Council: council.Council{Members: council.Members(
		failing("a", "timeout", "", agent.Usage{}), phraseReviewer("b", "style"))}}
	out, err := l.Run(context.Background(), path)
	if err != nil || out.Reason != loop.Converged || len(out.Skipped) != 1 {
		t.Fatalf("Run = %+v, %v; want converged with a skipped", out, err)
	}
}

// TestSkippedViolationsAndTruncation: skipped.md lists the first
// violations of an answer that broke the schema twice, and tells a
// truncated answer apart, with what to do.
func TestSkippedViolationsAndTruncation(t *testing.T) {
	path := writeDoc(t, "Plain text.\n")
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	bad := `{"reviewer": "bad", "schema_version": "1", "summary": "s", "findings": [{"id": "F1", "category": "x", "line_range": {"start": 1, "end": 1}, "issue": "i", "fix": "", "confidence": 150, "severity": "huge", "quotes": ["Plain"]}]}`
	schema := scripted.New(scripted.Text(bad), scripted.Text(bad))
	cut := scripted.New(scripted.Reply{Text: `{"reviewer": "cut", "schema_version": "1", "summ`, StopReason: "length"})
	persona := func(name string) agent.Persona { return agent.Persona{Name: name, Category: "test"} }
	l := &editorial.Loop{Dir: dir, Council: council.Council{Members: council.Members(
		agent.NewLLMReviewer(schema, persona("bad")), agent.NewLLMReviewer(cut, persona("cut")), phraseReviewer("ok", "style"))}}
	out, err := l.Run(context.Background(), path)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	skipped := readFile(t, filepath.Join(dir, "round-1", "skipped.md"))
	mustContain(t, "skipped.md", skipped,
		"[NOTE] schema violation: bad (shot 1)", "  - /findings/0/confidence: ", "  - /findings/0/severity: ",
		"[NOTE] answer truncated: cut (shot 1)", "cut off at the token limit", "raise the reviewer's token limit")
	if strings.Contains(skipped, "schema violation: cut") {
		t.Errorf("a truncated answer is reported as a schema violation:\n%s", skipped)
	}
	var bs, cs *editorial.SkippedCall
	for i := range out.Skipped {
		switch out.Skipped[i].Reviewer {
		case "bad":
			bs = &out.Skipped[i]
		case "cut":
			cs = &out.Skipped[i]
		}
	}
	if bs == nil || cs == nil {
		t.Fatalf("Outcome.Skipped = %+v", out.Skipped)
	}
	if !bs.SchemaViolation || bs.ViolationCount < 2 || len(bs.Violations) != bs.ViolationCount || strings.Contains(bs.Reason, "\n") {
		t.Errorf("schema violator's Skip = %+v", bs.Skip)
	}
	if !cs.Truncated || cs.Model != scripted.DefaultModel {
		t.Errorf("truncated Skip = %+v", cs.Skip)
	}
	mustContain(t, "summary.md", readFile(t, filepath.Join(dir, "summary.md")), "- [R1] bad (shot 1): ", "first violations: /findings/0/")
}

// TestSkippedCallsArePriced: a failed call's usage is priced by the model
// the reviewer reached.
func TestSkippedCallsArePriced(t *testing.T) {
	path := writeDoc(t, "Plain text.\n")
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	l := &editorial.Loop{Dir: dir, Prices: agent.Prices{"m1": {Input: 1, Output: 10}}, Council: council.Council{Members: council.Members(
		failing("a", "schema violation after one repair", "m1", agent.Usage{InputTokens: 1e6, OutputTokens: 1e5, Calls: 2}),
		phraseReviewer("b", "style"))}}
	out, err := l.Run(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	if out.Cost != 2 {
		t.Errorf("cost = %v, want 2 (1M input at $1, 100k output at $10)", out.Cost)
	}
	mustContain(t, "summary.md", readFile(t, filepath.Join(dir, "summary.md")), "| 1 | a | m1 | 2 | 1100000 | 2.0000 |")
}

// TestFindingsInCouncilOrder: findings.md and summary.md list reviewers
// in the council's order, also after a resume, though the reviews were
// journaled in another order (b answered first).
func TestFindingsInCouncilOrder(t *testing.T) {
	path := writeDoc(t, "foo line\n")
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	bJournaled := make(chan struct{})
	var once sync.Once
	inner := phraseReviewer("a", "style", rule{phrase: "foo", fix: "bar", severity: finding.Medium, conf: 80})
	a := agent.ReviewerFunc{ReviewerName: "a", Fn: func(ctx context.Context, t agent.Target) (agent.Review, error) {
		select {
		case <-bJournaled:
		case <-ctx.Done():
			return agent.Review{}, ctx.Err()
		}
		return inner.Review(ctx, t)
	}}
	decisions := filepath.Join(dir, editorial.DecisionsName)
	l := &editorial.Loop{Dir: dir, MaxRounds: 1, Gate: rounds.FileGate{Path: decisions},
		Council: council.Council{Members: council.Members(a, phraseReviewer("b", "style"))},
		Observer: func(e editorial.Event) {
			if e.Kind == editorial.Reviewed {
				once.Do(func() { close(bJournaled) })
			}
		}}
	if out, _ := l.Run(context.Background(), path); out == nil || out.Reason != loop.AwaitingDecisions {
		t.Fatalf("first run: %+v", out)
	}
	decide(t, decisions, map[string]string{"r1/a/F001": "apply"})
	if _, err := l.Resume(context.Background(), path); err != nil {
		t.Fatalf("resumed run: %v", err)
	}
	findings := readFile(t, filepath.Join(dir, "round-1", "findings.md"))
	if i, j := strings.Index(findings, "## a\n"), strings.Index(findings, "## b\n"); i < 0 || j < 0 || i > j {
		t.Errorf("findings.md does not list a before b:\n%s", findings)
	}
	summary := readFile(t, filepath.Join(dir, "summary.md"))
	if i, j := strings.Index(summary, "| 1 | a |"), strings.Index(summary, "| 1 | b |"); i < 0 || j < 0 || i > j {
		t.Errorf("summary.md does not list a before b:\n%s", summary)
	}
}

// TestFindingsCutAreNoted: a reviewer that returns more findings than the
// council's bound per review is cut, and skipped.md says so.
func TestFindingsCutAreNoted(t *testing.T) {
	path := writeDoc(t, chainDoc)
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	flood := agent.ReviewerFunc{ReviewerName: "flood", Fn: func(context.Context, agent.Target) (agent.Review, error) {
		rep := finding.Report{Reviewer: "flood", SchemaVersion: finding.SchemaVersion, Summary: "many", Findings: []finding.Finding{}}
		for i := range council.DefaultMaxFindings + 7 {
			rep.Findings = append(rep.Findings, finding.Finding{ID: fmt.Sprintf("F%03d", i+1), Category: "style",
				LineRange: finding.LineRange{Start: 1, End: 1}, Issue: fmt.Sprint("issue ", i), Confidence: 50, Severity: finding.Low})
		}
		return agent.Review{Report: rep}, nil
	}}
	l := &editorial.Loop{Dir: dir, MaxRounds: 1, Council: council.Council{Members: council.Members(flood)}}
	l.Run(context.Background(), path)
	mustContain(t, "skipped.md", readFile(t, filepath.Join(dir, "round-1", "skipped.md")),
		fmt.Sprintf("[NOTE] findings cut: reviewer flood (shot 1) returned %d findings: 7 dropped", council.DefaultMaxFindings+7))
}

// TestSummaryWithAnUncleanDir: a Dir written with a trailing slash or
// "./" parts gives the same artifact paths in summary.md (and no panic).
func TestSummaryWithAnUncleanDir(t *testing.T) {
	for _, suffix := range []string{"/", "/./././././././././", "/../.editorial"} {
		path := writeDoc(t, chainDoc)
		dir := filepath.Join(filepath.Dir(path), ".editorial")
		l := &editorial.Loop{Council: chainCouncil(), Dir: dir + suffix, MaxRounds: 1}
		if _, err := l.Run(context.Background(), path); err != nil && !errors.Is(err, loop.ErrNotConverged) {
			t.Fatalf("%q: %v", suffix, err)
		}
		mustContain(t, "summary.md", readFile(t, filepath.Join(dir, "summary.md")), "/.editorial/round-1/findings.md")
	}
}

// TestCostUnknownWithoutTokens: calls that report no tokens (a command
// line provider) or use a model without a price leave the cost unknown:
// the outcome says so and summary.md and report.html say "unknown", not
// $0.0000.
func TestCostUnknownWithoutTokens(t *testing.T) {
	silent := agent.ReviewerFunc{ReviewerName: "silent", Fn: func(context.Context, agent.Target) (agent.Review, error) {
		rep := finding.Report{Reviewer: "silent", SchemaVersion: finding.SchemaVersion, Summary: "ok", Findings: []finding.Finding{}}
		return agent.Review{Report: rep, Model: "m1", Usage: agent.Usage{Calls: 1}}, nil
	}}
	for _, tc := range []struct {
		name   string
		prices agent.Prices
	}{{"no tokens", agent.Prices{"m1": {Input: 1, Output: 10}}}, {"no price", agent.Prices{}}} {
		t.Run(tc.name, func(t *testing.T) {
			path := writeDoc(t, "Plain text.\n")
			dir := filepath.Join(filepath.Dir(path), ".editorial")
			r := silent
			if tc.name == "no price" {
				r.Fn = func(context.Context, agent.Target) (agent.Review, error) {
					rep := finding.Report{Reviewer: "silent", SchemaVersion: finding.SchemaVersion, Summary: "ok", Findings: []finding.Finding{}}
					return agent.Review{Report: rep, Model: "m1", Usage: agent.Usage{Calls: 1, InputTokens: 100}}, nil
				}
			}
			l := &editorial.Loop{Dir: dir, Prices: tc.prices, Council: council.Council{Members: council.Members(r)}}
			out, err := l.Run(context.Background(), path)
			if err != nil {
				t.Fatal(err)
			}
			if !out.CostUnknown {
				t.Errorf("outcome: CostUnknown false, cost %v", out.Cost)
			}
			sum := readFile(t, filepath.Join(dir, "summary.md"))
			mustContain(t, "summary.md", sum, "cost unknown")
			if strings.Contains(sum, "$0.0000") {
				t.Errorf("summary.md gives a cost of $0.0000:\n%s", sum)
			}
			mustContain(t, "report.html", readFile(t, filepath.Join(dir, rounds.ReportName)), "cost <b>unknown")
		})
	}
}
