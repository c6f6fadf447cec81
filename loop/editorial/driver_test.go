package editorial_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/editorial"
)

// TestDriverWaitsAndResumes: the Editorial Swarm as a loop.Driver stops
// at the file gate naming the round's pending.json and the decisions
// file, resumes with the answer written there to the end, and starts anew
// when asked to resume a run never started.
func TestDriverWaitsAndResumes(t *testing.T) {
	dir := filepath.Dir(writeDoc(t, chainDoc))
	d := editorial.NewDriver(func(editorial.Args) (*editorial.Loop, error) {
		return &editorial.Loop{Council: chainCouncil()}, nil
	})
	args, _ := json.Marshal(editorial.Args{Documents: []string{"article.md"}})
	ctx := context.Background()
	if _, err := d.Run(ctx, dir, args, true); !errors.Is(err, loop.ErrNotStarted) {
		t.Fatalf("resume before any run: %v, want ErrNotStarted", err)
	}
	stop, err := loop.StartOrResume(ctx, d, dir, args, true)
	if err != nil {
		t.Fatal(err)
	}
	if stop.Reason != string(loop.AwaitingDecisions) || stop.Question != ".editorial/round-1/pending.json" || stop.Answer != ".editorial/decisions.json" || stop.Usage.Calls == 0 {
		t.Fatalf("first run stopped %+v, want waiting at the gate", stop)
	}
	var pending []map[string]string
	if err := json.Unmarshal([]byte(readFile(t, filepath.Join(dir, stop.Question))), &pending); err != nil {
		t.Fatal(err)
	}
	for _, p := range pending {
		p["action"], p["reason"] = "reject", "our own survey"
	}
	b, _ := json.Marshal(pending)
	if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(stop.Answer)), b, 0o644); err != nil {
		t.Fatal(err)
	}
	stop, err = d.Run(ctx, dir, args, true)
	if err != nil || stop.Reason != string(loop.Converged) || stop.Waiting() {
		t.Fatalf("resumed: %+v, %v; want converged", stop, err)
	}
	if !slices.Contains(stop.Artifacts, ".editorial/summary.md") || stop.Text != "converged: every high finding was applied or rejected" {
		t.Errorf("artifacts %q, text %q: want summary.md and the stop in words", stop.Artifacts, stop.Text)
	}
	if got, want := readFile(t, filepath.Join(dir, "article.md")), "# 題名\r\nbeta の行。\r\ngamma の行。\r\n数字は 42% です。\r\n"; got != want {
		t.Errorf("document %q, want %q", got, want)
	}
}

// TestDriverRefusesBadArgs: documents outside the folder, no documents,
// an unknown gate.
func TestDriverRefusesBadArgs(t *testing.T) {
	d := editorial.NewDriver(func(editorial.Args) (*editorial.Loop, error) { return &editorial.Loop{Council: chainCouncil()}, nil })
	for _, a := range []editorial.Args{{}, {Documents: []string{"../article.md"}}, {Documents: []string{"a.md"}, Gate: "terminal"}, {Documents: []string{"a.md"}, Dir: "/tmp/run"}} {
		args, _ := json.Marshal(a)
		if _, err := d.Run(context.Background(), t.TempDir(), args, false); err == nil {
			t.Errorf("%+v: no error", a)
		}
	}
}
