package discussion

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/export"
)

// TestReport: the Outcome of a Driver's Stop, restored with At,
// reports the verdict's critical findings for the export formats: paths
// inside the workspace's repository, the target's text, the tool as
// reviewer, open; an Outcome that does not know its workspace, and one
// placed where no discussion ran, are errors.
func TestReport(t *testing.T) {
	repo := t.TempDir()
	if err := os.Mkdir(filepath.Join(repo, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(repo, "docs")
	os.Mkdir(root, 0o755)
	os.WriteFile(filepath.Join(root, "post.md"), []byte(doc), 0o644)
	stop, err := concedeRun(root)
	if err != nil {
		t.Fatal(err)
	}
	o := new(Outcome)
	if err := json.Unmarshal(stop.Result, o); err != nil {
		t.Fatal(err)
	}
	if err := o.At(root, nil, stop); err != nil {
		t.Fatal(err)
	}
	if o.Board.Len() == 0 || o.Decision() == "" {
		t.Errorf("restored: %d post(s), decision %q of %s", o.Board.Len(), o.Decision(), o.Verdict)
	}
	tool := export.Tool{Name: "kaigi-test"}
	rep, err := o.Report(tool)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Results) != 1 || rep.Root != repo {
		t.Fatalf("report %+v, want one result under %s", rep, repo)
	}
	r := rep.Results[0]
	if r.File != "docs/post.md" || r.Finding.File != r.File || r.Finding.ID != "b/p1" || string(r.Text) != doc || r.Reviewer != tool.Name || r.Status != finding.Open {
		t.Errorf("result %+v", r)
	}

	ran := concedeDebate(t, NewOfflineLead("lead")) // Run's Outcome knows its workspace
	if rep, err := ran.Report(tool); err != nil || len(rep.Results) != 1 || rep.Results[0].File != "post.md" {
		t.Errorf("the report of Run's Outcome: %+v, %v", rep, err)
	}

	var plain Outcome
	if err := json.Unmarshal(stop.Result, &plain); err != nil {
		t.Fatal(err)
	}
	if _, err := plain.Report(tool); err == nil || !strings.Contains(err.Error(), "place it with At") {
		t.Errorf("an Outcome without its workspace reported: %v", err)
	}
	moved := plain
	moved.Dir = filepath.Join(repo, "elsewhere")
	if err := moved.At(root, nil, stop); err == nil {
		t.Error("an Outcome whose discussion folder holds no journal was placed")
	}
}

// concedeRun runs concedeDebate's debate as a Driver over root: b's
// claim survives as the verdict's critical item.
func concedeRun(root string) (loop.Stop, error) {
	d := NewDriver(func(Args) (*Discussion, error) {
		return &Discussion{Spec: testSpec(3, "a", "b"), Participants: concedePlayers(), Lead: NewOfflineLead("lead")}, nil
	})
	return d.Run(context.Background(), root, nil, false)
}

// TestDecision: the verdict's "verdict" field, "" without a verdict or
// without the field.
func TestDecision(t *testing.T) {
	for verdict, want := range map[string]string{`{"verdict":"FAIL","critical":[]}`: "FAIL", `{"decisions":[]}`: "", `{"verdict":3}`: "", "": ""} {
		o := &Outcome{}
		if verdict != "" {
			o.Verdict = json.RawMessage(verdict)
		}
		if got := o.Decision(); got != want {
			t.Errorf("%s: %q, want %q", verdict, got, want)
		}
	}
}
