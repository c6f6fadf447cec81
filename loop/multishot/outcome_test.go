package multishot

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/export"
)

// TestOutcomeOfDriver: a Driver's Stop decodes into the Outcome of its
// Summary, placed by At: a Report session with a finding left falls short
// (Err wraps loop.ErrNotConverged and counts what is open), its text
// names summary.md in the session folder of the arguments, or holds the
// Markdown in full without one, and its Report is the Summary's Export
// rooted at the top level of the repository the arguments name.
// Arguments that do not decode, or name a folder outside the Driver's,
// are an error.
func TestOutcomeOfDriver(t *testing.T) {
	r := sampleRepo(t)
	sc := &script{answers: map[string][]ShotFinding{"code/1/1": {sf(P1, "app/main.go", 6, 6, "Error from os.Open is ignored")}}}
	d := NewDriver(func(Args) (*Loop, error) {
		return &Loop{Reviewer: sc, Classifier: fixedSlices(codeSlice), Mode: Report}, nil
	})
	raw, _ := json.Marshal(Args{Kind: Uncommitted, Task: "open x", Dir: "the-session"})
	stop, err := d.Run(context.Background(), r.dir, raw, false)
	if err != nil {
		t.Fatal(err)
	}
	out := new(Outcome)
	if err := json.Unmarshal(stop.Result, out); err != nil {
		t.Fatal(err)
	}
	placed, _ := json.Marshal(Args{Dir: "the-session", Repo: "app"})
	if err := out.At(r.dir, placed, stop); err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(r.dir, "app"); out.Repo != want {
		t.Errorf("Repo %s, want %s", out.Repo, want)
	}
	if err := out.Err(); !errors.Is(err, loop.ErrNotConverged) || !strings.Contains(err.Error(), "1 finding(s) of 1 open") {
		t.Errorf("Err() = %v", err)
	}
	var b strings.Builder
	if err := out.WriteText(&b); err != nil || !strings.Contains(b.String(), "ok=true remaining=1") || !strings.HasSuffix(b.String(), "summary: "+filepath.Join(r.dir, "the-session", "summary.md")+"\n") {
		t.Errorf("WriteText: %v\n%s", err, b.String())
	}
	b.Reset()
	out.Session = ""
	if err := out.WriteText(&b); err != nil || !strings.Contains(b.String(), "# Multi-shot review") || strings.Contains(b.String(), "summary: ") {
		t.Errorf("WriteText in full: %v\n%s", err, b.String())
	}
	rep, err := out.Report(export.Tool{Name: "t"})
	if err != nil || rep.Root != r.dir || rep.Tool.Name != "t" || len(rep.Results) != 1 || rep.Results[0].File != "app/main.go" {
		t.Errorf("Report: %+v, %v; want the finding rooted at %s", rep, err, r.dir)
	}
	if err := rep.Check(); err != nil {
		t.Error(err)
	}

	var bare Outcome
	if err := bare.At(r.dir, nil, stop); err != nil || bare.Summary == nil || bare.Session != filepath.Join(r.dir, DefaultDriverDir) || bare.Repo != r.dir {
		t.Errorf("placed with no arguments: %+v, %v", bare, err)
	}
	if err := bare.At(r.dir, json.RawMessage(`{"dir":7}`), stop); err == nil {
		t.Error("arguments that do not decode placed an Outcome")
	}
	if err := bare.At(r.dir, json.RawMessage(`{"repo":"../elsewhere"}`), stop); err == nil {
		t.Error("a repository outside the Driver's folder placed an Outcome")
	}
}

// TestOutcomeErr: a session that is done with nothing open has no Err; a
// slice not done is named with its status, even with no finding open.
func TestOutcomeErr(t *testing.T) {
	done := &Outcome{Summary: &Summary{OK: true, Slices: []SliceState{{Slice: Slice{Name: "a"}, Status: Clean}}}}
	if err := done.Err(); err != nil {
		t.Errorf("done: %v", err)
	}
	failed := &Outcome{Summary: &Summary{Slices: []SliceState{{Slice: Slice{Name: "a"}, Status: Clean}, {Slice: Slice{Name: "b"}, Status: Failed}}}}
	if err := failed.Err(); !errors.Is(err, loop.ErrNotConverged) || !strings.Contains(err.Error(), "b (failed)") || strings.Contains(err.Error(), "a (") {
		t.Errorf("a failed slice: %v", err)
	}
}
