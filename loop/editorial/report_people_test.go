package editorial_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// layoutJS measures the findings table in the window: the viewport's and
// the page's widths, each header cell's edges, and each drawn row's
// height and top.
const layoutJS = `(() => ({
	viewport: document.documentElement.clientWidth,
	height: innerHeight,
	scroll: document.documentElement.scrollWidth,
	columns: Array.from(document.querySelectorAll("#findings thead th")).map(th => {
		const r = th.getBoundingClientRect();
		return {name: th.textContent.trim(), left: r.left, right: r.right};
	}),
	rows: Array.from(document.querySelectorAll("#findings tbody tr[data-key]")).map(tr => {
		const r = tr.getBoundingClientRect();
		return {top: r.top, height: r.height};
	}),
}))()`

type layout struct {
	Viewport, Height, Scroll float64
	Columns                  []struct {
		Name        string
		Left, Right float64
	}
	Rows []struct{ Top, Height float64 }
}

// TestHTMLReportColumns: at 1280 px the columns that decide (where,
// issue, fix, status) are within the window with no horizontal scroll,
// before and after a finding's details are opened, and rows are compact
// (at most three lines; a screen shows twenty or more); a screenshot is
// taken of each.
func TestHTMLReportColumns(t *testing.T) {
	report := manyFindings(t, 2)
	ctx, p := openPage(t, 1280, 1000)
	if err := p.Navigate(ctx, "file://"+report); err != nil {
		t.Fatal(err)
	}
	eval(t, ctx, p, shownJS, nil)
	for _, state := range []string{"closed", "details open"} {
		if state == "details open" {
			eval(t, ctx, p, `document.querySelectorAll("#findings button.more").forEach(b => b.click())`, nil)
		}
		var l layout
		eval(t, ctx, p, layoutJS, &l)
		if l.Viewport != 1280 || l.Scroll > l.Viewport {
			t.Errorf("%s: the page is %v px wide in a %v px window", state, l.Scroll, l.Viewport)
		}
		seen := 0
		for _, c := range l.Columns {
			if !slices.Contains([]string{"where", "issue", "fix", "status"}, c.Name) {
				continue
			}
			seen++
			if c.Left < 0 || c.Right > l.Viewport || c.Right-c.Left < 100 {
				t.Errorf("%s: column %s spans %v..%v px of %v", state, c.Name, c.Left, c.Right, l.Viewport)
			}
		}
		if seen != 4 {
			t.Errorf("%s: %d of the 4 deciding columns are in the table: %+v", state, seen, l.Columns)
		}
		onScreen := 0
		for _, r := range l.Rows {
			if r.Top < l.Height {
				onScreen++
			}
			if state == "closed" && r.Height > 3*14*1.45+8 {
				t.Errorf("a row is %v px high", r.Height)
				break
			}
		}
		if state == "closed" && onScreen < 20 {
			t.Errorf("the first screen shows %d rows", onScreen)
		}
		png, err := p.Screenshot(ctx)
		if err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) || len(png) < 10000 {
			t.Fatalf("screenshot: %d bytes, %v", len(png), err)
		}
		os.WriteFile(filepath.Join(t.TempDir(), "report-1280.png"), png, 0o644)
	}
}

// TestHTMLReportAddress: the filters and the address follow each other:
// choosing a filter or an order, turning a page and typing a word set
// the fragment;
// a new fragment, back and forward refilter and set the controls; an
// unknown key or value is said by name (the select shows it, not blank).
func TestHTMLReportAddress(t *testing.T) {
	report := manyFindings(t, 3)
	rows := reportRows(t, readFile(t, report))
	ctx, p := openPage(t, 1280, 900)
	if err := p.Navigate(ctx, "file://"+report); err != nil {
		t.Fatal(err)
	}
	keysOf := func(rows []reportRow, keep func(reportRow) bool) []string {
		var out []string
		for _, r := range rows {
			if keep(r) {
				out = append(out, r.Key)
			}
		}
		return out
	}
	check := func(step, hash string, want []string) shown {
		t.Helper()
		var s shown
		eval(t, ctx, p, shownJS, &s)
		if s.Hash != hash {
			t.Errorf("%s: the address is %q, want %q", step, s.Hash, hash)
		}
		if !slices.Equal(s.Keys, want[:min(len(want), 100)]) {
			t.Errorf("%s: %d rows shown (%.40q), want %d (%.40q)", step, len(s.Keys), s.Keys, min(len(want), 100), want)
		}
		return s
	}
	pick := func(key, value string) {
		eval(t, ctx, p, fmt.Sprintf(`(s => { s.value = %q; s.dispatchEvent(new Event("change")); })(document.getElementById("f-%s"))`, value, key), nil)
	}
	all := keysOf(rows, func(reportRow) bool { return true })
	if len(all) != 300 {
		t.Fatalf("%d findings, want 300", len(all))
	}
	high := keysOf(rows, func(r reportRow) bool { return r.Severity == "high" })
	applied := keysOf(rows, func(r reportRow) bool { return r.Status == "applied" })
	if s := check("no fragment", "", all); !strings.Contains(s.Count, "1–100 of 300") || s.Problem != "" {
		t.Errorf("no fragment: %q, %q", s.Count, s.Problem)
	}
	eval(t, ctx, p, `document.getElementById("next").click()`, nil)
	check("next page", "#page=2", all[100:])
	pick("severity", "high")
	check("severity chosen", "#severity=high", high)
	pick("status", "rejected")
	check("status chosen", "#severity=high&status=rejected", keysOf(rows, func(r reportRow) bool { return r.Severity == "high" && r.Status == "rejected" }))
	eval(t, ctx, p, `location.hash = "status=applied"`, nil)
	if s := check("address typed", "#status=applied", applied); s.Selects["status"].Value != "applied" || s.Selects["severity"].Value != "" {
		t.Errorf("address typed: the selects show %+v", s.Selects)
	}
	eval(t, ctx, p, `history.back()`, nil)
	if s := check("back", "#severity=high&status=rejected", keysOf(rows, func(r reportRow) bool { return r.Severity == "high" && r.Status == "rejected" })); s.Selects["severity"].Value != "high" {
		t.Errorf("back: the selects show %+v", s.Selects)
	}
	eval(t, ctx, p, `history.back()`, nil)
	check("back again", "#severity=high", high)
	eval(t, ctx, p, `history.forward()`, nil)
	check("forward", "#severity=high&status=rejected", keysOf(rows, func(r reportRow) bool { return r.Severity == "high" && r.Status == "rejected" }))

	word := "とても"
	eval(t, ctx, p, `document.getElementById("f-clear").click()`, nil)
	check("show all", "", all)
	pick("sort", "severity")
	rank := map[string]int{"high": 0, "medium": 1, "low": 2}
	bySeverity := slices.Clone(rows)
	slices.SortStableFunc(bySeverity, func(a, b reportRow) int { return rank[a.Severity] - rank[b.Severity] })
	check("most severe first", "#sort=severity", keysOf(bySeverity, func(reportRow) bool { return true }))
	eval(t, ctx, p, `location.hash = "sort=random"`, nil)
	if s := check("unknown order", "#sort=random", all); !strings.Contains(s.Problem, "“random”") {
		t.Errorf("unknown order: the message is %q", s.Problem)
	}
	pick("sort", "")
	check("the files' order", "", all)
	eval(t, ctx, p, fmt.Sprintf(`(i => { i.value = %q; i.dispatchEvent(new Event("input")); })(document.getElementById("f-q"))`, word), nil)
	var hash string
	eval(t, ctx, p, `new Promise(r => setTimeout(() => r(location.hash), 600))`, &hash)
	check("word typed", hash, keysOf(rows, func(r reportRow) bool {
		return strings.Contains(strings.Join([]string{r.Where, r.Issue, r.Fix, r.Quote, r.Reason, r.Reviewer, r.Key, r.Category}, "\n"), word)
	}))
	if hash != "#q=%E3%81%A8%E3%81%A6%E3%82%82" {
		t.Errorf("word typed: the address is %q", hash)
	}

	eval(t, ctx, p, `location.hash = "severity=critical"`, nil)
	s := check("unknown value", "#severity=critical", nil)
	if !strings.Contains(s.Problem, "severity “critical”") || !strings.Contains(s.Problem, "high, medium, low") {
		t.Errorf("unknown value: the message is %q", s.Problem)
	}
	if sel := s.Selects["severity"]; sel.Value != "critical" || !strings.Contains(sel.Text, "critical") {
		t.Errorf("unknown value: the select shows %+v", sel)
	}
	if !strings.Contains(s.Count, "No finding matches") {
		t.Errorf("unknown value: the count says %q", s.Count)
	}
	eval(t, ctx, p, `location.hash = "colour=red&status=applied"`, nil)
	if s := check("unknown key", "#colour=red&status=applied", applied); !strings.Contains(s.Problem, "“colour”") {
		t.Errorf("unknown key: the message is %q", s.Problem)
	}
	eval(t, ctx, p, `location.hash = "status=applied&page=9"`, nil)
	if s := check("page past the end", "#status=applied&page=9", applied[100:]); !strings.Contains(s.Problem, "page 9") {
		t.Errorf("page past the end: the message is %q", s.Problem)
	}
	eval(t, ctx, p, `location.hash = "page=x"`, nil)
	if s := check("no page number", "#page=x", all); !strings.Contains(s.Problem, "“x”") {
		t.Errorf("no page number: the message is %q", s.Problem)
	}
}
