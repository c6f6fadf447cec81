package editorial_test

import (
	"context"
	"encoding/json"
	"errors"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"math"
	"os"
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

const japaneseCRLF = "---\r\ntitle: 本当に良い記事\r\n---\r\nこれは本当に非常に良い記事です。\r\nしかし、利用者は 95% 増えました。\r\n最後の行です。"

func japaneseCouncil() council.Council {
	return council.Council{Members: council.Members(
		phraseReviewer("slop", "ai-slop",
			rule{phrase: "本当に非常に", fix: "非常に", severity: finding.Low, conf: 90},
			rule{phrase: "本当に良い", fix: "良い", severity: finding.Low, conf: 90}),
		phraseReviewer("fact", "fact",
			rule{phrase: "95%", severity: finding.High, conf: 80, issue: "unsourced figure"}),
	)}
}

func TestRunAppliesSafeFindingsAndStops(t *testing.T) {
	path := writeDoc(t, japaneseCRLF)
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	l := &editorial.Loop{Council: japaneseCouncil(), Dir: dir}
	out, err := l.Run(context.Background(), path)
	if !errors.Is(err, loop.ErrNotConverged) {
		t.Fatalf("Run: err = %v, want ErrNotConverged (a high finding stays open)", err)
	}
	if out.Reason != loop.Stalled || out.Rounds != 2 {
		t.Errorf("outcome = %s after %d rounds, want stalled after 2", out.Reason, out.Rounds)
	}
	want := strings.Replace(japaneseCRLF, "本当に非常に", "非常に", 1)
	if got := readFile(t, path); got != want {
		t.Errorf("document =\n%q\nwant\n%q (front matter untouched, CRLF kept)", got, want)
	}
	if len(out.Applied) != 1 || out.Applied[0].Item.Reviewer != "slop" {
		t.Errorf("applied = %+v, want the one slop finding outside the front matter", out.Applied)
	}
	if out.UnresolvedHigh() != 1 {
		t.Errorf("unresolved high = %d, want 1", out.UnresolvedHigh())
	}
	for _, f := range []string{"reviewer-slop.json", "reviewer-fact.json", "findings.md", "skipped.md", "rejected.md", "applied.diff"} {
		if _, err := os.Stat(filepath.Join(dir, "round-1", f)); err != nil {
			t.Errorf("artifact missing: %v", err)
		}
	}
	mustContain(t, "round-1/findings.md", readFile(t, filepath.Join(dir, "round-1", "findings.md")),
		"| r1/slop/F002 |", "applied (policy)", "inside the front matter")
	mustContain(t, "round-1/applied.diff", readFile(t, filepath.Join(dir, "round-1", "applied.diff")),
		"-これは本当に非常に良い記事です。", "+これは非常に良い記事です。")
	mustContain(t, "summary.md", readFile(t, filepath.Join(dir, "summary.md")),
		"## Applied", "[R1] slop:", "## Unresolved", "[high/80] fact: unsourced figure")
}

// replies encodes reports as scripted replies, one per call.
func replies(t *testing.T, reps ...any) []scripted.Reply {
	t.Helper()
	out := make([]scripted.Reply, len(reps))
	for i, r := range reps {
		if s, ok := r.(string); ok {
			out[i] = scripted.Text(s)
			continue
		}
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = scripted.Reply{Text: string(b), Usage: agent.Usage{InputTokens: 100, OutputTokens: 20}}
	}
	return out
}

func report(name string, fs ...finding.Finding) finding.Report {
	if fs == nil {
		fs = []finding.Finding{}
	}
	return finding.Report{Reviewer: name, SchemaVersion: "1", Summary: "ok", Findings: fs}
}

func fnd(id string, line int, sev finding.Severity, conf int, quote, fix, issue string) finding.Finding {
	return finding.Finding{ID: id, Category: "test", LineRange: finding.LineRange{Start: line, End: line},
		Issue: issue, Fix: fix, Confidence: conf, Severity: sev, Quotes: []string{quote}}
}

// TestThreeScriptedRounds drives three rounds of LLM reviewers on scripted
// providers: a rejected finding is not offered again even reworded, a high
// finding keeps the loop going to the cap, a conflicting pair is never
// auto-applied, and a reviewer that violates the schema twice is skipped
// with a note while the round goes on.
func TestThreeScriptedRounds(t *testing.T) {
	doc := "Intro line with Q-high inside.\nThis is very good text.\nA big cat sat here.\nAnother unsourced claim here.\nIt is really nice.\nTruly great stuff.\n"
	path := writeDoc(t, doc)
	dir := filepath.Join(filepath.Dir(path), ".editorial")

	alpha := scripted.New(replies(t,
		report("alpha",
			fnd("F001", 1, finding.High, 90, "Q-high", "Q-fixed", "The intro hides the point"),
			fnd("F002", 2, finding.Low, 90, "very good", "good", "Empty intensifier"),
			fnd("F003", 3, finding.Low, 90, "big cat", "large cat", "Plainer word"),
			fnd("F004", 4, finding.High, 80, "unsourced claim", "", "Needs a source")),
		report("alpha",
			fnd("F007", 1, finding.High, 85, "Q-high", "Q-sharper", "Reworded: the opening buries the lede"),
			fnd("F008", 4, finding.High, 80, "unsourced claim", "", "Needs a source"),
			fnd("F009", 5, finding.Low, 90, "really nice", "nice", "Empty intensifier")),
		report("alpha",
			fnd("F010", 4, finding.High, 80, "unsourced claim", "", "Needs a source"),
			fnd("F011", 6, finding.Low, 90, "Truly great", "Great", "Empty intensifier")),
	)...)
	beta := scripted.New(replies(t,
		report("beta", fnd("F001", 3, finding.Low, 95, "big cat", "huge cat", "Stronger word")),
		report("beta"), report("beta"))...)
	gamma := scripted.New(replies(t,
		"Here is my review: [{\"id\": \"F1\"}]", "still not JSON",
		report("gamma"), report("gamma"))...)

	var mu sync.Mutex
	offered := map[int][]loop.Item{}
	gate := rounds.ApproverFunc(func(ctx context.Context, b rounds.Batch) ([]rounds.Decision, error) {
		mu.Lock()
		defer mu.Unlock()
		var ds []rounds.Decision
		for _, it := range b.Items {
			offered[b.Round] = append(offered[b.Round], it)
			if it.Finding.Quote() == "Q-high" {
				ds = append(ds, rounds.Decision{Key: it.Key, Action: rounds.Reject, Reason: "the opening is intentional"})
				continue
			}
			ds = append(ds, rounds.Decision{Key: it.Key, Action: rounds.Defer})
		}
		return ds, nil
	})
	persona := func(name string) agent.Persona { return agent.Persona{Name: name, Category: "test"} }
	l := &editorial.Loop{
		Council: council.Council{Members: council.Members(
			agent.NewLLMReviewer(alpha, persona("alpha")),
			agent.NewLLMReviewer(beta, persona("beta")),
			agent.NewLLMReviewer(gamma, persona("gamma")),
		)},
		Gate:   gate,
		Dir:    dir,
		Prices: agent.Prices{"scripted": {Input: 1, Output: 10}},
	}
	out, err := l.Run(context.Background(), path)
	if !errors.Is(err, loop.ErrNotConverged) {
		t.Fatalf("Run: %v, want ErrNotConverged; outcome %+v", err, out)
	}
	// 8 priced calls (alpha 3, beta 3, gamma 2) of 100 input and 20 output
	// tokens at $1 and $10 per million.
	if want := 8 * 300 / 1e6; math.Abs(out.Cost-want) > 1e-12 {
		t.Errorf("cost = %v, want %v", out.Cost, want)
	}
	mustContain(t, "summary.md", readFile(t, filepath.Join(dir, "summary.md")), "| 1 | alpha | scripted | 1 | 120 | 0.0003 |", "| 1 | gamma | scripted | 2 | 0 | unknown (no tokens) |")
	if out.Reason != loop.RoundCapReached || out.Rounds != 3 {
		t.Fatalf("outcome = %s after %d rounds, want max-rounds after 3", out.Reason, out.Rounds)
	}

	// The rejected finding is never offered again, though reworded.
	for round := 2; round <= 3; round++ {
		for _, it := range offered[round] {
			if it.Finding.Quote() == "Q-high" {
				t.Errorf("round %d offered the rejected finding again: %s", round, it.Label())
			}
		}
	}
	mustContain(t, "round-2/findings.md", readFile(t, filepath.Join(dir, "round-2", "findings.md")), "alpha/F007", "already rejected")
	mustContain(t, "round-1/rejected.md", readFile(t, filepath.Join(dir, "round-1", "rejected.md")), "Q-high", "the opening is intentional")
	// Reviewers are told what was rejected.
	if reqs := alpha.Requests(); len(reqs) != 3 || !strings.Contains(reqs[1].Messages[0].Text(), "the opening is intentional") {
		t.Errorf("round 2's prompt does not hand the rejection to the reviewer")
	}

	// The conflicting pair went to the gate, both flagged, and neither was applied.
	var conflicts int
	for _, it := range offered[1] {
		if it.Finding.Quote() == "big cat" {
			if it.Conflict == 0 {
				t.Errorf("%s not flagged as a conflict", it.Key)
			}
			conflicts++
		}
	}
	if conflicts != 2 {
		t.Errorf("gate saw %d of the 2 conflicting findings", conflicts)
	}
	got := readFile(t, path)
	want := "Intro line with Q-high inside.\nThis is good text.\nA big cat sat here.\nAnother unsourced claim here.\nIt is nice.\nGreat stuff.\n"
	if got != want {
		t.Errorf("document =\n%s\nwant\n%s", got, want)
	}

	// The schema violator is skipped with a note; the round went on.
	mustContain(t, "round-1/skipped.md", readFile(t, filepath.Join(dir, "round-1", "skipped.md")), "[NOTE] schema violation: gamma")
	if gamma.Calls() != 4 {
		t.Errorf("gamma was called %d times, want 4 (a repair in round 1, then rounds 2 and 3)", gamma.Calls())
	}
	if out.UnresolvedHigh() != 1 {
		t.Errorf("unresolved high = %d, want 1 (the unsourced claim)", out.UnresolvedHigh())
	}
}

// TestTOMLFrontMatterNeverEdited: a finding inside a TOML front matter
// block ("+++") is dropped like one inside YAML front matter, and the
// block is left byte for byte.
func TestTOMLFrontMatterNeverEdited(t *testing.T) {
	const doc = "+++\r\ntitle = \"本当に良い記事\"\r\n+++\r\nこれは本当に非常に良い記事です。\r\n"
	path := writeDoc(t, doc)
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	l := &editorial.Loop{Council: japaneseCouncil(), Dir: dir, MaxRounds: 1}
	out, err := l.Run(context.Background(), path)
	if err != nil && !errors.Is(err, loop.ErrNotConverged) {
		t.Fatal(err)
	}
	if got, want := readFile(t, path), strings.Replace(doc, "本当に非常に", "非常に", 1); got != want {
		t.Errorf("document = %q, want %q (front matter untouched)", got, want)
	}
	if len(out.Applied) != 1 {
		t.Errorf("applied = %+v, want only the finding outside the front matter", out.Applied)
	}
	mustContain(t, "round-1/findings.md", readFile(t, filepath.Join(dir, "round-1", "findings.md")),
		"inside the front matter (lines 1-3, TOML)")
}
