package editorial_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"github.com/kaigi-dev/kaigi/loop/journal"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// batchDoc has 10 lines the policy fixes and 45 the gate decides.
func batchDoc() (string, council.Council) {
	var doc strings.Builder
	for i := range 10 {
		fmt.Fprintf(&doc, "line %02d has a typo here\n", i)
	}
	for i := range 45 {
		fmt.Fprintf(&doc, "line %02d has a flaw here\n", i)
	}
	return doc.String(), council.Council{Members: council.Members(phraseReviewer("r", "style",
		rule{phrase: "typo", fix: "word", severity: finding.Low, conf: 90},
		rule{phrase: "flaw", fix: "quirk", severity: finding.Medium, conf: 80}))}
}

// gateSteps counts a journal's gate batch steps.
func gateSteps(t *testing.T, dir string) int {
	t.Helper()
	n := 0
	for _, r := range records(t, filepath.Join(dir, editorial.JournalName)) {
		if r.Kind == journal.KindStep && strings.Contains(r.Key, "/gate/") {
			n++
		}
	}
	return n
}

// TestDecisionsAreBatched: a round journals each gate batch as one step,
// not one fsync'd record per decision; the policy's pass is a pure
// function of journaled values and is not journaled at all.
func TestDecisionsAreBatched(t *testing.T) {
	doc, c := batchDoc()
	path := writeDoc(t, doc)
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	approve := rounds.ApproverFunc(func(_ context.Context, b rounds.Batch) ([]rounds.Decision, error) {
		var ds []rounds.Decision
		for _, it := range b.Items {
			ds = append(ds, rounds.Decision{Key: it.Key, Action: rounds.Apply})
		}
		return ds, nil
	})
	l := &editorial.Loop{Council: c, Dir: dir, Gate: approve, MaxRounds: 1}
	out, err := l.Run(context.Background(), path)
	if err != nil || len(out.Applied) != 55 {
		t.Fatalf("Run: %v, %d applied", err, len(out.Applied))
	}
	if n := gateSteps(t, dir); n != 3 {
		t.Errorf("%d gate steps, want 3 gate batches", n)
	}
	for _, r := range records(t, filepath.Join(dir, editorial.JournalName)) {
		if strings.Contains(r.Key, "policy") && r.Kind == journal.KindStep {
			t.Errorf("the policy's pass was journaled: %s", r.Key)
		}
	}
}

// TestFormat1JournalRefused: a journal written before the loop kernel
// (format 1: no header, "start", "review", "decision" records) is refused
// by Resume, Undo and Run with journal.ErrFormat, whose message says why,
// and nothing is written.
func TestFormat1JournalRefused(t *testing.T) {
	doc, c := batchDoc()
	path := writeDoc(t, doc)
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	os.MkdirAll(dir, 0o755)
	jpath := filepath.Join(dir, editorial.JournalName)
	old := `{"seq":1,"time":"2026-01-01T00:00:00Z","kind":"start","data":{"file":"` + filepath.ToSlash(path) + `","base":"00","max_rounds":1,"policy":{}}}` + "\n" +
		`{"seq":2,"time":"2026-01-01T00:00:01Z","kind":"decision","round":1,"data":{"key":"r1/r/F001","action":"apply"}}` + "\n"
	os.WriteFile(jpath, []byte(old), 0o644)
	l := &editorial.Loop{Council: c, Dir: dir, MaxRounds: 1}
	_, rerr := l.Resume(context.Background(), path)
	_, uerr := editorial.Undo(dir, 0)
	_, nerr := l.Run(context.Background(), path)
	for name, err := range map[string]error{"resume": rerr, "undo": uerr, "run": nerr} {
		if !errors.Is(err, journal.ErrFormat) || !strings.Contains(err.Error(), "format 1") {
			t.Errorf("%s: %v, want journal.ErrFormat naming format 1", name, err)
		}
	}
	if readFile(t, jpath) != old || readFile(t, path) != doc {
		t.Error("the old journal or the document was changed")
	}
}

// TestConflictingApprovalsAcrossBatches: the per-group conflict check
// refuses an approval in one group with one of an earlier batch.
func TestConflictingApprovalsAcrossBatches(t *testing.T) {
	var doc strings.Builder
	for i := range 19 { // a's big cat is item 20, on page 1; b's on page 2
		fmt.Fprintf(&doc, "line %02d has a flaw here\n", i)
	}
	doc.WriteString("A big cat.\n")
	path := writeDoc(t, doc.String())
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	c := council.Council{Members: council.Members(
		phraseReviewer("a", "style", rule{phrase: "flaw", fix: "quirk", severity: finding.Medium, conf: 80},
			rule{phrase: "big cat", fix: "large cat", severity: finding.Medium, conf: 80}),
		phraseReviewer("b", "style", rule{phrase: "big cat", fix: "huge cat", severity: finding.Medium, conf: 80}))}
	pages := 0
	approve := rounds.ApproverFunc(func(_ context.Context, b rounds.Batch) ([]rounds.Decision, error) {
		pages = b.Pages
		var ds []rounds.Decision
		for _, it := range b.Items {
			ds = append(ds, rounds.Decision{Key: it.Key, Action: rounds.Apply})
		}
		return ds, nil
	})
	l := &editorial.Loop{Council: c, Dir: dir, Gate: approve, MaxRounds: 1}
	_, err := l.Run(context.Background(), path)
	if !errors.Is(err, rounds.ErrConflictingApprovals) || !strings.Contains(err.Error(), "r1/a/F020 and r1/b/F001") {
		t.Fatalf("Run: %v, want ErrConflictingApprovals naming both", err)
	}
	if n := gateSteps(t, dir); pages != 2 || n != 1 {
		t.Errorf("%d page(s), %d gate steps; want 2 pages and page 1 journaled", pages, n)
	}
}

// TestGatePassCutBetweenPages: a gate pass cut short between two pages
// (a kill, here page 2's error) after page 1 left items pending is resumed
// once the decisions file names every item: the resumed execution asks
// page 1's pending items again at once and finishes the round, rather than
// stopping to wait for decisions it already has.
func TestGatePassCutBetweenPages(t *testing.T) {
	doc, c := batchDoc()
	path := writeDoc(t, doc)
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	decisions := filepath.Join(dir, editorial.DecisionsName)
	file := rounds.FileGate{Path: decisions}
	cut := rounds.ApproverFunc(func(ctx context.Context, b rounds.Batch) ([]rounds.Decision, error) {
		if b.Page == 2 {
			return nil, errors.New("killed")
		}
		return file.Approve(ctx, b)
	})
	l := &editorial.Loop{Council: c, Dir: dir, Gate: cut, MaxRounds: 1}
	if _, err := l.Run(context.Background(), path); err == nil || !strings.Contains(err.Error(), "killed") {
		t.Fatalf("first execution: %v, want the cut", err)
	}
	// The user decides every finding of the round, then resumes.
	var all []map[string]string
	for _, r := range records(t, filepath.Join(dir, editorial.JournalName)) {
		if strings.HasPrefix(r.Key, "r1/review/") {
			var w struct {
				Report finding.Report `json:"report"`
			}
			r.Decode(&w)
			for _, f := range w.Report.Findings {
				all = append(all, map[string]string{"key": "r1/" + w.Report.Reviewer + "/" + f.ID, "action": "reject", "reason": "no"})
			}
		}
	}
	data, _ := json.Marshal(all)
	os.WriteFile(decisions, data, 0o644)
	l.Gate = file
	out, err := l.Resume(context.Background(), path)
	if out == nil || out.Reason == loop.AwaitingDecisions {
		t.Fatalf("resume with every decision made: %v, %v; want the round decided", out, err)
	}
}
