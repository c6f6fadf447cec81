package discussion

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop/discussion/board"
	"github.com/kaigi-dev/kaigi/providers/scripted"
)

// modelScript answers a Model participant: a claim in round 1; in round 2
// a rebuttal of an unknown label, then, repaired, of the first label the
// board shows of another.
func modelScript(name string, prompts *[]string, mu *sync.Mutex) *scripted.Provider {
	return scripted.NewResponder(func(call int, req agent.Request) scripted.Reply {
		last := req.Messages[len(req.Messages)-1].Text()
		mu.Lock()
		*prompts = append(*prompts, last)
		mu.Unlock()
		switch {
		case strings.Contains(last, "Round 1: analyse"):
			return scripted.Text(`{"posts":[{"kind":"claim","body":"定型句の冒頭 (` + name + `)","file":"post.md","lines":"3","quote":"In today's fast-paced world","severity":"high"}]}`)
		case strings.Contains(last, "cannot go on the board"):
			label := ""
			for _, m := range req.Messages {
				if i := strings.Index(m.Text(), "- A1 [claim"); i >= 0 {
					label = "A1"
				}
			}
			return scripted.Text(`{"posts":[{"kind":"rebuttal","body":"not stock","refs":["` + label + `"]}]}`)
		default:
			return scripted.Text(`{"posts":[{"kind":"rebuttal","body":"not stock","refs":["Q9"]}]}`)
		}
	})
}

// Model participants over the provider wire: refs are repaired once, and
// the prompt of round 2 names no participant.
func TestModelRefsRepair(t *testing.T) {
	var mu sync.Mutex
	var prompts []string
	a := NewModel("alpha", "style", modelScript("x", &prompts, &mu), "m1")
	b := NewModel("beta", "facts", modelScript("y", &prompts, &mu), "m2")
	o := mustRun(t, &Discussion{Spec: testSpec(2, "alpha", "beta"), Participants: []Participant{a, b}, Lead: NewOfflineLead("lead"), Root: workspace(t)})
	rb := o.Board.List(board.Filter{Kinds: []board.Kind{board.Rebuttal}})
	if len(rb) != 2 {
		t.Fatalf("rebuttals = %+v\n%s", rb, o.Board.Render())
	}
	for _, r := range rb {
		want := map[string]string{"alpha": "beta/p1", "beta": "alpha/p1"}[r.Author]
		if !slices.Equal(r.Refs, []string{want}) {
			t.Errorf("%s's rebuttal answers %v, want %s", r.Author, r.Refs, want)
		}
	}
	for _, p := range prompts {
		if strings.Contains(p, "Round 2.") && (strings.Contains(p, "alpha") || strings.Contains(p, "beta") || strings.Contains(p, "m1") || strings.Contains(p, "m2")) {
			t.Errorf("a round-2 prompt names a participant or a model:\n%s", p)
		}
	}
	if o.Usage.Calls != 6 {
		t.Errorf("calls = %d, want 6 (2 claims, 2 rebuttals, 2 repairs)", o.Usage.Calls)
	}
}

// leadScript answers the lead: first a verdict citing the given points,
// then, repaired, one citing the repaired points.
func leadScript(first, second []string) *scripted.Provider {
	verdict := func(points []string) string {
		v := map[string]any{"consensus": "agreed", "verdict": map[string]any{"verdict": "FAIL", "consensus": "c", "summary": "s",
			"critical": []any{map[string]any{"points": points, "issue": "stock opener"}}}}
		b, _ := json.Marshal(v)
		return string(b)
	}
	return scripted.New(scripted.Text(verdict(first)), scripted.Text(verdict(second)))
}

// concedeDebate is a debate in three rounds where b rebuts a's point in
// round 2 and a concedes the rebuttal in round 3: a/p1 is withdrawn, b/p1
// survives.
func concedeDebate(t *testing.T, lead Lead) *Outcome {
	return mustRun(t, &Discussion{Spec: testSpec(3, "a", "b"), Participants: concedePlayers(), Lead: lead, Root: workspace(t)})
}

// concedePlayers are concedeDebate's participants: a and b claim, b
// rebuts a's claim in round 2, a concedes it.
func concedePlayers() []Participant {
	a := claimer("a", func(t Turn) []Draft {
		for _, s := range t.Seen {
			if s.Kind == board.Rebuttal && !s.Own {
				return []Draft{{Kind: board.Concession, Body: "withdrawn", Refs: []string{s.Label}}}
			}
		}
		return nil
	})
	b := claimer("b", func(t Turn) []Draft {
		if t.Round == 2 {
			return []Draft{{Kind: board.Rebuttal, Body: "not stock", Refs: others(t)}}
		}
		return nil
	})
	return []Participant{a, b}
}

// A verdict citing a conceded point is sent back once; the repaired one
// stands.
func TestVerdictRepaired(t *testing.T) {
	o := concedeDebate(t, NewModelLead("lead", leadScript([]string{"a/p1"}, []string{"b/p1"}), ""))
	if o.Fallback != "" {
		t.Fatalf("fell back: %s", o.Fallback)
	}
	v := verdictOf(t, o)
	crit := v["critical"].([]any)[0].(map[string]any)["points"].([]any)
	if len(crit) != 1 || crit[0] != "b/p1" {
		t.Errorf("critical = %v", crit)
	}
}

// A verdict still citing a conceded point after its repair is refused: the
// debate falls back, saying why.
func TestVerdictRefused(t *testing.T) {
	o := concedeDebate(t, NewModelLead("lead", leadScript([]string{"a/p1"}, []string{"a/p1", "b/p1"}), ""))
	if !errors.Is(o.Cause, ErrVerdictRefused) || !strings.Contains(o.Fallback, "verdict refused: ") || !strings.Contains(o.Fallback, "a/p1 did not survive") {
		t.Fatalf("fallback = %q", o.Fallback)
	}
	if len(o.Board.List(board.Filter{Kinds: []board.Kind{board.Verdict}})) != 0 {
		t.Error("the refused verdict is on the board")
	}
	if v := verdictOf(t, o); v["fallback"] != o.Fallback {
		t.Errorf("verdict = %s", o.Verdict)
	}
}

// A lead that writes the runner's fields has them dropped, with a note:
// absences are the runner's record.
func TestLeadCannotWriteAbsent(t *testing.T) {
	v := `{"consensus":"agreed","verdict":{"verdict":"PASS","critical":[],"consensus":"c","summary":"s","absent":[{"name":"b","round":1,"reason":"made up"}]}}`
	o := concedeDebate(t, NewModelLead("lead", scripted.New(scripted.Text(v)), ""))
	if got := verdictOf(t, o); got["absent"] != nil || o.Fallback != "" {
		t.Errorf("verdict = %s, fallback %q", o.Verdict, o.Fallback)
	}
	if notes := o.Board.List(board.Filter{Author: board.Runner}); len(notes) != 1 || !strings.Contains(notes[0].Body, "dropped from its verdict") {
		t.Errorf("notes = %+v", notes)
	}
}

// The lead is held to the spec's verdict schema by its request's schema;
// empty runner fields, as a strict structured output writes them, are
// dropped without a note.
func TestModelLeadSchema(t *testing.T) {
	p := scripted.New(scripted.Text(`{"consensus":"agreed","verdict":{"verdict":"PASS","critical":[],"consensus":"c","summary":"s","absent":[],"fallback":""}}`))
	o := concedeDebate(t, NewModelLead("lead", p, "m"))
	reqs := p.Requests()
	if len(reqs) != 1 || !strings.Contains(string(reqs[0].Schema), `"PASS"`) || !strings.Contains(string(reqs[0].Schema), `"consensus"`) {
		t.Fatalf("the lead's request schema: %s", reqs[0].Schema)
	}
	if o.Fallback != "" || len(o.Board.List(board.Filter{Author: board.Runner})) != 0 {
		t.Errorf("fallback %q, notes %v", o.Fallback, o.Board.List(board.Filter{Author: board.Runner}))
	}
	if v := verdictOf(t, o); v["fallback"] != nil || v["absent"] != nil {
		t.Errorf("verdict = %s", o.Verdict)
	}
}
