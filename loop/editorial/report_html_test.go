package editorial_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/internal/headless"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// smallReport runs the chain council with a gate that rejects the high
// findings (with a reason to escape) and returns report.html's path and
// each finding's row as the run's outcome has it.
func smallReport(t *testing.T) (string, map[string]reportRow) {
	t.Helper()
	path := writeDoc(t, chainDoc)
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	gate := rounds.ApproverFunc(func(_ context.Context, b rounds.Batch) ([]rounds.Decision, error) {
		var ds []rounds.Decision
		for _, it := range b.Items {
			if it.Finding.Severity == finding.High {
				ds = append(ds, rounds.Decision{Key: it.Key, Action: rounds.Reject, Reason: "the figure is <sourced> elsewhere"})
			}
		}
		return ds, nil
	})
	l := &editorial.Loop{Council: chainCouncil(), Dir: dir, Gate: gate}
	out, err := l.Run(context.Background(), path)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if len(out.Rejected) == 0 || len(out.Applied) == 0 {
		t.Fatalf("the run should apply and reject: %d applied, %d rejected", len(out.Applied), len(out.Rejected))
	}
	want := map[string]reportRow{}
	for _, list := range [][]editorial.Entry{out.Applied, out.Rejected, out.Unresolved} {
		for _, e := range list {
			want[e.Item.Key] = reportRow{Key: e.Item.Key, Reviewer: e.Item.Reviewer, Severity: string(e.Item.Finding.Severity), Status: string(e.Status)}
		}
	}
	return filepath.Join(dir, rounds.ReportName), want
}

// TestHTMLReport: report.html holds every finding of the run once, with
// its status, escaped, and refers to nothing outside itself; in headless
// Chromium (when installed: .ci/run installs it) the filters set from
// the address's fragment show exactly the findings that match, and a
// screenshot is taken.
func TestHTMLReport(t *testing.T) {
	report, want := smallReport(t)
	html := readFile(t, report)
	seen := map[string]int{}
	for _, r := range reportRows(t, html) {
		seen[r.Key]++
		if w := want[r.Key]; r.Status != w.Status || r.Reviewer != w.Reviewer || r.Severity != w.Severity {
			t.Errorf("row %s: %+v, want %+v", r.Key, r, w)
		}
	}
	for k := range want {
		if seen[k] != 1 {
			t.Errorf("finding %s is in the report %d times", k, seen[k])
		}
	}
	if strings.Contains(html, "<sourced>") || !strings.Contains(html, "&lt;sourced&gt;") {
		t.Error("a rejection's reason is not escaped")
	}
	if strings.Contains(html, "http://") || strings.Contains(html, "https://") || strings.Contains(html, "src=") || strings.Contains(html, "@import") {
		t.Error("the report refers to something outside itself")
	}
	exe := browser(t)
	ctx, p := openPage(t, 1280, 1000)
	for _, frag := range []string{"", "severity=high", "status=applied", "reviewer=first&status=applied"} {
		if err := p.Navigate(ctx, "about:blank"); err != nil {
			t.Fatal(err)
		}
		if err := p.Navigate(ctx, "file://"+report+"#"+frag); err != nil {
			t.Fatal(err)
		}
		var s shown
		eval(t, ctx, p, shownJS, &s)
		q := map[string]string{}
		for _, kv := range strings.Split(frag, "&") {
			if k, v, ok := strings.Cut(kv, "="); ok {
				q[k] = v
			}
		}
		var keys []string
		for k, r := range want {
			if (q["severity"] == "" || r.Severity == q["severity"]) && (q["status"] == "" || r.Status == q["status"]) && (q["reviewer"] == "" || r.Reviewer == q["reviewer"]) {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
		slices.Sort(s.Keys)
		if len(keys) == 0 || !slices.Equal(s.Keys, keys) {
			t.Errorf("#%s: the page shows %v, want %v", frag, s.Keys, keys)
		}
		if s.Problem != "" {
			t.Errorf("#%s: a problem is shown: %s", frag, s.Problem)
		}
		for k, v := range q {
			if s.Selects[k].Value != v {
				t.Errorf("#%s: the %s filter shows %q", frag, k, s.Selects[k].Value)
			}
		}
	}
	shot := filepath.Join(t.TempDir(), "report.png")
	chrome(t, exe, "--screenshot="+shot, "--window-size=1280,1000", "file://"+report)
	if fi, err := os.Stat(shot); err != nil || fi.Size() < 1000 {
		t.Errorf("no screenshot: %v", err)
	}
}

// chrome runs headless Chromium with args and returns what it printed.
func chrome(t *testing.T, browser string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, browser, append(headless.Flags(t.TempDir()), args...)...)
	cmd.Dir = t.TempDir()
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", browser, args, err, stderr.String())
	}
	return string(out)
}
