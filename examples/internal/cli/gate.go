package cli

import (
	"errors"
	"fmt"

	"github.com/kaigi-dev/kaigi/loop/termgate"
)

// GateMode returns the termgate.Mode a -gate value names: "ask" is
// termgate.Terminal, "file" and "auto" are termgate.File and
// termgate.Auto, and "" is termgate.Default (the terminal when there is
// one, the files otherwise). Any other value, "terminal" included, is an
// error naming the three.
func GateMode(value string) (termgate.Mode, error) {
	switch value {
	case "":
		return termgate.Default, nil
	case "ask":
		return termgate.Terminal, nil
	case "file":
		return termgate.File, nil
	case "auto":
		return termgate.Auto, nil
	}
	return "", fmt.Errorf("-gate %q: want ask, file or auto", value)
}

// ChooseGate returns who answers the run's questions and approves its
// findings as the -gate value says (GateMode), made by termgate.Choose
// with c, and the mode chosen (never termgate.Default). -gate ask
// without a terminal (c.Interactive false) is the file gate, said on
// a.Stderr, so that the command never waits on an input nobody types
// into; a command that asks even then sets c.Interactive for -gate ask.
// The errors are GateMode's and termgate.Choose's.
func (a *App) ChooseGate(value string, c termgate.Config) (termgate.Asking, termgate.Mode, error) {
	m, err := GateMode(value)
	if err != nil {
		return nil, "", err
	}
	g, mode, err := termgate.Choose(m, c)
	if errors.Is(err, termgate.ErrNotTerminal) {
		fmt.Fprintf(a.Stderr, "%s: -gate ask needs a terminal; using the file gate\n", a.Name)
		return termgate.Choose(termgate.File, c)
	}
	return g, mode, err
}
