package editorial_test

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/internal/headless"
)

// timingJS is what the page says of its own load: milliseconds from the
// navigation's start to the DOM being interactive, to the findings table
// being drawn (report.js's "findings-ready" mark) and to the load event.
const timingJS = `(() => {
	const nav = performance.getEntriesByType("navigation")[0];
	const ready = performance.getEntriesByName("findings-ready")[0];
	return {interactive: nav.domInteractive, ready: ready ? ready.startTime : -1, load: nav.loadEventEnd};
})()`

type timing struct{ Interactive, Ready, Load float64 }

// redrawJS does what a person does (act) and returns the milliseconds
// until the table is drawn for the new address and the next frame is
// due.
const redrawJS = `new Promise(done => {
	const t0 = performance.now();
	addEventListener("hashchange", () => requestAnimationFrame(() => done(performance.now() - t0)), {once: true});
	(act)();
})`

// loadReport loads url into p after a blank page and returns the page's
// timing and the time the load took as the test saw it.
func loadReport(t testing.TB, ctx context.Context, p *headless.Page, url string) (timing, time.Duration) {
	t.Helper()
	if err := p.Navigate(ctx, "about:blank"); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := p.Navigate(ctx, url); err != nil {
		t.Fatal(err)
	}
	seen := time.Since(start)
	var tm timing
	eval(t, ctx, p, timingJS, &tm)
	return tm, seen
}

// TestHTMLReportMany: a report of 3,000 findings over 30 files (the
// size of a large project's whole blog) opens with one page of 100 rows
// drawn, says how many there are, filters and turns pages. How long each
// takes in headless Chromium is logged (the issue asks under 3 s to a
// usable table), not asserted: a shared machine's clock is no test.
func TestHTMLReportMany(t *testing.T) {
	report := manyFindings(t, 30)
	fi, err := os.Stat(report)
	if err != nil {
		t.Fatal(err)
	}
	ctx, p := openPage(t, 1280, 900)
	tm, seen := loadReport(t, ctx, p, "file://"+report)
	var s shown
	eval(t, ctx, p, shownJS, &s)
	if len(s.Keys) != 100 || !strings.Contains(s.Count, "1–100 of 3,000") {
		t.Errorf("the first page: %d rows, %q", len(s.Keys), s.Count)
	}
	if tm.Ready < 0 {
		t.Error("the page set no findings-ready mark")
	}
	t.Logf("report.html of 3,000 findings: %d KiB; DOM interactive %.0f ms, table drawn %.0f ms, load event %.0f ms after the navigation's start (%v as the test saw it)",
		fi.Size()>>10, tm.Interactive, tm.Ready, tm.Load, seen.Round(time.Millisecond))
	for _, step := range []struct{ name, act, count string }{
		{"status filter", `() => { const s = document.getElementById("f-status"); s.value = "rejected"; s.dispatchEvent(new Event("change")); }`, "of 990"},
		{"next page", `() => document.getElementById("next").click()`, "101–200 of 990"},
		{"word in the address", `() => { location.hash = "q=" + encodeURIComponent("post-029"); }`, "of 100"},
		{"show all", `() => document.getElementById("f-clear").click()`, "of 3,000"},
	} {
		var ms float64
		eval(t, ctx, p, strings.Replace(redrawJS, "(act)", "("+step.act+")", 1), &ms)
		var s shown
		eval(t, ctx, p, shownJS, &s)
		if !strings.Contains(s.Count, step.count) {
			t.Errorf("%s: the count says %q, want %q", step.name, s.Count, step.count)
		}
		t.Logf("%s: drawn in %.1f ms", step.name, ms)
	}
}

// BenchmarkHTMLReportLoad loads report.html of 3,000 findings in
// headless Chromium and reports the milliseconds from the navigation's
// start to the findings table drawn (ms-ready) and to the load event.
func BenchmarkHTMLReportLoad(b *testing.B) {
	report := manyFindings(b, 30)
	ctx, p := openPage(b, 1280, 900)
	var ready, load float64
	for b.Loop() {
		tm, _ := loadReport(b, ctx, p, "file://"+report)
		ready += tm.Ready
		load += tm.Load
	}
	b.ReportMetric(ready/float64(b.N), "ms-ready/op")
	b.ReportMetric(load/float64(b.N), "ms-load/op")
}
