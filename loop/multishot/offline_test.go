package multishot

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
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

// TestFailedToolIsSkippedReviewer: a tool that fails is a skipped reviewer
// of the shot, listed with what it wrote; the other tools' findings are
// kept, and the slice is not done (never "clean"). A tool not installed is
// listed as not run and changes nothing else.
func TestFailedToolIsSkippedReviewer(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	r := sampleRepo(t)
	out := filepath.Join(t.TempDir(), "lint.txt")
	os.WriteFile(out, []byte("app/main.go:6:2: error: result of os.Open dropped\n"), 0o644)
	rev := OfflineReviewer{NoVet: true, Tools: []tools.Command{
		{Name: "lint", Args: []string{"cat", out}, Format: tools.Lines},
		{Name: "broken", Args: []string{"sh", "-c", `echo "go: go.mod requires go >= 1.99" >&2; exit 1`}, Format: tools.Lines},
		{Name: "absent", Args: []string{"kaigi-no-such-linter"}, Format: tools.SARIF},
	}}
	for _, mode := range []Mode{Report, Barrier} {
		sum := run(t, &Loop{Reviewer: rev, Classifier: fixedSlices(codeSlice), Mode: mode, Asker: always(ChoiceFixed, "")}, r)
		notes := strings.Join(sum.Notes, "\n")
		if sum.OK || !strings.Contains(notes, "broken") || !strings.Contains(notes, "go.mod requires go >= 1.99") || !strings.Contains(notes, "absent") {
			t.Errorf("%s: ok=%t, notes:\n%s", mode, sum.OK, notes)
		}
		if len(sum.Findings) != 1 || sum.Findings[0].Source != "lint" {
			t.Errorf("%s: findings %+v", mode, sum.Findings)
		}
		if st := sum.Slices[0]; st.Status != Failed || !strings.Contains(st.Error, "broken") {
			t.Errorf("%s: slice %+v", mode, st)
		}
		if sk := sum.Waves[0].Shots[0].Skipped; len(sk) != 2 {
			t.Errorf("%s: the shot's skipped reviewers %+v", mode, sk)
		}
	}
}
