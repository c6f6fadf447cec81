package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/examples/internal/cli"
	"github.com/kaigi-dev/kaigi/examples/internal/termui"
	"github.com/kaigi-dev/kaigi/loop"
)

// TestAskerAsksAnywhere: -gate ask asks on stdin even when it is no
// terminal (the triage's answers piped in), with no note; no -gate
// without a terminal is the session's files; an unknown -gate is refused.
func TestAskerAsksAnywhere(t *testing.T) {
	for _, c := range []struct {
		gate string
		ask  bool
	}{{"ask", true}, {"", false}, {"file", false}} {
		var stderr bytes.Buffer
		o := &options{App: cli.New("multi-shot-review", nil, io.Discard, &stderr), dir: t.TempDir(), gate: c.gate}
		a, err := o.asker(false, strings.NewReader(""), io.Discard)
		if err != nil || stderr.Len() > 0 {
			t.Fatalf("-gate %q: %v, stderr %q", c.gate, err, stderr.String())
		}
		if _, isTerm := a.(termui.Gate); isTerm != c.ask {
			t.Errorf("-gate %q: the asker is %T", c.gate, a)
		}
		if !c.ask { // the files: the question waits in -dir
			if _, err := a.Ask(context.Background(), loop.Question{Key: "q", Kind: loop.Confirm, Prompt: "go on?"}); !errors.Is(err, loop.ErrWaiting) {
				t.Errorf("-gate %q: Ask: %v", c.gate, err)
			}
			if _, err := os.Stat(filepath.Join(o.dir, loop.QuestionsFile)); err != nil {
				t.Errorf("-gate %q: %v", c.gate, err)
			}
		}
	}
	o := &options{App: cli.New("multi-shot-review", nil, io.Discard, io.Discard), dir: t.TempDir(), gate: "maybe"}
	if _, err := o.asker(true, nil, io.Discard); err == nil || err.Error() != `-gate "maybe": want ask, file or auto` {
		t.Errorf("-gate maybe: %v", err)
	}
}
