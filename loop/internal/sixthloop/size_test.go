package sixthloop

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestCodeLines keeps the sixth loop within the 120 code lines (neither
// blank nor comment) that issue 24 sets as the goal for a loop written on
// the kernel's exported API; the README gives the figure.
func TestCodeLines(t *testing.T) {
	f, err := os.Open("sixthloop.go")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	for s := bufio.NewScanner(f); s.Scan(); {
		if l := strings.TrimSpace(s.Text()); l != "" && !strings.HasPrefix(l, "//") {
			n++
		}
	}
	readme, err := os.ReadFile("../../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if n > 120 {
		t.Errorf("sixthloop.go has %d code lines, over the goal of 120", n)
	}
	if !strings.Contains(string(readme), fmt.Sprintf("`loop/internal/sixthloop` (%d code lines)", n)) {
		t.Errorf("README does not give the sixth loop's %d code lines", n)
	}
}
