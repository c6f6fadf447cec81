package multishot

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/kaigi-dev/kaigi/providers/tools"
)

// TestOfflineReviewerTools: an external tool's diagnostics become the
// slice's findings, levels from its severities, only on changed lines; a
// tool not installed is left out.
func TestOfflineReviewerTools(t *testing.T) {
	if _, err := exec.LookPath("cat"); err != nil {
		t.Skip("no cat")
	}
	r := sampleRepo(t)
	out := filepath.Join(t.TempDir(), "lint.txt")
	os.WriteFile(out, []byte("app/main.go:6:2: error: result of os.Open dropped\r\napp/main.go:1:1: old news on an unchanged line\napp/main.go:7:2: warning: Close unchecked\n"), 0o644)
	rev := OfflineReviewer{NoVet: true, Tools: []tools.Command{
		{Name: "lint", Args: []string{"cat", out}, Format: tools.Lines},
		{Args: []string{"kaigi-no-such-linter"}, Format: tools.SARIF},
	}}
	sum := run(t, &Loop{Reviewer: rev, Classifier: fixedSlices(codeSlice), Mode: Report}, r)
	var got []string
	for _, f := range sum.Findings {
		got = append(got, string(f.Severity)+" "+f.Location.Lines().String()+" "+f.Title+" ("+f.Source+")")
	}
	want := []string{"P1 6 result of os.Open dropped (lint)", "P2 7 Close unchecked (lint)"}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("findings %q, want %q", got, want)
	}
}
