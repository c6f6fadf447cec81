package cli

import "fmt"

// Gate returns the gate a -gate value names, with its default: "ask" on
// a terminal, "file" otherwise (so a command never blocks without one).
func Gate(value string, interactive bool) string {
	switch {
	case value != "":
		return value
	case interactive:
		return "ask"
	}
	return "file"
}

// Gates are the gates a -gate value chooses among, T a loop.Approver or a
// loop.Asker: each function makes one.
type Gates[T any] struct {
	Ask, File, Auto func() T
	// Default is the gate of an empty -gate ("" : Gate's default).
	Default string
	// AskAnywhere asks even without a terminal, where the gate falls back
	// to File otherwise.
	AskAnywhere bool
}

// ChooseGate returns the gate value names (Gate, g.Default first); ask
// without a terminal (interactive false) is the file gate, said on
// stderr, so that the command never blocks. A value other than ask, file
// and auto is an error.
func ChooseGate[T any](a *App, value string, interactive bool, g Gates[T]) (T, error) {
	if value == "" {
		value = g.Default
	}
	switch v := Gate(value, interactive); v {
	case "ask":
		if interactive || g.AskAnywhere {
			return g.Ask(), nil
		}
		fmt.Fprintf(a.Stderr, "%s: -gate ask needs a terminal; using the file gate\n", a.Name)
		return g.File(), nil
	case "file":
		return g.File(), nil
	case "auto":
		return g.Auto(), nil
	default:
		var zero T
		return zero, fmt.Errorf("-gate %q: want ask, file or auto", v)
	}
}
