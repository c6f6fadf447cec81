package export

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// reviewdogVersion is the reviewdog the tests run, installed as its users
// install it (go install ...@version), so it is no requirement of the
// module that importers get.
const reviewdogVersion = "v0.21.0"

// reviewdog installs reviewdog at reviewdogVersion into a temporary
// folder and returns its path.
func reviewdog(t *testing.T, ctx context.Context) string {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: building reviewdog takes a while")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH, so reviewdog cannot be installed")
	}
	dir := t.TempDir()
	cmd := exec.CommandContext(ctx, gobin, "install", "github.com/reviewdog/reviewdog/cmd/reviewdog@"+reviewdogVersion)
	cmd.Env = append(os.Environ(), "GOBIN="+dir, "GOWORK=off", "GOFLAGS=")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("installing reviewdog %s: %v\n%s", reviewdogVersion, err, out)
	}
	return filepath.Join(dir, "reviewdog")
}

// runReviewdog runs reviewdog in dir with input on stdin and returns what
// it printed on stdout.
func runReviewdog(t *testing.T, ctx context.Context, bin, dir string, input []byte, args ...string) []byte {
	t.Helper()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir, cmd.Stdin = dir, bytes.NewReader(input)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("reviewdog %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	return out
}

// TestReviewdogReadsRDJSONL feeds the rdjsonl and rdjson of the Japanese
// CRLF report to the real reviewdog with -reporter=local, in a folder
// holding the document, and checks the lines it prints: every diagnostic
// without a filter, and with a diff that adds lines 3 and 4 only the
// diagnostics that start on those lines (so reviewdog reads our lines as
// we mean them). Then it checks that reviewdog's own rdjsonl reporter
// reads back the severity, code and suggestions.
func TestReviewdogReadsRDJSONL(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 8*time.Minute)
	defer cancel()
	bin := reviewdog(t, ctx)
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "docs"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "docs", "猫.md"), []byte(catText), 0o644); err != nil {
		t.Fatal(err)
	}
	rep := catReport()
	var in bytes.Buffer
	if err := WriteRDJSONL(&in, rep); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(in.String(), "\n"), "\n")

	got := strings.Split(strings.TrimSuffix(string(runReviewdog(t, ctx, bin, dir, in.Bytes(),
		"-f=rdjsonl", "-reporter=local", "-filter-mode=nofilter")), "\n"), "\n")
	if !sameLines(got, lines) {
		t.Errorf("reviewdog printed\n%s\nwant every diagnostic:\n%s", strings.Join(got, "\n"), strings.Join(lines, "\n"))
	}

	diff := "--- a/docs/猫.md\n+++ b/docs/猫.md\n@@ -2,0 +3,2 @@\n" +
		"+吾輩は猫である。名前はまだ無い。\r\n+どこで生れたか🐈とんと見当がつかぬ。\r\n"
	if err := os.WriteFile(filepath.Join(dir, "p.diff"), []byte(diff), 0o644); err != nil {
		t.Fatal(err)
	}
	got = strings.Split(strings.TrimSuffix(string(runReviewdog(t, ctx, bin, dir, in.Bytes(),
		"-f=rdjsonl", "-reporter=local", "-filter-mode=added", "-diff=cat p.diff")), "\n"), "\n")
	var want []string
	for _, l := range lines {
		if strings.Contains(l, `"start":{"line":3,`) || strings.Contains(l, `"start":{"line":4,`) {
			want = append(want, l)
		}
	}
	if len(want) != 3 || !sameLines(got, want) {
		t.Errorf("with lines 3-4 added, reviewdog printed\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	var rd bytes.Buffer
	if err := WriteRDJSON(&rd, rep); err != nil {
		t.Fatal(err)
	}
	out := runReviewdog(t, ctx, bin, dir, rd.Bytes(), "-f=rdjson", "-reporter=rdjsonl", "-filter-mode=nofilter")
	var diags []rdDiagnostic
	for l := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
		var d rdDiagnostic
		if err := json.Unmarshal([]byte(l), &d); err != nil {
			t.Fatalf("reviewdog's rdjsonl line %q: %v", l, err)
		}
		diags = append(diags, d)
	}
	if len(diags) != len(lines) {
		t.Fatalf("reviewdog read %d diagnostics from rdjson, want %d", len(diags), len(lines))
	}
	first := diags[slices.IndexFunc(diags, func(d rdDiagnostic) bool { return strings.Contains(d.Message, "「まだ」") })]
	if first.Severity != "WARNING" || first.Code == nil || first.Code.Value != "style" || len(first.Suggestions) != 1 ||
		first.Suggestions[0].Text != "名前は無い。" || first.Suggestions[0].Range.Start != (rdPosition{Line: 3, Column: 25}) {
		t.Errorf("reviewdog read F001 as %+v", first)
	}
}

// sameLines reports whether a and b hold the same lines, in any order.
func sameLines(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
