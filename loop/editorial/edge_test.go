package editorial_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// decide writes a decisions file: key -> action.
func decide(t *testing.T, path string, actions map[string]string) {
	t.Helper()
	var ds []map[string]string
	for k, a := range actions {
		ds = append(ds, map[string]string{"key": k, "action": a, "reason": "test"})
	}
	b, _ := json.Marshal(ds)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// twoMediums proposes foo -> bar and baz -> qux (medium, so the gate
// decides) and keeps a high finding open.
func twoMediums() council.Council {
	return council.Council{Members: council.Members(phraseReviewer("r", "style",
		rule{phrase: "foo", fix: "bar", severity: finding.Medium, conf: 80},
		rule{phrase: "baz", fix: "qux", severity: finding.Medium, conf: 80},
		rule{phrase: "42%", severity: finding.High, conf: 80, issue: "unsourced"},
	))}
}

// TestDecisionsBelongToTheirRound: a decision made for a finding of round
// 1 must never apply to another finding that happens to get the same ID in
// round 2.
func TestDecisionsBelongToTheirRound(t *testing.T) {
	path := writeDoc(t, "foo line\nbaz line\n42% line\n")
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	decisions := filepath.Join(dir, editorial.DecisionsName)
	l := &editorial.Loop{Council: twoMediums(), Dir: dir, Gate: rounds.FileGate{Path: decisions}}
	if out, _ := l.Run(context.Background(), path); out.Reason != loop.AwaitingDecisions {
		t.Fatalf("first run: %s", out.Reason)
	}
	decide(t, decisions, map[string]string{"r1/r/F001": "apply", "r1/r/F002": "defer", "r1/r/F003": "defer"})
	out, _ := l.Resume(context.Background(), path)
	if out.Reason != loop.AwaitingDecisions || out.Rounds != 2 {
		t.Fatalf("resumed run: %s after %d rounds, want round 2 waiting", out.Reason, out.Rounds)
	}
	if got := readFile(t, path); got != "bar line\nbaz line\n42% line\n" {
		t.Errorf("document = %q: round 2's r/F001 (baz) must wait for its own decision", got)
	}
}

func TestNewRunDoesNotReuseDecisions(t *testing.T) {
	path := writeDoc(t, "foo line\nbaz line\n42% line\n")
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	decisions := filepath.Join(dir, editorial.DecisionsName)
	l := &editorial.Loop{Council: twoMediums(), Dir: dir, Gate: rounds.FileGate{Path: decisions}, MaxRounds: 1}
	l.Run(context.Background(), path)
	decide(t, decisions, map[string]string{"r1/r/F001": "reject", "r1/r/F002": "reject", "r1/r/F003": "reject"})
	if out, err := l.Resume(context.Background(), path); err != nil || out.Reason != loop.Converged {
		t.Fatalf("resumed run: %v, %+v", err, out)
	}
	out, _ := l.Run(context.Background(), path)
	if out.Reason != loop.AwaitingDecisions || len(out.Rejected) != 0 {
		t.Errorf("a new run took the old run's decisions: %s, rejected %d", out.Reason, len(out.Rejected))
	}
	if _, err := os.Stat(filepath.Join(dir, "history", "run-1", editorial.DecisionsName)); err != nil {
		t.Errorf("the old decisions file was not moved to the history: %v", err)
	}
}

// conflicting proposes two different fixes for one phrase.
func conflicting() council.Council {
	return council.Council{Members: council.Members(
		phraseReviewer("a", "style", rule{phrase: "big cat", fix: "large cat", severity: finding.Low, conf: 90}),
		phraseReviewer("b", "style", rule{phrase: "big cat", fix: "huge cat", severity: finding.Low, conf: 90}),
	)}
}

func TestConflictingApprovalsAreAskedAgain(t *testing.T) {
	path := writeDoc(t, "A big cat.\n")
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	approve := func(keys ...string) rounds.Approver {
		return rounds.ApproverFunc(func(_ context.Context, b rounds.Batch) ([]rounds.Decision, error) {
			var ds []rounds.Decision
			for _, it := range b.Items {
				if it.Conflict == 0 {
					t.Errorf("%s is not flagged as a conflict", it.Key)
				}
				d := rounds.Decision{Key: it.Key, Action: rounds.Defer}
				for _, k := range keys {
					if k == it.Key {
						d.Action = rounds.Apply
					}
				}
				ds = append(ds, d)
			}
			return ds, nil
		})
	}
	l := &editorial.Loop{Council: conflicting(), Dir: dir, Gate: approve("r1/a/F001", "r1/b/F001")}
	if _, err := l.Run(context.Background(), path); !errors.Is(err, rounds.ErrConflictingApprovals) {
		t.Fatalf("both approved: %v, want ErrConflictingApprovals", err)
	}
	if got := readFile(t, path); got != "A big cat.\n" {
		t.Fatalf("a refused batch changed the document: %q", got)
	}
	l.Gate = approve("r1/b/F001")
	if out, err := l.Resume(context.Background(), path); err != nil || out.Reason != loop.Converged {
		t.Fatalf("resumed with one approval: %v, %+v", err, out)
	}
	if got := readFile(t, path); got != "A huge cat.\n" {
		t.Errorf("document = %q, want the chosen fix", got)
	}
}

func TestDryRun(t *testing.T) {
	doc := "とても長い前置きです。本文です。\n末尾の文です。\n42% です。\n"
	path := writeDoc(t, doc)
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	c := council.Council{Members: council.Members(phraseReviewer("r", "style",
		rule{phrase: "とても長い前置きです。", fix: "前置き。", severity: finding.Low, conf: 90},
		rule{phrase: "末尾の文です。", fix: "末尾です。", severity: finding.Medium, conf: 80},
		rule{phrase: "42%", severity: finding.High, conf: 80, issue: "unsourced"},
	))}
	gate := rounds.ApproverFunc(func(_ context.Context, b rounds.Batch) ([]rounds.Decision, error) {
		// Approve the medium fix; leave the high advice pending.
		return []rounds.Decision{{Key: "r1/r/F002", Action: rounds.Apply}}, nil
	})
	l := &editorial.Loop{Council: c, Dir: dir, Gate: gate, DryRun: true}
	out, err := l.Run(context.Background(), path)
	if err != nil || out.Reason != editorial.DryRunEnded {
		t.Fatalf("dry run: %v, %+v", err, out)
	}
	if readFile(t, path) != doc {
		t.Fatal("a dry run changed the document")
	}
	if len(out.Applied) != 2 {
		t.Errorf("a dry run lists %d findings it would apply, want 2", len(out.Applied))
	}
	mustContain(t, "applied.diff", readFile(t, filepath.Join(dir, "round-1", "applied.diff")), "+前置き。本文です。", "+末尾です。")
	mustContain(t, "findings.md", readFile(t, filepath.Join(dir, "round-1", "findings.md")), "applied (dry run: not written)")
	if _, err := l.Resume(context.Background(), path); !errors.Is(err, loop.ErrNothingToResume) {
		t.Errorf("a dry run left a run to resume: %v", err)
	}
}

func TestUndoEndsAnUnfinishedRun(t *testing.T) {
	path := writeDoc(t, chainDoc)
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	l := &editorial.Loop{Council: chainCouncil(), Dir: dir, Gate: rounds.FileGate{Path: filepath.Join(dir, editorial.DecisionsName)}}
	if out, _ := l.Run(context.Background(), path); out.Reason != loop.AwaitingDecisions {
		t.Fatalf("first run: %s", out.Reason)
	}
	if _, err := editorial.Undo(dir, 0); err != nil {
		t.Fatal(err)
	}
	if readFile(t, path) != chainDoc {
		t.Fatal("undo did not restore the document")
	}
	mustContain(t, "summary.md", readFile(t, filepath.Join(dir, "summary.md")), "undone")
	if out, _ := l.Run(context.Background(), path); out == nil || out.Reason != loop.AwaitingDecisions {
		t.Errorf("a new run after undo: %+v", out)
	}
}

func TestRewriteRequested(t *testing.T) {
	for _, tc := range []struct {
		action rounds.Action
		want   loop.StopReason
	}{{rounds.Defer, editorial.RewriteRequested}, {rounds.Reject, loop.Converged}} {
		path := writeDoc(t, "The whole thing rambles.\n")
		c := council.Council{Members: council.Members(phraseReviewer("n", editorial.RewriteCategory,
			rule{phrase: "rambles", severity: finding.Medium, conf: 80, issue: "needs a rewrite"}))}
		gate := rounds.ApproverFunc(func(_ context.Context, b rounds.Batch) ([]rounds.Decision, error) {
			return []rounds.Decision{{Key: b.Items[0].Key, Action: tc.action}}, nil
		})
		l := &editorial.Loop{Council: c, Dir: filepath.Join(filepath.Dir(path), ".e"), Gate: gate}
		out, err := l.Run(context.Background(), path)
		if out.Reason != tc.want {
			t.Errorf("rewrite finding %sed: stopped %s, want %s", tc.action, out.Reason, tc.want)
		}
		if (tc.want == editorial.RewriteRequested) != errors.Is(err, loop.ErrNotConverged) {
			t.Errorf("rewrite finding %sed: err %v", tc.action, err)
		}
	}
}

// TestGateStopsMidway offers 45 findings in pages of at most 20; the gate
// stops on page 2. The decisions of page 1 are kept and not asked again.
func TestGateStopsMidway(t *testing.T) {
	var doc strings.Builder
	for i := range 45 {
		fmt.Fprintf(&doc, "line %02d has a flaw here\n", i)
	}
	path := writeDoc(t, doc.String())
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	c := council.Council{Members: council.Members(phraseReviewer("r", "style",
		rule{phrase: "flaw", fix: "quirk", severity: finding.Medium, conf: 80}))}
	var asked []string
	gate := func(stopAt int) rounds.Approver {
		return rounds.ApproverFunc(func(_ context.Context, b rounds.Batch) ([]rounds.Decision, error) {
			if len(b.Items) > rounds.MaxBatch {
				t.Errorf("page %d has %d items, more than %d", b.Page, len(b.Items), rounds.MaxBatch)
			}
			if b.Page == stopAt {
				return nil, fmt.Errorf("the human quit: %w", loop.ErrStop)
			}
			var ds []rounds.Decision
			for _, it := range b.Items {
				asked = append(asked, it.Key)
				ds = append(ds, rounds.Decision{Key: it.Key, Action: rounds.Apply})
			}
			return ds, nil
		})
	}
	l := &editorial.Loop{Council: c, Dir: dir, Gate: gate(2), MaxRounds: 1}
	out, err := l.Run(context.Background(), path)
	if out == nil || out.Reason != loop.GateStopped || !errors.Is(err, loop.ErrNotConverged) {
		t.Fatalf("stopped at the gate: %v, %+v", err, out)
	}
	if len(asked) != 20 {
		t.Fatalf("page 1 decided %d findings, want 20", len(asked))
	}
	l.Gate = gate(0)
	if out, err = l.Resume(context.Background(), path); err != nil || out.Reason != loop.Converged {
		t.Fatalf("resumed: %v, %+v", err, out)
	}
	if len(asked) != 45 {
		t.Errorf("the gate was asked about %d findings in all, want each of the 45 once", len(asked))
	}
	if strings.Contains(readFile(t, path), "flaw") {
		t.Error("a decision was lost: some flaw is left")
	}
}

func TestSymlinkedDocument(t *testing.T) {
	target := writeDoc(t, chainDoc)
	link := filepath.Join(t.TempDir(), "link.md")
	if err := os.Symlink(target, link); err != nil {
		t.Skip("symbolic links are not available here:", err)
	}
	l := &editorial.Loop{Council: chainCouncil(), Dir: filepath.Join(filepath.Dir(link), ".e")}
	if _, err := l.Run(context.Background(), link); !errors.Is(err, loop.ErrNotConverged) {
		t.Fatalf("Run through a link: %v", err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was replaced by a file")
	}
	if readFile(t, target) == chainDoc {
		t.Error("the link's target was not edited")
	}
}

func TestRefusesNonUTF8(t *testing.T) {
	sjis := []byte("# \x83e\x83X\x83g\nline two\n") // "テスト" in Shift_JIS
	path := writeDoc(t, string(sjis))
	l := &editorial.Loop{Council: chainCouncil(), Dir: filepath.Join(filepath.Dir(path), ".e")}
	_, err := l.Run(context.Background(), path)
	if !errors.Is(err, loop.ErrNotText) || !strings.Contains(err.Error(), "not UTF-8 (line 1)") {
		t.Errorf("err = %v, want a not-UTF-8 error naming line 1", err)
	}
}
