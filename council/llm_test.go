package council_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/providers/scripted"
)

// reportJSON is a valid Council JSON v1 answer with one finding.
func reportJSON(t *testing.T, name string) string {
	t.Helper()
	rep := finding.Report{Reviewer: name, SchemaVersion: finding.SchemaVersion, Summary: "One problem.", Findings: []finding.Finding{
		fnd("F001", line(2), "非常に重要な", "重要な", "強調が過剰"),
	}}
	b, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestRunWithLLMReviewers runs a round of model reviewers on scripted
// providers: one answers well, one repairs a malformed answer, one
// violates the schema twice and one is too slow.
func TestRunWithLLMReviewers(t *testing.T) {
	defer noLeak(t)()
	usage := agent.Usage{InputTokens: 50, OutputTokens: 20, Calls: 1}
	good := scripted.New(scripted.Reply{Text: reportJSON(t, "good"), Usage: usage})
	repaired := scripted.New(
		scripted.Reply{Text: "Here you go:\n```json\n{\"reviewer\": \"repaired\", \"findings\": [", Usage: usage},
		scripted.Reply{Text: reportJSON(t, "repaired"), Usage: usage},
	)
	violator := scripted.New(
		scripted.Reply{Text: `[{"id": "F001"}]`, Usage: usage},
		scripted.Reply{Text: `{"reviewer": "violator", "schema_version": "2"}`, Usage: usage},
	)
	slow := scripted.New(scripted.Reply{Text: reportJSON(t, "slow"), Delay: time.Minute})

	persona := func(name string) agent.Persona { return agent.Persona{Name: name, Lens: "Emphasis that adds nothing"} }
	c := council.Council{
		Members: council.Members(
			agent.NewLLMReviewer(good, persona("good")),
			agent.NewLLMReviewer(repaired, persona("repaired")),
			agent.NewLLMReviewer(violator, persona("violator")),
			agent.NewLLMReviewer(slow, persona("slow")),
		),
		Timeout: 200 * time.Millisecond,
		Quorum:  2,
	}
	doc := []byte(aggDoc)
	round, err := c.Run(t.Context(), agent.Target{Path: "post.md", Text: doc, Round: 1})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if got, want := names(round.Results), "good#1 repaired#1 violator#1(skip) slow#1(skip)"; got != want {
		t.Fatalf("results = %s, want %s", got, want)
	}
	if n := repaired.Calls(); n != 2 {
		t.Errorf("repaired reviewer made %d calls, want the answer and one repair", n)
	}
	if u := round.Results[1].Review.Usage; u.Calls != 2 || u.InputTokens != 100 {
		t.Errorf("repaired usage = %+v, want both calls counted", u)
	}

	skip := round.Results[2].Err
	if !errors.Is(skip, finding.ErrSchemaViolation) || !strings.Contains(skip.Error(), "schema violation") || !strings.Contains(skip.Error(), "violator") {
		t.Errorf("violator skip reason %q, want a schema violation naming the reviewer", skip)
	}
	var sv *agent.SchemaViolationError
	if !errors.As(skip, &sv) || sv.Reviewer != "violator" || sv.Round != 1 {
		t.Errorf("violator skip reason %v is not a *agent.SchemaViolationError for round 1", skip)
	}
	if violator.Calls() != 2 {
		t.Errorf("violator got %d calls, want 2 (one repair, then skip)", violator.Calls())
	}
	if u := round.Results[2].Review.Usage; u.Calls != 2 {
		t.Errorf("violator usage = %+v, want its two failed calls counted", u)
	}
	if s := round.Results[3].Err; !errors.Is(s, context.DeadlineExceeded) || !strings.Contains(s.Error(), "timed out") {
		t.Errorf("slow skip reason %v, want a timeout", s)
	}

	// The two reports flag the same quote with the same fix: one change,
	// two supporters.
	table := council.Aggregate(doc, round, council.Options{Reviewed: true})
	if len(table.Rows) != 2 || len(table.Changes) != 1 || len(table.Changes[0].Keys) != 2 {
		t.Errorf("table rows %+v changes %+v, want two rows merged into one change", table.Rows, table.Changes)
	}
	if u := table.Usage["violator"]; u.Calls != 2 {
		t.Errorf("table usage for violator = %+v", u)
	}
}
