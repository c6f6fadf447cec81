package tools

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
)

// TestFailedToolIsAnError: a tool that exits non-zero without a
// diagnostic that parses (go vet on a go.mod that needs a newer Go) is an
// error carrying what it wrote, never a clean run; so is a SARIF result
// without a location.
func TestFailedToolIsAnError(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	dir := t.TempDir()
	sarif := filepath.Join(dir, "out.sarif")
	os.WriteFile(sarif, []byte(`{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"lint"}},"results":[
		{"ruleId":"R1","level":"error","message":{"text":"placed"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"a.go"},"region":{"startLine":3}}}]},
		{"ruleId":"compile","level":"error","message":{"text":"could not load package example.com/x"}}]}]}`), 0o644)
	for _, c := range []struct {
		cmd  Command
		want string
	}{
		{Command{Name: "vet", Args: []string{"sh", "-c", `echo "go: go.mod requires go >= 1.99 (running go 1.26)" >&2; exit 1`}, Format: Lines}, "go.mod requires go >= 1.99"},
		{Command{Name: "vet", Args: []string{"sh", "-c", `echo "go: go.mod requires go >= 1.99 (running go 1.26)" >&2; exit 1`}, Format: Lines, Stderr: true}, "go.mod requires go >= 1.99"},
		{Command{Name: "lint", Args: []string{"cat", sarif}, Format: SARIF}, "could not load package example.com/x"},
	} {
		ds, err := c.cmd.Run(context.Background(), dir)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), c.cmd.Name) {
			t.Errorf("%v: diagnostics %v, error %v; want an error naming the tool with %q", c.cmd.Args, ds, err, c.want)
		}
	}
	// Parse alone still leaves unplaced results out.
	data, _ := os.ReadFile(sarif)
	if ds, err := Parse(SARIF, data, dir); err != nil || len(ds) != 1 {
		t.Errorf("Parse: %v %v", ds, err)
	}
}

// TestReviewerGivesPackages: Reviewer gives a Packages tool the target's
// package, not its file.
func TestReviewerGivesPackages(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	r := Reviewer{Dir: t.TempDir(), Command: Command{Name: "typed", Format: Lines, Packages: true,
		Args: []string{"sh", "-c", `echo "p/p_test.go:1: given $1"`, "sh"}}}
	rv, err := r.Review(context.Background(), agent.Target{Path: "p/p_test.go"})
	if err != nil || len(rv.Report.Findings) != 1 || !strings.HasPrefix(rv.Report.Findings[0].Issue, "given ./p ") {
		t.Errorf("%+v %v", rv.Report.Findings, err)
	}
}
