package cli

import (
	"os"
	"strings"
)

// Program is how the user ran this command, for the commands it prints
// in its hints: its path as arg0 gives it, or goRun ("go run
// ./examples/editorial-swarm") when "go run" built it in a temporary
// folder.
func Program(goRun string) string {
	if strings.Contains(os.Args[0], "go-build") {
		return goRun
	}
	return ShellQuote(os.Args[0])
}

// ShellQuote quotes s for a POSIX shell when it needs quoting.
func ShellQuote(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"\\$`!*?[]{}()<>|&;#~") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
