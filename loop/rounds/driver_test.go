package rounds_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// TestReviewFolder: the run folder, the decisions file and the documents
// resolve inside the Driver's folder; the gate the arguments name becomes
// the loop's gate; Stop answers in the folder's decisions file; an
// unknown gate or a path that leaves the folder is refused.
func TestReviewFolder(t *testing.T) {
	dir := t.TempDir()
	f, err := rounds.NewReviewFolder(dir, "", ".run", "decisions.json", "docs/a.md", "b.md")
	if err != nil {
		t.Fatal(err)
	}
	if f.Run != filepath.Join(dir, ".run") || f.Decisions != filepath.Join(dir, ".run", "decisions.json") ||
		!slices.Equal(f.Docs, []string{filepath.Join(dir, "docs", "a.md"), filepath.Join(dir, "b.md")}) || !f.FileGate {
		t.Errorf("folder %+v", f)
	}
	if g, ok := f.Gate().(rounds.FileGate); !ok || g.Path != f.Decisions {
		t.Errorf("file gate %#v", f.Gate())
	}
	os.MkdirAll(filepath.Join(dir, ".run", "round-1"), 0o755)
	os.WriteFile(filepath.Join(dir, ".run", "round-1", "pending.json"), []byte("{}"), 0o644)
	stop, err := f.Stop(&rounds.Outcome{Reason: loop.AwaitingDecisions, Rounds: 1}, nil)
	if err != nil || stop.Question != ".run/round-1/pending.json" || stop.Answer != ".run/decisions.json" {
		t.Errorf("stop %+v, %v", stop, err)
	}
	auto, err := rounds.NewReviewFolder(dir, loop.GateAuto, ".run", "decisions.json", "b.md")
	if _, ok := auto.Gate().(rounds.AutoGate); err != nil || !ok || auto.FileGate {
		t.Errorf("auto gate %#v, %v", auto.Gate(), err)
	}
	if a, ok := f.Asker().(loop.FileAsker); !ok || a.Dir != f.Run {
		t.Errorf("file asker %#v", f.Asker())
	}
	if _, ok := auto.Asker().(loop.AutoAsker); !ok {
		t.Errorf("auto asker %#v", auto.Asker())
	}
	if _, err := rounds.NewReviewFolder(dir, "maybe", ".run", "d.json", "b.md"); err == nil {
		t.Error("an unknown gate was taken")
	}
	if _, err := rounds.NewReviewFolder(dir, "", ".run", "d.json", "../b.md"); err == nil {
		t.Error("a document outside the folder was taken")
	}
}

// configured is a loop with what Configure sets.
type configured struct {
	Dir   string
	Gate  rounds.Approver
	Asker loop.Asker
}

// TestConfigure: Configure sets the run folder and the gate and asker the
// arguments name on configure's loop, keeps configure's own gate and
// asker for loop.GateOwn, sets only the fields it is given, and returns
// the folder's error without calling configure and configure's as it is.
func TestConfigure(t *testing.T) {
	dir := t.TempDir()
	own := &configured{Gate: rounds.AutoGate{}, Asker: loop.AutoAsker{}}
	calls := 0
	open := func(gate loop.DriverGate, docs []string, fields func(*configured) rounds.DriverLoop) (*configured, rounds.ReviewFolder, error) {
		l := *own
		return rounds.Configure(dir, gate, ".run", "decisions.json", docs,
			func() (*configured, error) { calls++; return &l, nil }, fields)
	}
	all := func(l *configured) rounds.DriverLoop {
		return rounds.DriverLoop{Dir: &l.Dir, Gate: &l.Gate, Asker: &l.Asker}
	}
	l, f, err := open(loop.GateFile, []string{"a.md"}, all)
	if err != nil {
		t.Fatal(err)
	}
	if g, ok := l.Gate.(rounds.FileGate); l.Dir != filepath.Join(dir, ".run") || f.Run != l.Dir || !ok || g.Path != f.Decisions || l.Asker != (loop.FileAsker{Dir: f.Run}) {
		t.Errorf("file gate: loop %+v, folder %+v", l, f)
	}
	if l, _, err := open(loop.GateOwn, []string{"a.md"}, all); err != nil || l.Dir != filepath.Join(dir, ".run") || l.Gate != own.Gate || l.Asker != own.Asker {
		t.Errorf("own gate: loop %+v, %v", l, err)
	}
	if l, _, err := open(loop.GateFile, []string{"a.md"}, func(l *configured) rounds.DriverLoop { return rounds.DriverLoop{Gate: &l.Gate} }); err != nil || l.Dir != "" || l.Asker != own.Asker {
		t.Errorf("the gate alone: loop %+v, %v", l, err)
	}
	calls = 0
	if _, _, err := open("maybe", []string{"a.md"}, all); err == nil || calls != 0 {
		t.Errorf("an unknown gate: %v, configure called %d time(s)", err, calls)
	}
	if _, _, err := open(loop.GateFile, []string{"../a.md"}, all); err == nil || calls != 0 {
		t.Errorf("a document outside the folder: %v, configure called %d time(s)", err, calls)
	}
	failed := errors.New("no such reviewer")
	if _, _, err := rounds.Configure(dir, loop.GateFile, ".run", "decisions.json", []string{"a.md"},
		func() (*configured, error) { return nil, failed }, all); err != failed {
		t.Errorf("configure's error: %v", err)
	}
}
