package loop_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
)

// TestStartOrResume: a resume that finds no run started starts it anew;
// any other resume error is returned as it is, and a start is not retried.
func TestStartOrResume(t *testing.T) {
	var calls []bool
	d := func(err error) loop.Driver {
		calls = nil
		return loop.DriverFunc(func(_ context.Context, _ string, _ json.RawMessage, resume bool) (loop.Stop, error) {
			calls = append(calls, resume)
			if resume {
				return loop.Stop{}, err
			}
			return loop.Stop{Reason: "started"}, nil
		})
	}
	ctx := context.Background()
	stop, err := loop.StartOrResume(ctx, d(fmt.Errorf("x: %w", loop.ErrNotStarted)), t.TempDir(), nil, true)
	if err != nil || stop.Reason != "started" || !slices.Equal(calls, []bool{true, false}) {
		t.Errorf("not started: %+v, %v, calls %v; want started anew", stop, err, calls)
	}
	if _, err := loop.StartOrResume(ctx, d(loop.ErrRunFinished), t.TempDir(), nil, true); !errors.Is(err, loop.ErrRunFinished) || len(calls) != 1 {
		t.Errorf("finished: %v, calls %v; want ErrRunFinished and no start", err, calls)
	}
	if _, err := loop.StartOrResume(ctx, d(nil), t.TempDir(), nil, false); err != nil || !slices.Equal(calls, []bool{false}) {
		t.Errorf("start: %v, calls %v", err, calls)
	}
}

// TestDriverPath: a Driver's paths stay inside its folder.
func TestDriverPaths(t *testing.T) {
	dir := t.TempDir()
	if p, err := loop.DriverPaths(dir, "docs/記事.md", "a.md"); err != nil || !slices.Equal(p, []string{filepath.Join(dir, "docs", "記事.md"), filepath.Join(dir, "a.md")}) {
		t.Errorf("docs/記事.md: %q, %v", p, err)
	}
	for _, bad := range []string{"", "/etc/passwd", "../x", "a/../b", "a//b", "./a", `a\b`} {
		if _, err := loop.DriverPaths(dir, "a.md", bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestDriverGateAndArgs: the gate's names, and arguments decoded with
// the driver's name in the error.
func TestDriverGateAndArgs(t *testing.T) {
	for g, want := range map[loop.DriverGate]bool{"": true, loop.GateFile: true, loop.GateAuto: false} {
		if file, err := g.File(); err != nil || file != want {
			t.Errorf("%q: %v, %v", g, file, err)
		}
	}
	if _, err := loop.DriverGate("terminal").File(); err == nil {
		t.Error("terminal: no error")
	}
	type args struct {
		Documents []string `json:"documents"`
	}
	if a, err := loop.DriverArgs[args]("x", nil); err != nil || a.Documents != nil {
		t.Errorf("no args: %+v, %v", a, err)
	}
	if a, err := loop.DriverArgs[args]("x", json.RawMessage(`{"documents":["a.md"]}`)); err != nil || !slices.Equal(a.Documents, []string{"a.md"}) {
		t.Errorf("args: %+v, %v", a, err)
	}
	if _, err := loop.DriverArgs[args]("editorial", json.RawMessage(`{"documents":"a.md"}`)); err == nil || err.Error()[:20] != "editorial arguments:" {
		t.Errorf("bad args: %v", err)
	}
}

// TestDriverArtifacts: paths under the folder, slash-separated; others
// and empty ones left out.
func TestDriverArtifacts(t *testing.T) {
	dir, other := t.TempDir(), t.TempDir()
	os.MkdirAll(filepath.Join(dir, "run"), 0o755)
	for _, f := range []string{filepath.Join(dir, "run", "summary.md"), filepath.Join(dir, "a.md"), filepath.Join(other, "elsewhere.md")} {
		os.WriteFile(f, nil, 0o644)
	}
	got := loop.DriverArtifacts(dir, filepath.Join(dir, "run", "summary.md"), "", filepath.Join(other, "elsewhere.md"), filepath.Join(dir, "missing.md"), filepath.Join(dir, "a.md"))
	if want := []string{"run/summary.md", "a.md"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestDriverGateAsker: the file gate's asker answers from the run folder,
// auto's by default, and another gate is File's error.
func TestDriverGateAsker(t *testing.T) {
	if a, err := loop.DriverGate("").Asker("run"); err != nil || a != (loop.FileAsker{Dir: "run"}) {
		t.Errorf(`"": %#v %v`, a, err)
	}
	if a, err := loop.GateAuto.Asker("run"); err != nil || a != (loop.AutoAsker{}) {
		t.Errorf("auto: %#v %v", a, err)
	}
	if _, err := loop.DriverGate("ask").Asker("run"); err == nil || !strings.Contains(err.Error(), `gate "ask"`) {
		t.Errorf("ask: %v", err)
	}
}

// TestDriverGateSetAsker: SetAsker sets the asker the gate names, but
// for GateOwn, which keeps the one set; an unknown gate is an error that
// leaves it.
func TestDriverGateSetAsker(t *testing.T) {
	own := loop.Asker(loop.AskFunc(func(context.Context, loop.Question) (loop.Answer, error) { return loop.Answer{Choice: "mine"}, nil }))
	for _, c := range []struct {
		gate loop.DriverGate
		want loop.Asker // nil: own
		err  bool
	}{
		{gate: "", want: loop.FileAsker{Dir: "run"}},
		{gate: loop.GateFile, want: loop.FileAsker{Dir: "run"}},
		{gate: loop.GateAuto, want: loop.AutoAsker{}},
		{gate: loop.GateOwn},
		{gate: "ask", err: true},
	} {
		a := own
		err := c.gate.SetAsker(&a, "run")
		if (err != nil) != c.err {
			t.Errorf("%q: %v", c.gate, err)
		}
		if c.want == nil {
			if ans, _ := a.Ask(context.Background(), loop.Question{}); ans.Choice != "mine" {
				t.Errorf("%q replaced the asker with %#v", c.gate, a)
			}
		} else if a != c.want {
			t.Errorf("%q: %#v, want %#v", c.gate, a, c.want)
		}
	}
}
