package editorial_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/editorial"
)

// TestHTMLReport: report.html lists every finding of the run once, with
// its status; in headless Chromium (when installed: .ci/run installs it)
// its filters, set from the address's fragment, hide exactly the rows
// that do not match, and a screenshot is taken.
func TestHTMLReport(t *testing.T) {
	path := writeDoc(t, chainDoc)
	dir := filepath.Join(filepath.Dir(path), ".editorial")
	gate := loop.ApproverFunc(func(_ context.Context, b loop.Batch) ([]loop.Decision, error) {
		var ds []loop.Decision
		for _, it := range b.Items {
			if it.Finding.Severity == finding.High {
				ds = append(ds, loop.Decision{Key: it.Key, Action: loop.Reject, Reason: "the figure is <sourced> elsewhere"})
			}
		}
		return ds, nil
	})
	l := &editorial.Loop{Council: chainCouncil(), Dir: dir, Gate: gate}
	out, err := l.Run(context.Background(), path)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	report := filepath.Join(dir, loop.ReportName)
	html := readFile(t, report)
	keys := map[string]string{} // key -> status word
	for _, list := range [][]editorial.Entry{out.Applied, out.Rejected, out.Unresolved} {
		for _, e := range list {
			keys[e.Item.Key] = string(e.Status)
		}
	}
	if len(out.Rejected) == 0 || len(out.Applied) == 0 {
		t.Fatalf("the run should apply and reject: %d applied, %d rejected", len(out.Applied), len(out.Rejected))
	}
	for k := range keys {
		if n := strings.Count(html, `data-key="`+k+`"`); n != 1 {
			t.Errorf("finding %s is in the table %d times", k, n)
		}
	}
	if strings.Contains(html, "<sourced>") || !strings.Contains(html, "&lt;sourced&gt;") {
		t.Error("a rejection's reason is not escaped")
	}
	if strings.Contains(html, "http://") || strings.Contains(html, "https://") || strings.Contains(html, "src=") {
		t.Error("the report refers to something outside itself")
	}
	browser := ""
	for _, b := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(b); err == nil {
			browser = p
			break
		}
	}
	if browser == "" {
		t.Skip("no headless Chromium here (.ci/run installs Debian's chromium)")
	}
	row := regexp.MustCompile(`<tr[^>]*data-key="([^"]+)"[^>]*>`)
	for _, frag := range []string{"severity=high", "status=applied", "reviewer=first&status=applied"} {
		dom := chrome(t, browser, "--dump-dom", "file://"+report+"#"+frag)
		q := map[string]string{}
		for _, kv := range strings.Split(frag, "&") {
			k, v, _ := strings.Cut(kv, "=")
			q[k] = v
		}
		seen := 0
		for _, m := range row.FindAllStringSubmatch(dom, -1) {
			seen++
			tag, key := m[0], m[1]
			want := true
			for k, v := range q {
				want = want && strings.Contains(tag, `data-`+k+`="`+v+`"`)
			}
			if hidden := strings.Contains(tag, " hidden"); hidden == want {
				t.Errorf("#%s: row %s hidden=%v, want %v", frag, key, hidden, !want)
			}
		}
		if seen != len(keys) {
			t.Errorf("#%s: the browser's page has %d rows, want %d", frag, seen, len(keys))
		}
	}
	shot := filepath.Join(t.TempDir(), "report.png")
	chrome(t, browser, "--screenshot="+shot, "--window-size=1280,1000", "file://"+report)
	if fi, err := os.Stat(shot); err != nil || fi.Size() < 1000 {
		t.Errorf("no screenshot: %v", err)
	}
}

// chrome runs headless Chromium with args and returns what it printed.
func chrome(t *testing.T, browser string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, browser, append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + t.TempDir()}, args...)...)
	cmd.Dir = t.TempDir()
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", browser, args, err, stderr.String())
	}
	return string(out)
}
