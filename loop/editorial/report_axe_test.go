package editorial_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/loop/editorial"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// axeVersion is the axe-core release the test installs from npm.
const axeVersion = "4.14.1"

// axeSource installs axe-core from npm into a temporary folder and
// returns its script; t skips, saying why, where there is no npm.
func axeSource(t *testing.T) string {
	t.Helper()
	npm, err := exec.LookPath("npm")
	if err != nil {
		t.Skip("no npm here to install axe-core with (.ci/run's machine has it)")
	}
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, npm, "install", "--no-audit", "--no-fund", "--no-save", "--prefix", dir, "axe-core@"+axeVersion)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("npm install axe-core: %v\n%s", err, out)
	}
	src, err := os.ReadFile(filepath.Join(dir, "node_modules", "axe-core", "axe.min.js"))
	if err != nil {
		t.Fatal(err)
	}
	return string(src)
}

// axeJS runs every axe-core rule of the default set (WCAG A and AA and
// the best practices, such as landmark-one-main and region) on the page
// and returns its violations, each with the nodes it names.
const axeJS = `axe.run(document, {resultTypes: ["violations"]}).then(r => r.violations.map(v => ({
	id: v.id, impact: v.impact, help: v.help,
	nodes: v.nodes.map(n => n.target.join(" ") + ": " + n.failureSummary),
})))`

type violation struct {
	ID, Impact, Help string
	Nodes            []string
}

// TestHTMLReportAxe: axe-core finds no violation in report.html, small
// and of 3,000 findings, and in every state the table has (on a report
// of 200, for time: axe-core takes seconds on 3,000): a finding's
// details open, the message of an unknown filter with no match, the
// second page in a narrow window.
func TestHTMLReportAxe(t *testing.T) {
	browser(t)
	start := time.Now()
	axe := axeSource(t)
	t.Logf("npm installed axe-core in %v", time.Since(start).Round(time.Millisecond))
	small, _ := smallReport(t)
	many, some := manyFindings(t, 30), manyFindings(t, 2)
	none := writeDoc(t, "# 題名\n何も問題のない行。\n")
	nothing := &editorial.Loop{Council: chainCouncil(), Dir: filepath.Join(filepath.Dir(none), ".editorial")}
	if _, err := nothing.Run(context.Background(), none); err != nil {
		t.Fatal(err)
	}
	ctx, p := openPage(t, 1280, 900)
	for _, c := range []struct{ name, url, then, count string }{
		{"small", "file://" + small, "", "1–3 of 3"},
		{"no findings", "file://" + filepath.Join(nothing.Dir, rounds.ReportName), "", "no findings"},
		{"3,000 findings", "file://" + many, "", "1–100 of 3,000"},
		{"details open", "file://" + some + "#status=rejected", `document.querySelectorAll("#findings button.more").forEach((b, i) => i % 2 || b.click())`, "of 66"},
		{"unknown filter", "file://" + some + "#severity=critical&colour=red", "", "No finding matches"},
		{"page 2 in a narrow window", "file://" + some + "#page=2", `document.body.style.width = "600px"`, "101–200 of 200"},
	} {
		if err := p.Navigate(ctx, "about:blank"); err != nil {
			t.Fatal(err)
		}
		if err := p.Navigate(ctx, c.url); err != nil {
			t.Fatal(err)
		}
		var s shown
		eval(t, ctx, p, shownJS, &s)
		if !strings.Contains(s.Count, c.count) {
			t.Errorf("%s: the count says %q, want %q", c.name, s.Count, c.count)
		}
		if c.then != "" {
			eval(t, ctx, p, c.then, nil)
		}
		eval(t, ctx, p, axe, nil)
		var vs []violation
		start := time.Now()
		eval(t, ctx, p, axeJS, &vs)
		t.Logf("%s: axe-core ran in %v", c.name, time.Since(start).Round(time.Millisecond))
		for _, v := range vs {
			t.Errorf("%s: axe %s (%s): %s; %d node(s):\n\t%s", c.name, v.ID, v.Impact, v.Help, len(v.Nodes), strings.Join(v.Nodes[:min(len(v.Nodes), 5)], "\n\t"))
		}
	}
}
