package editorial_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/internal/headless"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// browser returns headless Chromium's path, or skips t where there is
// none.
func browser(t testing.TB) string {
	t.Helper()
	exe := headless.Find()
	if exe == "" {
		t.Skip("no headless Chromium here (.ci/run installs Debian's chromium)")
	}
	return exe
}

// openPage starts a browser for t and opens a width×height page in it;
// both close when t ends.
func openPage(t testing.TB, width, height int) (context.Context, *headless.Page) {
	t.Helper()
	exe := browser(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	t.Cleanup(cancel)
	b, err := headless.Start(ctx, exe, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	p, err := b.NewPage(ctx, width, height)
	if err != nil {
		t.Fatal(err)
	}
	return ctx, p
}

// eval evaluates expr in p into out (nil to drop it), failing t on an
// error.
func eval(t testing.TB, ctx context.Context, p *headless.Page, expr string, out any) {
	t.Helper()
	if err := p.Eval(ctx, expr, out); err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
}

// shownJS is the table as drawn, once it is drawn for the address: the
// rendered rows' keys, the count line, the filter problem (empty when
// hidden) and the selects' values and shown texts.
const shownJS = `new Promise((ok, fail) => {
	let n = 0;
	(function wait() {
		if (document.getElementById("findings").dataset.fragment === location.hash) return ok();
		if (++n > 500) return fail(new Error("the table is not drawn for " + location.hash));
		setTimeout(wait, 10);
	})();
}).then(() => ({
	keys: Array.from(document.querySelectorAll("#findings tbody tr[data-key]")).map(tr => tr.dataset.key),
	count: document.getElementById("count").textContent,
	problem: document.getElementById("filter-problem").hidden ? "" : document.getElementById("filter-problem").textContent,
	hash: location.hash,
	selects: Object.fromEntries(Array.from(document.querySelectorAll("#filters select")).map(s => [s.dataset.key, {value: s.value, text: s.selectedOptions[0] ? s.selectedOptions[0].text : ""}])),
}))`

type shown struct {
	Keys    []string
	Count   string
	Problem string
	Hash    string
	Selects map[string]struct{ Value, Text string }
}

// reportRow is what report.html embeds of a finding (loop.reportFinding).
type reportRow struct {
	Key, Reviewer, Severity, Status, Label, Issue, Fix, Where string
	Quote, Reason, Category                                   string
}

var reportData = regexp.MustCompile(`(?s)<script type="application/json" id="findings-data">(.*?)</script>`)

// reportRows decodes the findings embedded in report.html's text.
func reportRows(t testing.TB, html string) []reportRow {
	t.Helper()
	m := reportData.FindStringSubmatch(html)
	if m == nil {
		t.Fatal("report.html embeds no findings data")
	}
	var rows []reportRow
	if err := json.Unmarshal([]byte(m[1]), &rows); err != nil {
		t.Fatalf("the findings data: %v", err)
	}
	return rows
}

// manyFindings runs the Editorial Swarm dry over files×100 lines of
// Japanese, each line flagged once, and returns report.html's path: a
// report of files×100 findings, a third rejected by the gate with a
// reason, a third applied (dry) and a third advice left open.
func manyFindings(t testing.TB, files int) string {
	t.Helper()
	dir := t.TempDir()
	var paths []string
	for k := range files {
		var b strings.Builder
		for i := range 100 {
			switch i % 3 {
			case 0:
				fmt.Fprintf(&b, "第%d段落：今日はとても暑い日でしたが、午後からは風が出てきました。\r\n", i)
			case 1:
				fmt.Fprintf(&b, "第%d段落：売上は 42%% 伸びたと言われています。\r\n", i)
			default:
				fmt.Fprintf(&b, "第%d段落：いかがでしたか？ またお会いしましょう。\r\n", i)
			}
		}
		p := filepath.Join(dir, "blog", fmt.Sprintf("%02d", k/10), fmt.Sprintf("post-%03d.md", k))
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(b.String()), 0o644)
		paths = append(paths, p)
	}
	c := council.Council{Members: council.Members(
		phraseReviewer("style", "style", rule{phrase: "とても", fix: "かなり", severity: finding.Medium, conf: 80, issue: "「とても」が多く、文の重みが揃わない（docs/style-guide/intensifiers_and_emphasis_words_used_without_any_measure.md を参照）"}),
		phraseReviewer("fact", "fact", rule{phrase: "42%", severity: finding.High, conf: 70, issue: "数字に出典がない: 誰が、いつ、何と比べて 42% なのか"}),
		phraseReviewer("slop", "slop", rule{phrase: "いかがでしたか", severity: finding.Low, conf: 90, issue: "定型の締めの問いかけ"}),
	)}
	gate := rounds.ApproverFunc(func(_ context.Context, b rounds.Batch) ([]rounds.Decision, error) {
		var ds []rounds.Decision
		for _, it := range b.Items {
			switch it.Finding.Severity {
			case finding.High:
				ds = append(ds, rounds.Decision{Key: it.Key, Action: rounds.Reject, Reason: "出典は脚注 <3> にある"})
			case finding.Medium:
				ds = append(ds, rounds.Decision{Key: it.Key, Action: rounds.Apply})
			}
		}
		return ds, nil
	})
	l := &editorial.Loop{Council: c, Dir: filepath.Join(dir, ".editorial"), Gate: gate, MaxRounds: 1, DryRun: true, MaxFindings: -1}
	if _, err := l.Run(context.Background(), paths...); err != nil && !errors.Is(err, loop.ErrNotConverged) {
		t.Fatal(err)
	}
	return filepath.Join(l.Dir, rounds.ReportName)
}
