package cli

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
	"github.com/kaigi-dev/kaigi/loop/termgate"
)

// terminal is the caller's own terminal gate of the tests.
type terminal struct{ loop.AutoAsker }

func (terminal) Approve(context.Context, rounds.Batch) ([]rounds.Decision, error) { return nil, nil }

// TestChooseGate: each -gate value and the empty one, with and without a
// terminal; ask's fallback to the file gate without one (said on stderr),
// and a command that asks anyway; a value that is none of the three.
func TestChooseGate(t *testing.T) {
	for _, c := range []struct {
		value       string
		interactive bool
		want        termgate.Mode
		note        string
	}{
		{value: "", interactive: true, want: termgate.Terminal},
		{value: "", interactive: false, want: termgate.File},
		{value: "ask", interactive: true, want: termgate.Terminal},
		{value: "ask", interactive: false, want: termgate.File, note: "cmd: -gate ask needs a terminal; using the file gate\n"},
		{value: "file", interactive: true, want: termgate.File},
		{value: "auto", interactive: true, want: termgate.Auto},
		{value: "auto", interactive: false, want: termgate.Auto},
	} {
		var stderr bytes.Buffer
		a := New("cmd", nil, io.Discard, &stderr)
		dir := t.TempDir()
		g, mode, err := a.ChooseGate(c.value, termgate.Config{Dir: dir, Decisions: "d.json", Interactive: c.interactive, Terminal: terminal{}})
		if err != nil || mode != c.want || stderr.String() != c.note {
			t.Errorf("%+v: mode %q, %v, stderr %q", c, mode, err, stderr.String())
			continue
		}
		switch mode {
		case termgate.Terminal:
			if _, ok := g.(terminal); !ok {
				t.Errorf("%+v: the terminal gate is %T, not Config.Terminal", c, g)
			}
		case termgate.File: // the questions and the decisions are in the run folder
			if _, err := g.Ask(context.Background(), loop.Question{Key: "q", Kind: loop.Confirm, Prompt: "go on?"}); !errors.Is(err, loop.ErrWaiting) {
				t.Errorf("%+v: file gate's Ask: %v", c, err)
			}
			if _, err := os.Stat(filepath.Join(dir, loop.QuestionsFile)); err != nil {
				t.Errorf("%+v: %v", c, err)
			}
		}
	}
	for _, value := range []string{"maybe", "terminal"} {
		var stderr bytes.Buffer
		a := New("cmd", nil, io.Discard, &stderr)
		if _, _, err := a.ChooseGate(value, termgate.Config{Dir: t.TempDir(), Interactive: true, Terminal: terminal{}}); err == nil || err.Error() != `-gate "`+value+`": want ask, file or auto` {
			t.Errorf("-gate %s: %v", value, err)
		}
		if stderr.Len() > 0 {
			t.Errorf("-gate %s: stderr %q", value, stderr.String())
		}
	}
}

// TestGateMode: the flag's values are termgate's modes, "ask" its
// Terminal.
func TestGateMode(t *testing.T) {
	for value, want := range map[string]termgate.Mode{"": termgate.Default, "ask": termgate.Terminal, "file": termgate.File, "auto": termgate.Auto} {
		if got, err := GateMode(value); err != nil || got != want {
			t.Errorf("GateMode(%q) = %q, %v; want %q", value, got, err, want)
		}
	}
}
