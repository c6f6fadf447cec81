package editorial_test

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// TestArtifactsEscapeControlCharacters: a reviewer's answer carrying NUL
// and ESC[31m (in its summary, memo, category and issues), a skipped
// reviewer's error and a rejection's reason carrying them too reach no
// Markdown artifact raw: findings.md, skipped.md, rejected.md, pending.md
// and summary.md show them escaped.
func TestArtifactsEscapeControlCharacters(t *testing.T) {
	const red = "\x1b[31m"
	noisy := agent.ReviewerFunc{ReviewerName: "noisy", Fn: func(context.Context, agent.Target) (agent.Review, error) {
		rep := finding.Report{Reviewer: "noisy", SchemaVersion: finding.SchemaVersion,
			Summary: "read\x00 it " + red + "red\x1b[0m", Memo: "memo " + red,
			Findings: []finding.Finding{
				{ID: "F001", Category: "style" + red, LineRange: finding.LineRange{Start: 2, End: 2}, Issue: "filler " + red + "word\x00",
					Fix: "beta", Quotes: []string{"alpha"}, Severity: finding.Low, Confidence: 90},
				{ID: "F002", Category: "fact", LineRange: finding.LineRange{Start: 4, End: 4}, Issue: "figure\x00 " + red + "unsourced",
					Quotes: []string{"42%"}, Severity: finding.High, Confidence: 80},
			}}
		return agent.Review{Report: rep}, nil
	}}
	broken := agent.ReviewerFunc{ReviewerName: "broken", Fn: func(context.Context, agent.Target) (agent.Review, error) {
		return agent.Review{}, errors.New("provider said " + red + "no\x00")
	}}
	path := writeDoc(t, chainDoc)
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	decisions := filepath.Join(dir, editorial.DecisionsName)
	l := &editorial.Loop{Council: council.Council{Members: council.Members(noisy, broken)}, Dir: dir, MaxRounds: 1,
		Gate: rounds.FileGate{Path: decisions}}
	if _, err := l.Run(context.Background(), path); !errors.Is(err, loop.ErrNotConverged) {
		t.Fatalf("first run: %v, want it waiting at the gate", err)
	}
	check := func(stage string) {
		t.Helper()
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
				return err
			}
			s := readFile(t, p)
			if strings.ContainsAny(s, "\x00\x1b") {
				t.Errorf("%s: %s holds a raw NUL or ESC:\n%q", stage, filepath.Base(p), s)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	check("waiting")
	mustContain(t, "findings.md", readFile(t, filepath.Join(dir, "round-1", "findings.md")), `read\x00 it \x1b[31mred\x1b[0m`, `memo \x1b[31m`, `filler \x1b[31mword\x00`)
	mustContain(t, "skipped.md", readFile(t, filepath.Join(dir, "round-1", "skipped.md")), `provider said \x1b[31mno\x00`)
	mustContain(t, "pending.md", readFile(t, filepath.Join(dir, "round-1", "pending.md")), `figure\x00 \x1b[31munsourced`)

	var pending []map[string]any
	if err := json.Unmarshal([]byte(readFile(t, filepath.Join(dir, "round-1", "pending.json"))), &pending); err != nil {
		t.Fatal(err)
	}
	for _, p := range pending {
		p["action"], p["reason"] = "reject", "ours "+red+"\x00"
	}
	data, _ := json.Marshal(pending)
	if err := os.WriteFile(decisions, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Resume(context.Background(), path); err != nil && !errors.Is(err, loop.ErrNotConverged) {
		t.Fatalf("resume: %v", err)
	}
	check("decided")
	mustContain(t, "rejected.md", readFile(t, filepath.Join(dir, "round-1", "rejected.md")), `ours \x1b[31m\x00`)
	mustContain(t, "summary.md", readFile(t, filepath.Join(dir, "summary.md")), `filler \x1b[31mword\x00`, `ours \x1b[31m\x00`, `provider said \x1b[31mno\x00`)
}
