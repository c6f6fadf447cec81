package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/export"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// TestExportReport checks the mapping of an outcome onto export.Report:
// paths relative to the working folder (or to the documents' folder when
// they are outside it), the current text of each document, statuses, a
// reason for every rejection, and a dry run's findings as proposals.
func TestExportReport(t *testing.T) {
	cwd := t.TempDir()
	docs := filepath.Join(cwd, "docs")
	os.MkdirAll(filepath.Join(docs, "ja"), 0o755)
	a, b := filepath.Join(docs, "a.md"), filepath.Join(docs, "ja", "b.md")
	os.WriteFile(a, []byte("alpha\n"), 0o644)
	os.WriteFile(b, []byte("ベータ\r\n"), 0o644)
	entry := func(file, key string, st finding.Status, reason string) rounds.Entry {
		return rounds.Entry{Round: 1, Status: st, Reason: reason, By: "gate", Item: loop.Item{
			Key: key, File: file, Reviewer: "editor", Lines: finding.LineRange{Start: 1, End: 1},
			Finding: finding.Finding{ID: key, Category: "style", Severity: finding.Low, Issue: "x", LineRange: finding.LineRange{Start: 7, End: 7}},
		}}
	}
	out := &rounds.Outcome{
		File: a, Files: []string{a, b},
		Applied:    []rounds.Entry{entry("a.md", "F1", finding.Applied, "")},
		Rejected:   []rounds.Entry{entry("ja/b.md", "F2", finding.Rejected, "")},
		Unresolved: []rounds.Entry{entry("ja/b.md", "F3", finding.Open, "")},
	}
	rep, err := exportReport(out, cwd)
	if err != nil {
		t.Fatal(err)
	}
	if err := rep.Check(); err != nil {
		t.Fatal(err)
	}
	if rep.Root != cwd || len(rep.Results) != 3 {
		t.Fatalf("root %q, %d results", rep.Root, len(rep.Results))
	}
	want := []struct {
		file, text string
		st         finding.Status
	}{{"docs/a.md", "alpha\n", finding.Applied}, {"docs/ja/b.md", "ベータ\r\n", finding.Rejected}, {"docs/ja/b.md", "ベータ\r\n", finding.Open}}
	for i, w := range want {
		r := rep.Results[i]
		if r.File != w.file || string(r.Text) != w.text || r.Status != w.st || r.Finding.LineRange.Start != 1 {
			t.Errorf("result %d: %q %q %s lines %v, want %q %q %s lines 1", i, r.File, r.Text, r.Status, r.Finding.LineRange, w.file, w.text, w.st)
		}
	}
	if r := rep.Results[1]; r.Reason != "rejected by the gate" {
		t.Errorf("reason %q", r.Reason)
	}

	// From elsewhere the paths are relative to the documents' folder; in a
	// dry run nothing was applied.
	out.Reason, out.DryRun = "dry-run", true
	rep, err = exportReport(out, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if rep.Root != docs || rep.Results[0].File != "a.md" || rep.Results[0].Status != finding.Open {
		t.Errorf("root %q, first result %q %s", rep.Root, rep.Results[0].File, rep.Results[0].Status)
	}

	// A document that is gone is an error naming it.
	os.Remove(b)
	if _, err := exportReport(out, cwd); err == nil {
		t.Error("a missing document gave no error")
	}
}

// exportReport maps the run's outcome as -format does.
func exportReport(o *rounds.Outcome, cwd string) (export.Report, error) {
	return export.FromOutcome(export.Tool{Name: "editorial-swarm", Version: export.ModuleVersion()}, o, cwd)
}
