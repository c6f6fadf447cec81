package loop_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
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

// decisionRecords counts a journal's decision records.
func decisionRecords(t *testing.T, dir string) int {
	t.Helper()
	recs, err := loop.ReadJournal(filepath.Join(dir, loop.JournalName))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, r := range recs {
		if strings.HasPrefix(r.Kind, "decision") {
			n++
		}
	}
	return n
}

// TestDecisionsAreBatched: a round journals its policy pass as one record
// and each gate batch as one, not one fsync'd record per decision.
func TestDecisionsAreBatched(t *testing.T) {
	doc, c := batchDoc()
	path := writeDoc(t, doc)
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	approve := loop.ApproverFunc(func(_ context.Context, b loop.Batch) ([]loop.Decision, error) {
		var ds []loop.Decision
		for _, it := range b.Items {
			ds = append(ds, loop.Decision{Key: it.Key, Action: loop.Apply})
		}
		return ds, nil
	})
	l := &loop.Loop{Council: c, Dir: dir, Gate: approve, MaxRounds: 1}
	out, err := l.Run(context.Background(), path, false)
	if err != nil || len(out.Applied) != 55 {
		t.Fatalf("Run: %v, %d applied", err, len(out.Applied))
	}
	if n := decisionRecords(t, dir); n != 4 {
		t.Errorf("%d decision records, want 4: the policy's pass and 3 gate batches", n)
	}
}

// TestOldDecisionRecordsReplay: a journal written before decisions were
// batched, one "decision" record each, still resumes.
func TestOldDecisionRecordsReplay(t *testing.T) {
	doc, c := batchDoc()
	path := writeDoc(t, doc)
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	decisions := filepath.Join(dir, loop.DecisionsName)
	l := &loop.Loop{Council: c, Dir: dir, Gate: loop.FileGate{Path: decisions}, MaxRounds: 1}
	if out, _ := l.Run(context.Background(), path, false); out == nil || out.Reason != loop.AwaitingDecisions {
		t.Fatalf("first run: %+v", out)
	}
	// Rewrite the journal as the old format had it.
	jpath := filepath.Join(dir, loop.JournalName)
	recs, err := loop.ReadJournal(jpath)
	if err != nil {
		t.Fatal(err)
	}
	var old bytes.Buffer
	seq := 0
	for _, r := range recs {
		out := []loop.Record{r}
		if r.Kind == "decisions" {
			var batch struct{ Decisions []json.RawMessage }
			if err := r.Decode(&batch); err != nil {
				t.Fatal(err)
			}
			out = out[:0]
			for _, d := range batch.Decisions {
				out = append(out, loop.Record{Time: r.Time, Kind: "decision", Round: r.Round, Data: d})
			}
		}
		for _, o := range out {
			seq++
			o.Seq = seq
			line, _ := json.Marshal(o)
			old.Write(append(line, '\n'))
		}
	}
	if err := os.WriteFile(jpath, old.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if n := decisionRecords(t, dir); n != 10 {
		t.Fatalf("the old-style journal has %d decision records, want the policy's 10", n)
	}
	var ds []map[string]string
	for i := range 45 {
		ds = append(ds, map[string]string{"key": fmt.Sprintf("r1/r/F%03d", 11+i), "action": "apply"})
	}
	b, _ := json.Marshal(ds)
	os.WriteFile(decisions, b, 0o644)
	out, err := l.Run(context.Background(), path, true)
	if err != nil || out.Reason != loop.Converged || len(out.Applied) != 55 {
		t.Fatalf("resumed from the old journal: %v, %+v", err, out)
	}
	if got := readFile(t, path); strings.Contains(got, "typo") || strings.Contains(got, "flaw") {
		t.Errorf("document = %q", got)
	}
	if _, err := loop.Undo(dir, 0); err != nil || readFile(t, path) != doc {
		t.Errorf("undo: %v", err)
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
	approve := loop.ApproverFunc(func(_ context.Context, b loop.Batch) ([]loop.Decision, error) {
		pages = b.Pages
		var ds []loop.Decision
		for _, it := range b.Items {
			ds = append(ds, loop.Decision{Key: it.Key, Action: loop.Apply})
		}
		return ds, nil
	})
	l := &loop.Loop{Council: c, Dir: dir, Gate: approve, MaxRounds: 1}
	_, err := l.Run(context.Background(), path, false)
	if !errors.Is(err, loop.ErrConflictingApprovals) || !strings.Contains(err.Error(), "r1/a/F020 and r1/b/F001") {
		t.Fatalf("Run: %v, want ErrConflictingApprovals naming both", err)
	}
	if n := decisionRecords(t, dir); pages != 2 || n != 1 {
		t.Errorf("%d page(s), %d decision records; want 2 pages and page 1 recorded", pages, n)
	}
}
