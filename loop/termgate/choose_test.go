package termgate_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
	"github.com/kaigi-dev/kaigi/loop/termgate"
)

// own is a caller's terminal gate.
type own struct{ loop.AutoAsker }

func (own) Approve(context.Context, rounds.Batch) ([]rounds.Decision, error) { return nil, nil }

// TestChoose: each mode gives its asker and approver; the default is the
// terminal when interactive and the files otherwise; a caller's own
// terminal gate is used; the refusals name what is missing.
func TestChoose(t *testing.T) {
	dir := t.TempDir()
	term := termgate.Config{Dir: dir, Interactive: true, In: strings.NewReader(""), Out: io.Discard}
	pipe := term
	pipe.Interactive = false
	mine := term
	mine.Terminal = own{}
	for _, tc := range []struct {
		mode string
		c    termgate.Config
		want termgate.Mode
		typ  string
	}{
		{"", term, termgate.Terminal, "*termgate.Gate"},
		{"", pipe, termgate.File, "termgate.files"},
		{"terminal", term, termgate.Terminal, "*termgate.Gate"},
		{"ask", mine, termgate.Terminal, "termgate_test.own"},
		{"", mine, termgate.Terminal, "termgate_test.own"},
		{"file", term, termgate.File, "termgate.files"},
		{"auto", pipe, termgate.Auto, "rounds.AutoGate"}, // the loop's own type, which drivers recognise
	} {
		g, m, err := termgate.Choose(termgate.Mode(tc.mode), tc.c)
		if err != nil || m != tc.want || fmt.Sprintf("%T", g) != tc.typ {
			t.Errorf("%q interactive=%v: %T %q %v, want %s %q", tc.mode, tc.c.Interactive, g, m, err, tc.typ, tc.want)
		}
	}
	for _, tc := range []struct {
		mode string
		c    termgate.Config
		want error
		text string
	}{
		{"terminal", pipe, termgate.ErrNotTerminal, "needs input and output on a terminal"},
		{"ask", termgate.Config{Terminal: own{}}, termgate.ErrNotTerminal, "terminal"},
		{"yes", term, termgate.ErrUnknownMode, `"yes" (want auto, file or terminal)`},
		{"file", termgate.Config{}, nil, "Config.Dir"},
		{"", termgate.Config{}, nil, "Config.Dir"},
		{"terminal", termgate.Config{Interactive: true}, nil, "Config.In"},
	} {
		_, _, err := termgate.Choose(termgate.Mode(tc.mode), tc.c)
		if err == nil || tc.want != nil && !errors.Is(err, tc.want) || !strings.Contains(err.Error(), tc.text) {
			t.Errorf("%q %+v: %v, want %v with %q", tc.mode, tc.c, err, tc.want, tc.text)
		}
	}
}

// TestChooseFile: the file mode asks through the run folder's files: a
// question waits in questions.json, pending findings wait for the
// decisions file, named by Config.Decisions.
func TestChooseFile(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	g, _, err := termgate.Choose(termgate.File, termgate.Config{Dir: dir, Decisions: "my-decisions.json"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Ask(ctx, choice); !errors.Is(err, loop.ErrWaiting) {
		t.Fatalf("ask: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, loop.QuestionsFile)); err != nil {
		t.Error(err)
	}
	os.WriteFile(filepath.Join(dir, "my-decisions.json"), []byte(`[{"key": "r1/a/F1", "action": "reject", "reason": "no"}]`), 0o644)
	d, err := g.Approve(ctx, rounds.Batch{Round: 1, Items: []loop.Item{item("r1/a/F1", 0, true)}})
	if err != nil || len(d) != 1 || d[0].Action != rounds.Reject {
		t.Errorf("approve: %+v %v", d, err)
	}
	g, _, _ = termgate.Choose(termgate.Auto, termgate.Config{})
	if a, err := g.Ask(ctx, choice); err != nil || a.Choice != "continue" {
		t.Errorf("auto: %+v %v", a, err)
	}
}

// TestModeResolve: the mode Choose takes each mode for, on a terminal and
// off one.
func TestModeResolve(t *testing.T) {
	for _, c := range []struct {
		m           termgate.Mode
		interactive bool
		want        termgate.Mode
	}{
		{termgate.Default, true, termgate.Terminal},
		{termgate.Default, false, termgate.File},
		{"ask", false, termgate.Terminal},
		{termgate.Terminal, false, termgate.Terminal},
		{termgate.File, true, termgate.File},
		{termgate.Auto, true, termgate.Auto},
		{"nonsense", true, "nonsense"},
	} {
		if got := c.m.Resolve(c.interactive); got != c.want {
			t.Errorf("Mode(%q).Resolve(%v) = %q, want %q", c.m, c.interactive, got, c.want)
		}
	}
}
