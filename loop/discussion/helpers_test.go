package discussion

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop/discussion/board"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// doc is the target of the tests: a stock opener in prose and a figure in
// a block quote, with CRLF line ends, a BOM and no final newline. (The
// scripted participants post Japanese; the offline Japanese rules load a
// tokenizer too slow for every test under -race.)
const doc = "\ufeff# Title\r\n\r\nIn today's fast-paced world, it is worth noting that Go is fast.\r\n\r\n> They say \"we delve into 99.9% of the runs\".\r\n\r\nThe end."

// workspace writes doc as post.md into a new folder and returns it.
func workspace(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "post.md"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// testSpec is a spec of the given participants on post.md.
func testSpec(rounds int, names ...string) Spec {
	s := Spec{ID: "t1", Topic: "Is the post ready?", Brief: "A short post.", Targets: []string{"post.md"}, Rounds: rounds,
		Synthesizer: SynthesizerSpec{Instruction: "Weigh what survived."}}
	for _, n := range names {
		s.Participants = append(s.Participants, ParticipantSpec{Name: n, Lens: "the lens of " + n})
	}
	return s
}

// offlineSeat returns offline participants for names on the four offline
// reviewers, in order.
func offlineSeat(names ...string) []Participant {
	rs := offline.Editorial(offline.Config{Enabled: []string{offline.SetAll}}) // the debate needs findings of every rule
	var ps []Participant
	for i, n := range names {
		ps = append(ps, NewOffline(n, rs[i%len(rs)]))
	}
	return ps
}

// fake is a participant whose turns a test scripts; it records the turns
// it was given.
type fake struct {
	name string
	turn func(ctx context.Context, t Turn) (Answer, error)

	mu    sync.Mutex
	turns []Turn
}

func (f *fake) Name() string { return f.name }

func (f *fake) Turn(ctx context.Context, t Turn) (Answer, error) {
	f.mu.Lock()
	f.turns = append(f.turns, t)
	f.mu.Unlock()
	return f.turn(ctx, t)
}

// Reviewer reports one high finding on the stock opener.
func (f *fake) Reviewer() agent.Reviewer {
	return agent.ReviewerFunc{ReviewerName: f.name, Fn: func(ctx context.Context, t agent.Target) (agent.Review, error) {
		return agent.Review{Report: finding.Report{Reviewer: f.name, SchemaVersion: finding.SchemaVersion, Summary: "one",
			Findings: []finding.Finding{{ID: "F001", Category: f.name, LineRange: finding.LineRange{Start: 3, End: 3}, Issue: "stock opener",
				Confidence: 80, Severity: finding.High, Quotes: []string{"In today's fast-paced world"}}}}}, nil
	}}
}

// claimer posts one claim in round 1 and, later, what later returns.
func claimer(name string, later func(t Turn) []Draft) *fake {
	return &fake{name: name, turn: func(_ context.Context, t Turn) (Answer, error) {
		if t.Round == 1 {
			return Answer{Posts: []Draft{{Kind: board.Claim, Body: "冒頭が定型句です（" + fmt.Sprint(len(name)*7+int(name[0])) + "）。",
				Finding: &finding.Finding{ID: "F001", Category: name, File: "post.md", LineRange: finding.LineRange{Start: 3, End: 3},
					Issue: "stock opener by " + name, Severity: finding.High, Confidence: 80, Quotes: []string{"In today's"}}}}}, nil
		}
		if later == nil {
			return Answer{}, nil
		}
		return Answer{Posts: later(t)}, nil
	}}
}

// others returns the labels of the points of others in t.
func others(t Turn) []string {
	var ls []string
	for _, s := range t.Seen {
		if !s.Own && s.Kind.Point() {
			ls = append(ls, s.Label)
		}
	}
	return ls
}

func mustRun(t *testing.T, d *Discussion) *Outcome {
	t.Helper()
	o, err := d.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func verdictOf(t *testing.T, o *Outcome) map[string]any {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal(o.Verdict, &v); err != nil {
		t.Fatalf("verdict %s: %v", o.Verdict, err)
	}
	return v
}
