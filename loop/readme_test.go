package loop_test

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeGoDocCommands: every `go doc ...` command the README tells
// people to run works (go doc prints no examples, so naming one fails).
func TestReadmeGoDocCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go doc")
	}
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	cmds := regexp.MustCompile("`(go doc [^`]+)`").FindAllStringSubmatch(string(readme), -1)
	if len(cmds) == 0 {
		t.Fatal("the README names no go doc command")
	}
	for _, m := range cmds {
		args := strings.Fields(m[1])[1:]
		cmd := exec.Command("go", args...)
		cmd.Dir = ".."
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("the README's `%s` fails: %v\n%s", m[1], err, out)
		}
	}
}
