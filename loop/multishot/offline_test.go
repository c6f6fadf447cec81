package multishot

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/providers/offline"
	"github.com/kaigi-dev/kaigi/providers/tools"
)

// TestOfflineReviewerTools: an external tool's diagnostics become the
// slice's findings, levels from its severities, only on changed lines; a
// tool not installed is left out.
func TestOfflineReviewerTools(t *testing.T) {
	needs(t, "cat")
	r := sampleRepo(t)
	out := lintOutput(t, "app/main.go:6:2: error: result of os.Open dropped\r\napp/main.go:1:1: old news on an unchanged line\napp/main.go:7:2: warning: Close unchecked\n")
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
	needs(t, "sh", "cat")
	r := sampleRepo(t)
	out := lintOutput(t, "app/main.go:6:2: error: result of os.Open dropped\n")
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

// bugTool reports every line holding BUG in the files it is given, read
// from the disk as a linter reads them.
var bugTool = tools.Command{Name: "bugs", Format: tools.Lines,
	Args: []string{"sh", "-c", `for f; do grep -n BUG "$f" | while IFS=: read -r n rest; do echo "$f:$n: BUG here"; done; done; exit 0`, "sh"}}

// TestToolsRunOnEveryTargetKind: tools review a commit that is not the
// checkout, and a branch whose working tree has changed since, in a tree
// of the reviewed commit (not the working tree's files); on a clean
// checkout of the reviewed commit, in the checkout. The tree made is
// removed at the run's end.
func TestToolsRunOnEveryTargetKind(t *testing.T) {
	needs(t, "sh")
	r := newRepo(t)
	r.write("app/main.go", "package main\n\nfunc main() {}\n")
	r.commit("base")
	r.git("checkout", "-q", "-b", "feature")
	r.write("app/main.go", "package main\n\nfunc main() {\n\t// BUG: the reviewed commit's\n}\n")
	bug := r.commit("the bug")
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	rev := OfflineReviewer{NoVet: true, Tools: []tools.Command{bugTool}}
	review := func(target Target) *Summary {
		t.Helper()
		l := &Loop{Dir: filepath.Join(t.TempDir(), "s"), Reviewer: rev, Classifier: fixedSlices(codeSlice), Mode: Report}
		sum, err := l.Run(context.Background(), target, "task")
		if err != nil {
			t.Fatal(err)
		}
		return sum
	}
	check := func(what string, sum *Summary) {
		t.Helper()
		if len(sum.Findings) != 1 || sum.Findings[0].Location.StartLine != 4 || sum.Findings[0].Source != "bugs" {
			t.Errorf("%s: findings %+v, notes %q", what, sum.Findings, sum.Notes)
		}
		if left, _ := os.ReadDir(tmp); len(left) > 0 {
			t.Errorf("%s: left %s in the temporary folder", what, left[0].Name())
		}
	}
	check("base, clean checkout", review(Target{Repo: r.dir, Kind: Base, Ref: "main"}))
	// The working tree moves on: the commit's content is reviewed still.
	r.write("app/main.go", "package main\n\nfunc main() {\n\t// fixed in the working tree\n}\n")
	check("base, changed working tree", review(Target{Repo: r.dir, Kind: Base, Ref: "main"}))
	r.write("app/main.go", "package main\n\nfunc main() {\n\t// BUG: the reviewed commit's\n}\n")
	r.git("checkout", "-q", "main")
	check("commit, not the checkout", review(Target{Repo: r.dir, Kind: Commit, Ref: bug}))
	if r.read("app/main.go") != "package main\n\nfunc main() {}\n" || r.git("status", "--porcelain") != "" {
		t.Error("the review changed the checkout")
	}
}

// TestPackagesTool: a tool that type-checks (Command.Packages, go vet) is
// given the packages of the slice's Go files, test files' included, not
// the files; a slice without Go files does not run it.
func TestPackagesTool(t *testing.T) {
	needs(t, "sh")
	r := newRepo(t)
	r.write("app/main.go", "package main\n")
	r.write("lib/x.go", "package lib\n")
	r.write("README.md", "# r\n")
	r.commit("base")
	r.write("app/main.go", "package main\n\nfunc main() {}\n")
	r.write("lib/x_test.go", "package lib\n\nfunc helperUsed() {}\n")
	r.write("README.md", "# r\n\nmore\n")
	// It reports its arguments on line 3 of app/main.go.
	typed := tools.Command{Name: "typed", Format: tools.Lines, Packages: true,
		Args: []string{"sh", "-c", `for a; do echo "app/main.go:3: given $a"; done`, "sh"}}
	code := Slice{Name: "code", Prompt: "review", Files: []string{"app/main.go", "lib/x_test.go"}}
	docs := Slice{Name: "docs", Prompt: "review", Files: []string{"README.md"}}
	sum := run(t, &Loop{Reviewer: OfflineReviewer{NoVet: true, Tools: []tools.Command{typed}}, Classifier: fixedSlices(code, docs), Mode: Report}, r)
	var got []string
	for _, f := range sum.Findings {
		got = append(got, f.Slice+": "+f.Title)
	}
	if want := "code: given ./app|code: given ./lib"; strings.Join(got, "|") != want {
		t.Errorf("findings %q, want %q", got, want)
	}
}

// TestProseFilteredBeforeCap: a prose rule that finds the same habit on an
// old line and on a changed one of a long document reports the changed
// one: the findings are limited to the changed lines before the per-rule
// cap keeps one of them.
func TestProseFilteredBeforeCap(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Notes\n\n")
	for i := range 60 {
		if i == 2 {
			b.WriteString("In today's fast-paced world, teams can leverage the cart to ship faster.\n\n")
			continue
		}
		fmt.Fprintf(&b, "The cart module number %d keeps each line item with its price and quantity for the order total.\n\n", i)
	}
	base := b.String()
	lines := strings.Split(base, "\n")
	lines[82] = "In today's fast-paced world, teams can leverage the order module to ship sooner." // not verbatim: a repeated sentence's hits are reported once
	r := newRepo(t)
	r.write("notes.md", base)
	r.commit("base")
	r.write("notes.md", strings.Join(lines, "\n"))
	docs := Slice{Name: "docs", Prompt: "review", Files: []string{"notes.md"}}
	sum := run(t, &Loop{Reviewer: OfflineReviewer{NoVet: true, Prose: offline.Editorial(offline.Config{Enabled: []string{offline.SetAll}})}, Classifier: fixedSlices(docs), Mode: Report}, r)
	var got []string
	for _, f := range sum.Findings {
		got = append(got, fmt.Sprintf("%d %s", f.Location.StartLine, strings.SplitN(f.Title, ":", 2)[0]))
	}
	if want := "83 en-stock-phrase|83 en-redundant"; strings.Join(got, "|") != want {
		t.Errorf("findings %q, want %q", got, want)
	}
}

// needs skips t unless every program named is installed.
func needs(t *testing.T, programs ...string) {
	t.Helper()
	for _, p := range programs {
		if _, err := exec.LookPath(p); err != nil {
			t.Skipf("%s is not installed", p)
		}
	}
}

// lintOutput writes text, a linter's output, to a file and returns its
// name, for a tool that is "cat" of it.
func lintOutput(t *testing.T, text string) string {
	t.Helper()
	name := filepath.Join(t.TempDir(), "lint.txt")
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}
