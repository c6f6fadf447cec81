package goldfish_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/kaigi-dev/kaigi/apply/document"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/goldfish"
	"github.com/kaigi-dev/kaigi/loop/internal/drivertest"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// offlineLoopFor builds the Goldfish loop on its offline reviewers over
// section S1.12, as a Driver's configure function.
func offlineLoopFor(goldfish.Args) (*goldfish.Loop, error) {
	seats, err := goldfish.Materials{}.Cast([]string{"design_critic", "structural", "style"}, nil)
	if err != nil {
		return nil, err
	}
	target := document.Target{ID: "S1.12"}
	l := &goldfish.Loop{Target: target, Limit: 2}
	for _, s := range seats {
		g, err := goldfish.NewOfflineGoldfish(s, nil, target.String(), offline.Config{})
		if err != nil {
			return nil, err
		}
		l.Reviewers = append(l.Reviewers, g)
	}
	return l, nil
}

// specFolder returns a folder holding testdata/spec.md as spec.md.
func specFolder(t *testing.T) string {
	t.Helper()
	spec, err := os.ReadFile("testdata/spec.md")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "spec.md"), spec, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestDriverAnsweredByFile: the Goldfish loop as a loop.Driver with the
// file gate stops at each question naming questions.json and answers.json;
// answered with each question's default and resumed, it ends with the
// same document and stop as the same Driver with the automatic gate.
func TestDriverAnsweredByFile(t *testing.T) {
	ctx := context.Background()
	d := goldfish.NewDriver(offlineLoopFor)
	autoDir := specFolder(t)
	auto, _ := json.Marshal(goldfish.Args{Document: "spec.md", Gate: loop.GateAuto})
	want, err := d.Run(ctx, autoDir, auto, false)
	if err != nil || want.Waiting() {
		t.Fatalf("auto gate: %+v, %v", want, err)
	}
	if len(want.Artifacts) == 0 || want.Artifacts[0] != ".goldfish/"+goldfish.ReportName {
		t.Errorf("artifacts %q: want the report first", want.Artifacts)
	}

	dir := specFolder(t)
	args, _ := json.Marshal(goldfish.Args{Document: "spec.md"})
	if _, err := d.Run(ctx, dir, args, true); !errors.Is(err, loop.ErrNotStarted) {
		t.Fatalf("resume before any run: %v, want ErrNotStarted", err)
	}
	r, err := drivertest.RunAnswered(ctx, d, dir, args)
	if err != nil {
		t.Fatal(err)
	}
	stop, answers := r.Stop, r.Answers
	for _, w := range r.Waits {
		if w.Answer != ".goldfish/"+loop.AnswersFile {
			t.Errorf("waited for %+v", w)
		}
	}
	if len(answers) == 0 {
		t.Error("the file gate asked nothing")
	}
	if stop.Reason != want.Reason || stop.Text != want.Text || stop.Usage.Calls != want.Usage.Calls {
		t.Errorf("stopped %+v, with the automatic gate %+v", stop, want)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "spec.md"))
	auto2, _ := os.ReadFile(filepath.Join(autoDir, "spec.md"))
	if string(got) != string(auto2) {
		t.Error("the document differs from the automatic gate's")
	}
}
