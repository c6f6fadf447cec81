package council_test

import (
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
)

// FuzzAggregate checks Aggregate's invariants on arbitrary documents and
// findings from two reviewers and two shots: it never panics, every row
// has a status consistent with its indexes, and the Ready changes always
// form a valid patch against the document.
func FuzzAggregate(f *testing.F) {
	f.Add(aggDoc, "非常に重要な", "重要な", 2, "非常に", "", 2, "emphasis", true)
	f.Add("a\r\nb\r\nc", "b", "B", 2, "b", "bee", 2, "same words", false)
	f.Add("\ufeffno final newline", "final", "", 1, "", "x", 1, "", true)
	f.Add("", "", "", 0, "x", "y", 5, "issue", false)
	f.Add("ＡＢＣ　def\n", "ABC def", "abc", 1, "def", "DEF", 1, "case", false)
	f.Fuzz(func(t *testing.T, doc, q1, fix1 string, l1 int, q2, fix2 string, l2 int, issue string, reviewed bool) {
		mk := func(id, q, fix string, l int) finding.Finding {
			lr := finding.LineRange{}
			if l > 0 && l < 1<<20 {
				lr = finding.LineRange{Start: l, End: l + 1}
			}
			fd := finding.Finding{ID: id, Category: "fuzz", LineRange: lr, Issue: issue, Fix: fix, Severity: finding.Low, Quotes: []string{}}
			if q != "" {
				fd.Quotes = []string{q}
			}
			return fd
		}
		a, b := mk("F1", q1, fix1, l1), mk("F2", q2, fix2, l2)
		rep := func(name string, fs ...finding.Finding) agent.Review {
			return agent.Review{Report: finding.Report{Reviewer: name, SchemaVersion: finding.SchemaVersion, Findings: fs}}
		}
		round := &council.Round{Results: []council.Result{
			{Reviewer: "x", Shot: 1, Review: rep("x", a, b)},
			{Reviewer: "x", Shot: 2, Review: rep("x", b, a)},
			{Reviewer: "y", Shot: 1, Review: rep("y", a)},
		}}
		table := council.Aggregate([]byte(doc), round, council.Options{Reviewed: reviewed, Rejected: []finding.Finding{b}})
		if len(table.Rows) != 5 {
			t.Fatalf("%d rows, want 5", len(table.Rows))
		}
		for _, r := range table.Rows {
			if err := r.State.Validate(); err != nil {
				t.Errorf("%s: %v", r.Key, err)
			}
			switch st := r.State.Current(); {
			case st == finding.Open:
			case r.Placement != council.PlacementNone:
				t.Errorf("%s is %s but placed %q", r.Key, st, r.Placement)
			case st == finding.Duplicate:
				if d, ok := table.Row(r.State.DuplicateOf); !ok || d.Shot >= r.Shot || d.Reviewer != r.Reviewer {
					t.Errorf("%s duplicate of %q, not an earlier sibling shot", r.Key, r.State.DuplicateOf)
				} else if r.Anchor != nil && d.Anchor == nil {
					t.Errorf("%s has an edit but is a duplicate of %s, which has none", r.Key, d.Key)
				}
				continue
			case st == finding.Rejected:
				if r.State.Reason == "" || r.Anchor != nil {
					t.Errorf("%s rejected without a reason: %+v", r.Key, r)
				}
				continue
			default:
				t.Errorf("%s has status %q", r.Key, st)
				continue
			}
			switch r.Placement {
			case council.PlacementReady:
				if r.Change < 0 || r.Change >= len(table.Changes) || r.Anchor == nil {
					t.Errorf("%s ready without a change: %+v", r.Key, r)
				}
			case council.PlacementConflict:
				if r.Conflict < 0 || r.Conflict >= len(table.Conflicts) || r.Anchor == nil {
					t.Errorf("%s conflicting without a conflict: %+v", r.Key, r)
				}
			case council.PlacementAdvisory, council.PlacementUnanchored:
				if r.Skip == nil || r.Anchor != nil {
					t.Errorf("%s %s without a skip reason: %+v", r.Key, r.Placement, r)
				}
			default:
				t.Errorf("%s is open and placed %q", r.Key, r.Placement)
			}
		}
		if _, err := apply.NewPatch([]byte(doc), table.Changes); err != nil {
			t.Errorf("Ready changes do not form a patch: %v", err)
		}
	})
}
