package rounds

import (
	"bytes"
	"cmp"
	"embed"
	"fmt"
	"html/template"
	"path/filepath"
	"slices"
	"strings"

	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/loop"
)

// ReportName is the file name of the HTML report in a run folder.
const ReportName = "report.html"

// reportFiles are the report's template, its style sheet and its script,
// each inlined into the page.
//
//go:embed report.html.tmpl report.css report.js
var reportFiles embed.FS

// reportPage is what report.html.tmpl renders.
type reportPage struct {
	Title     string
	Reason    string
	Rounds    int
	Calls     int
	Tokens    int64
	Cost      string
	Findings  []reportFinding
	Reviewers []string
	Statuses  []string
	Diffs     []reportDiff
	Rejected  []reportFinding
	Skipped   []string
	Chart     reportChart
	CostRows  []Cost
}

// reportFinding is one row of the findings table, embedded in the page
// as JSON for report.js.
type reportFinding struct {
	Round      int    `json:"round"`
	Key        string `json:"key"`
	Reviewer   string `json:"reviewer"`
	Severity   string `json:"severity"`
	Category   string `json:"category,omitempty"`
	Confidence int    `json:"confidence"`
	Where      string `json:"where"`
	Issue      string `json:"issue"`
	Fix        string `json:"fix,omitempty"`
	Quote      string `json:"quote,omitempty"`
	Status     string `json:"label"`  // StatusLabel's words
	StatusWord string `json:"status"` // finding.Status alone, for the filter
	By         string `json:"by,omitempty"`
	Reason     string `json:"reason,omitempty"`

	file string // the row's order within a round: file, then line
	line int
}

type reportDiff struct {
	Round          int
	Name           string
	Lines          []reportDiffLine
	Added, Removed int // lines, for the diff's summary
}

type reportDiffLine struct {
	Class, Text string
}

type reportChart struct {
	Width, Height int
	Bars          []reportBar
}

type reportBar struct {
	X, Y, W, H int
	Label      string
	Title      string
}

// WriteReport writes the run folder's report.html from o and the rounds it
// summarises, and returns its path: one self-contained page (inline CSS,
// script and SVG, in report.css and report.js beside the template;
// nothing loaded from the network) with the rounds; every finding once,
// in a table of where, severity, issue, fix and status that fits the
// window, each row opening on its reviewer, round, key, quote, reason
// and decider; each round's changes on disk (not undone; in a dry run,
// those it would make) as a highlighted diff; the rejected findings with
// their reasons; the skipped reviewer calls with theirs; and tokens and
// cost per round and reviewer as a chart and a table.
//
// The findings are embedded as JSON and drawn a page of 100 rows at a
// time, in round, file and line order or the most severe first, so the
// page's size and not the number of findings sets how long it takes to
// open. The filters (reviewer, severity, status, a text), the order and
// the page are kept in the address's fragment, e.g.
// report.html#severity=high&status=open&sort=severity&page=2:
// choosing one sets it, and a new fragment (a link, back, forward)
// refilters; a key or value the report does not know is named in a
// message above the table. Without script the table is empty and says so.
// Like WriteSummary, it renders also while the run replays only (after
// an undo).
func (r *Run[S]) WriteReport(title string, o *Outcome, rounds []*Round) (string, error) {
	path := filepath.Join(r.Dir, ReportName)
	page := reportPage{Title: title, Reason: r.StopText(o), Rounds: o.Rounds, Calls: o.Usage.Calls, Tokens: o.Usage.Total(),
		Cost: o.CostText(), CostRows: o.Costs}
	reviewers := map[string]bool{}
	statuses := map[string]bool{}
	for _, list := range [][]Entry{o.Applied, o.Rejected, o.Unresolved} {
		for _, e := range list {
			f := e.Item.Finding
			where := e.Item.Lines.String()
			if e.Item.File != "" {
				where = e.Item.File + ":" + where
			}
			rf := reportFinding{Round: e.Round, Key: e.Item.Key, Reviewer: e.Item.Reviewer, Severity: string(f.Severity), Category: f.Category, Confidence: f.Confidence,
				Status: StatusLabel(e.Status, e.By, r.DryRun, o.Reason == loop.AwaitingDecisions), StatusWord: string(e.Status), By: e.By,
				Where: where, Issue: f.Issue, Fix: f.Fix, Quote: f.Quote(), Reason: e.Reason,
				file: e.Item.File, line: e.Item.Lines.Start}
			page.Findings = append(page.Findings, rf)
			if e.Status == "rejected" {
				page.Rejected = append(page.Rejected, rf)
			}
			reviewers[rf.Reviewer], statuses[rf.StatusWord] = true, true
		}
	}
	slices.SortStableFunc(page.Findings, func(a, b reportFinding) int {
		return cmp.Or(a.Round-b.Round, cmp.Compare(a.file, b.file), a.line-b.line)
	})
	for k := range reviewers {
		page.Reviewers = append(page.Reviewers, k)
	}
	for k := range statuses {
		page.Statuses = append(page.Statuses, k)
	}
	slices.Sort(page.Reviewers)
	slices.Sort(page.Statuses)
	for _, s := range o.Skipped {
		page.Skipped = append(page.Skipped, fmt.Sprintf("round %d: %s (shot %d): %s", s.Round, s.Reviewer, s.Shot, loop.SkipText(s.Skip)))
	}
	landed := r.Landed()
	for _, rd := range rounds {
		// A round's changes are shown once on disk (not undone), or in a dry run.
		if !r.DryRun && !landed[fmt.Sprintf("r%d/policy", rd.N)] && !landed[fmt.Sprintf("r%d/gate", rd.N)] {
			continue
		}
		for _, d := range rd.Docs {
			after, err := applied(d)
			if err != nil || bytes.Equal(after, d.Text) {
				continue
			}
			diff := reportDiff{Round: rd.N, Name: d.Name, Lines: diffLines(apply.UnifiedDiff("a/"+d.Name, "b/"+d.Name, d.Text, after))}
			for _, l := range diff.Lines {
				switch l.Class {
				case "add":
					diff.Added++
				case "del":
					diff.Removed++
				}
			}
			page.Diffs = append(page.Diffs, diff)
		}
	}
	page.Chart = costChart(o.Costs)
	t, err := template.ParseFS(reportFiles, "report.html.tmpl", "report.css", "report.js")
	if err != nil {
		return "", fmt.Errorf("report template: %w", err)
	}
	var b bytes.Buffer
	if err := t.ExecuteTemplate(&b, "report.html.tmpl", page); err != nil {
		return "", fmt.Errorf("report: %w", err)
	}
	if err := loop.WriteRendering(path, b.Bytes()); err != nil {
		return "", err
	}
	return path, nil
}

// diffLines classes each line of a unified diff for highlighting.
func diffLines(diff string) []reportDiffLine {
	var out []reportDiffLine
	for _, l := range strings.Split(strings.TrimSuffix(diff, "\n"), "\n") {
		class := "ctx"
		switch {
		case strings.HasPrefix(l, "+++"), strings.HasPrefix(l, "---"):
			class = "file"
		case strings.HasPrefix(l, "@@"):
			class = "hunk"
		case strings.HasPrefix(l, "+"):
			class = "add"
		case strings.HasPrefix(l, "-"):
			class = "del"
		}
		out = append(out, reportDiffLine{Class: class, Text: strings.TrimRight(l, "\r")})
	}
	return out
}

// costChart draws tokens per round and reviewer as horizontal bars.
func costChart(costs []Cost) reportChart {
	const width, barH, gap, labelW = 640, 18, 6, 220
	ch := reportChart{Width: width, Height: max(1, len(costs)*(barH+gap))}
	var most int64 = 1
	for _, c := range costs {
		most = max(most, c.Usage.Total())
	}
	for i, c := range costs {
		w := int(float64(width-labelW-10) * float64(c.Usage.Total()) / float64(most))
		ch.Bars = append(ch.Bars, reportBar{X: labelW, Y: i * (barH + gap), W: max(w, 1), H: barH,
			Label: fmt.Sprintf("R%d %s", c.Round, c.Reviewer),
			Title: fmt.Sprintf("round %d, %s (%s): %d tokens, $%.4f", c.Round, c.Reviewer, c.Model, c.Usage.Total(), c.USD)})
	}
	return ch
}
