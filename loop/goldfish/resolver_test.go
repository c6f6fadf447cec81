package goldfish

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/providers/scripted"
)

func sampleBrief(round int, cases ...Case) Brief {
	return Brief{Round: round, Path: "spec.md", Lines: finding.LineRange{Start: 16, End: 18},
		Section: "### S1.12 Retry {#S1.12}\n\nIt's worth noting that uploads can fail.\n", Cases: cases}
}

var (
	slop = Case{Key: "r1/style/F001", Reviewer: "style", Applicable: true, Finding: finding.Finding{ID: "F001", Category: "style", Severity: finding.Low,
		LineRange: finding.LineRange{Start: 18, End: 18}, Issue: "filler", Quotes: []string{"It's worth noting that uploads"}, Fix: "Uploads"}}
	advice = Case{Key: "r1/design_critic/F001", Reviewer: "design_critic", Finding: finding.Finding{ID: "F001", Category: "design", Severity: finding.Medium,
		LineRange: finding.LineRange{Start: 18, End: 18}, Issue: "no failure model", Quotes: []string{"uploads can fail"}}}
	vague = Case{Key: "r1/structural/F001", Reviewer: "structural", Finding: finding.Finding{ID: "F001", Category: "structure", Severity: finding.High,
		LineRange: finding.LineRange{Start: 16, End: 18}, Issue: "feels incomplete", Quotes: []string{}}}
)

// TestLLMResolverRemembers: the resolver answers in types, and its second
// round's request carries the first round's instructions and answer as
// History, before the new instructions.
func TestLLMResolverRemembers(t *testing.T) {
	first := `{"resolutions":[{"key":"r1/design_critic/F001","kind":"CONTEST","reason":"S1.13 covers failures","quote":"","fix":""}]}`
	second := "Sure.\n```json\n" + `{"resolutions":[{"key":"r2/style/F001","kind":"PROPOSE_FIX","reason":"filler","quote":"It's worth noting that uploads","fix":"Uploads"}]}` + "\n```"
	p := scripted.New(scripted.Text(first), scripted.Text(second))
	r := &LLMResolver{Provider: p, Options: []agent.LLMOption{agent.WithModel("m1")}}
	ctx := context.Background()
	b1 := sampleBrief(1, advice)
	ru1, err := r.Resolve(ctx, b1)
	if err != nil {
		t.Fatal(err)
	}
	if len(ru1.Resolutions) != 1 || ru1.Resolutions[0].Kind != Contest || ru1.Resolutions[0].Reason != "S1.13 covers failures" {
		t.Fatalf("ruling %+v", ru1)
	}
	b2 := sampleBrief(2, Case{Key: "r2/style/F001", Reviewer: "style", Applicable: true, Finding: slop.Finding})
	b2.History = Turns(b1, ru1)
	ru2, err := r.Resolve(ctx, b2)
	if err != nil {
		t.Fatal(err)
	}
	if ru2.Resolutions[0].Kind != ProposeFix || ru2.Resolutions[0].Fix != "Uploads" {
		t.Errorf("ruling %+v", ru2)
	}
	var back Resolutions
	if err := json.Unmarshal([]byte(ru2.Reply), &back); err != nil || len(back.Resolutions) != 1 {
		t.Errorf("the reply kept for the History is not the answer: %q", ru2.Reply)
	}
	reqs := p.Requests()
	if reqs[1].Model != "m1" || reqs[1].SchemaName != "Resolutions" {
		t.Errorf("request model %q schema %q", reqs[1].Model, reqs[1].SchemaName)
	}
	msgs := reqs[1].Messages
	if len(msgs) != 3 || msgs[0].Role != agent.User || msgs[1].Role != agent.Assistant || msgs[2].Role != agent.User {
		t.Fatalf("round 2 conversation: %d messages", len(msgs))
	}
	if !strings.Contains(msgs[0].Text(), "# Round 1") || !strings.Contains(msgs[1].Text(), "S1.13 covers failures") || !strings.Contains(msgs[2].Text(), "# Round 2") {
		t.Error("round 2 does not carry round 1 as its History")
	}
	if !strings.Contains(msgs[2].Text(), "16| ### S1.12") || !strings.Contains(msgs[2].Text(), `Evidence 1: "It's worth noting that uploads"`) {
		t.Errorf("instructions lack the numbered section or the evidence:\n%s", msgs[2].Text())
	}
}

func TestLLMResolverInvalidAnswer(t *testing.T) {
	bad := `{"resolutions":[{"key":"k","kind":"MAYBE","reason":"x","quote":"","fix":""}]}`
	p := scripted.New(scripted.Text(bad), scripted.Text(bad))
	_, err := (&LLMResolver{Provider: p}).Resolve(context.Background(), sampleBrief(4, advice))
	if err == nil || !strings.Contains(err.Error(), "round 4") || p.Calls() != 2 {
		t.Errorf("an invalid answer twice: %v after %d calls", err, p.Calls())
	}
}

func TestOfflineResolver(t *testing.T) {
	moved := slop
	moved.Applicable = false
	ru, err := OfflineResolver{}.Resolve(context.Background(), sampleBrief(1, slop, advice, vague, moved))
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		k    Kind
		frag string
	}{{ProposeFix, "mechanical fix"}, {Contest, "no concrete change"}, {Contest, "quotes no text"}, {Contest, "not in the section"}}
	for i, w := range want {
		if r := ru.Resolutions[i]; r.Kind != w.k || !strings.Contains(r.Reason, w.frag) {
			t.Errorf("case %d: %+v, want %s with %q", i, r, w.k, w.frag)
		}
	}
	again, _ := OfflineResolver{}.Resolve(context.Background(), sampleBrief(1, slop, advice, vague, moved))
	if again.Reply != ru.Reply {
		t.Error("the offline resolver is not deterministic")
	}
}
