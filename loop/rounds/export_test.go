package rounds_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/export"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// TestOutcomeReport checks the mapping of an outcome onto export.Report:
// paths relative to the repository holding the documents (or to their
// folder outside any), the current text of each document, statuses, a
// reason for every rejection, and a dry run's findings as proposals.
func TestOutcomeReport(t *testing.T) {
	repo := t.TempDir()
	if err := os.Mkdir(filepath.Join(repo, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	docs := filepath.Join(repo, "docs")
	if err := os.MkdirAll(filepath.Join(docs, "ja"), 0o755); err != nil {
		t.Fatal(err)
	}
	a, b := filepath.Join(docs, "a.md"), filepath.Join(docs, "ja", "b.md")
	write(t, a, "alpha\n")
	write(t, b, "ベータ\r\n")
	entry := func(file, key string, st finding.Status, by string) rounds.Entry {
		return rounds.Entry{Round: 1, Status: st, By: by, Item: loop.Item{
			Key: key, File: file, Reviewer: "editor", Lines: finding.LineRange{Start: 1, End: 1},
			Finding: finding.Finding{ID: key, Category: "style", Severity: finding.Low, Issue: "x", LineRange: finding.LineRange{Start: 7, End: 7}},
		}}
	}
	out := &rounds.Outcome{
		File: a, Files: []string{a, b},
		Applied:    []rounds.Entry{entry("a.md", "F1", finding.Applied, "policy")},
		Rejected:   []rounds.Entry{entry("ja/b.md", "F2", finding.Rejected, "gate"), entry("ja/b.md", "F4", finding.Rejected, "")},
		Unresolved: []rounds.Entry{entry("ja/b.md", "F3", finding.Open, "")},
	}
	tool := export.Tool{Name: "editorial-swarm", Version: export.ModuleVersion()}
	rep, err := out.Report(tool)
	if err != nil {
		t.Fatal(err)
	}
	if err := rep.Check(); err != nil {
		t.Fatal(err)
	}
	if rep.Root != repo || rep.Tool != tool || len(rep.Results) != 4 {
		t.Fatalf("root %q, tool %v, %d results", rep.Root, rep.Tool, len(rep.Results))
	}
	want := []struct {
		file, text, reason string
		st                 finding.Status
	}{
		{"docs/a.md", "alpha\n", "", finding.Applied},
		{"docs/ja/b.md", "ベータ\r\n", "rejected by the gate", finding.Rejected},
		{"docs/ja/b.md", "ベータ\r\n", "rejected", finding.Rejected},
		{"docs/ja/b.md", "ベータ\r\n", "", finding.Open},
	}
	for i, w := range want {
		r := rep.Results[i]
		if r.File != w.file || string(r.Text) != w.text || r.Status != w.st || r.Reason != w.reason || r.Finding.LineRange.Start != 1 || r.Round != 1 {
			t.Errorf("result %d: %q %q %s %q lines %v, want %q %q %s %q lines 1", i, r.File, r.Text, r.Status, r.Reason, r.Finding.LineRange, w.file, w.text, w.st, w.reason)
		}
	}

	// Outside any repository (and the working folder) the paths are
	// relative to the documents' folder; in a dry run nothing was applied.
	elsewhere := filepath.Join(t.TempDir(), "docs")
	if err := os.MkdirAll(elsewhere, 0o755); err != nil {
		t.Fatal(err)
	}
	c := filepath.Join(elsewhere, "a.md")
	write(t, c, "alpha\n")
	dry := &rounds.Outcome{Reason: "dry-run", DryRun: true, File: c, Files: []string{c}, Applied: []rounds.Entry{entry("", "F1", finding.Applied, "policy")}}
	rep, err = dry.Report(tool)
	if err != nil {
		t.Fatal(err)
	}
	if r := rep.Results[0]; rep.Root != elsewhere || r.File != "a.md" || r.Status != finding.Open || r.Reason != "a run would apply it" {
		t.Errorf("root %q, first result %q %s %q", rep.Root, r.File, r.Status, r.Reason)
	}

	// No documents: no results; a document that is gone is an error.
	if rep, err := (&rounds.Outcome{}).Report(tool); err != nil || len(rep.Results) != 0 || rep.Root != "" {
		t.Errorf("an empty outcome: %+v, %v", rep, err)
	}
	if err := os.Remove(b); err != nil {
		t.Fatal(err)
	}
	if _, err := out.Report(tool); err == nil {
		t.Error("a missing document gave no error")
	}
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
