package goldfish

import (
	"fmt"
	"strings"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
)

// ReportName is the file name of the round report, in each round's folder
// and (the latest) in the run folder.
const ReportName = "goldfish_review_report.md"

// RoundView is what the report shows of one round. A driver fills it from
// the journal, so the report of a replayed run is byte-identical.
type RoundView struct {
	Round, Cap int
	// Path is the document; Target describes the section; Lines and
	// SHA256 are what the round resolved it to.
	Path, Target string
	Lines        finding.LineRange
	SHA256       string
	// Gate is the gate choice of the round ("auto", "continue",
	// "inspect"), or "" before it is made.
	Gate string
	// Summary is the synthesizer's, in hierarchical dispatch.
	Summary   string
	Reviewers []ReviewerView
	// Findings are the round's findings after the contest memory, in
	// table order; Dropped those the memory dropped.
	Findings, Dropped []FindingView
	// Stop is the run's stop reason in words, on its last round.
	Stop string
	// Closing is the answer to the closing question after this round
	// (ClosingNext, ClosingCheck), or "" when it was not asked.
	Closing string
}

// ReviewerView is one goldfish's part of a round.
type ReviewerView struct {
	Name string
	// Skipped is why its call failed; "" when it answered.
	Skipped string
	// Findings counts its findings this round (after the memory); Open
	// those of them left open at Major or above.
	Findings, Open int
	// Agreement is its self-agreement, once measured.
	Agreement *Agreement
	// Weak reports a clean answer from a reviewer whose self-agreement is
	// low: weak evidence.
	Weak bool
}

// FindingView is one finding as the report shows it.
type FindingView struct {
	Key, Reviewer string
	Level         Level
	Lines         finding.LineRange
	Issue         string
	Evidence      []string
	Fix           string
	// Kind and Reason are the resolver's; Kind "" when it gave none.
	Kind   Kind
	Reason string
	// Decision is "applied", "contested", "rejected", "deferred" or
	// "open".
	Decision string
	// Note says why the finding was dropped or has no edit.
	Note string
	// Reopens is the contested, rejected or applied finding this one
	// reopens, shown beside it.
	Reopens *Entry
}

// RenderReport renders goldfish_review_report.md for round v; prev is the
// round before (nil for the first), for what changed since. Control
// characters in the text it shows (models' answers, reviewers' errors)
// are written visibly escaped (loop.Printable), so printing the report
// on a terminal shows them instead of acting on them.
func RenderReport(v RoundView, prev *RoundView) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "# Goldfish review report: round %d of at most %d\n\n", v.Round, v.Cap)
	fmt.Fprintf(&b, "- Target: %s, %s\n- Section: lines %s, SHA-256 %s\n", v.Path, v.Target, v.Lines, short(v.SHA256))
	switch v.Gate {
	case "":
	case choiceNone:
		b.WriteString("- Gate: nothing to decide\n")
	default:
		fmt.Fprintf(&b, "- Gate: %s\n", v.Gate)
	}
	if v.Stop != "" {
		fmt.Fprintf(&b, "- Stopped: %s\n", v.Stop)
	}
	switch v.Closing {
	case ClosingNext:
		b.WriteString("- Closing question: next stage\n")
	case ClosingCheck:
		fmt.Fprintf(&b, "- Closing question: a last check, round %d\n", v.Round+1)
	}
	b.WriteString("\n## Changed since the last round\n\n")
	for _, c := range Changes(prev, v) {
		fmt.Fprintf(&b, "- %s\n", c)
	}
	b.WriteString("\n## Reviewers\n\n| reviewer | status | findings | open Blocker/Major | self-agreement |\n| --- | --- | --- | --- | --- |\n")
	for _, r := range v.Reviewers {
		status := "answered"
		switch {
		case r.Skipped != "":
			status = "skipped: " + cell(r.Skipped)
		case r.Weak:
			status = "clean, weak evidence (low self-agreement)"
		case r.Open == 0:
			status = "clean"
		}
		ag := "not measured"
		if r.Agreement != nil {
			ag = fmt.Sprintf("%.2f (%d/%d/%d)", r.Agreement.Jaccard, r.Agreement.Common, r.Agreement.First, r.Agreement.Second)
		}
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %s |\n", r.Name, status, r.Findings, r.Open, ag)
	}
	if v.Summary != "" {
		fmt.Fprintf(&b, "\n## Synthesis\n\n%s\n", strings.TrimSpace(v.Summary))
	}
	sections := []struct {
		title string
		keep  func(FindingView) bool
	}{
		{"Proposed fixes", func(f FindingView) bool { return f.Kind == ProposeFix }},
		{"Contested", func(f FindingView) bool { return f.Kind == Contest }},
		{"Unresolved", func(f FindingView) bool { return f.Kind == "" }},
	}
	for _, s := range sections {
		var fs []FindingView
		for _, f := range v.Findings {
			if s.keep(f) {
				fs = append(fs, f)
			}
		}
		fmt.Fprintf(&b, "\n## %s (%d)\n", s.title, len(fs))
		for _, f := range fs {
			writeFinding(&b, f)
		}
	}
	if len(v.Dropped) > 0 {
		fmt.Fprintf(&b, "\n## Not raised again (%d)\n\n", len(v.Dropped))
		for _, f := range v.Dropped {
			fmt.Fprintf(&b, "- %s %s, lines %s: %s — %s\n", f.Key, f.Level.Mark(), f.Lines, f.Issue, f.Note)
		}
	}
	return []byte(loop.Printable(b.String()))
}

func writeFinding(b *strings.Builder, f FindingView) {
	fmt.Fprintf(b, "\n### %s %s, lines %s — %s\n\n", f.Key, f.Level.Mark(), f.Lines, f.Decision)
	fmt.Fprintf(b, "- Issue: %s\n", f.Issue)
	for _, e := range f.Evidence {
		fmt.Fprintf(b, "- Evidence: %q\n", e)
	}
	if f.Fix != "" {
		fmt.Fprintf(b, "- Fix: %q\n", f.Fix)
	}
	if f.Reason != "" {
		fmt.Fprintf(b, "- Resolver: %s\n", f.Reason)
	}
	if f.Note != "" {
		fmt.Fprintf(b, "- Note: %s\n", f.Note)
	}
	if e := f.Reopens; e != nil {
		fmt.Fprintf(b, "- Reopens %s (%s in round %d: %s), which quoted %q: %s\n", e.Key, e.Status, e.Round, e.Reason, e.Finding.Quotes, e.Finding.Issue)
	}
}

// Changes says what changed from round prev to round v: the section's
// lines and content, what prev's decisions applied and rejected, and how
// the findings moved. The first round has no predecessor.
func Changes(prev *RoundView, v RoundView) []string {
	if prev == nil {
		return []string{"first round"}
	}
	var out []string
	switch {
	case prev.Lines != v.Lines:
		out = append(out, fmt.Sprintf("the section moved or changed size: lines %s, now %s", prev.Lines, v.Lines))
	}
	if prev.SHA256 != v.SHA256 {
		out = append(out, "the section's text changed")
	} else {
		out = append(out, "the section's text is unchanged")
	}
	count := map[string]int{}
	for _, f := range prev.Findings {
		count[f.Decision]++
	}
	out = append(out, fmt.Sprintf("round %d: %d applied, %d contested, %d rejected, %d deferred or open", prev.Round, count["applied"], count["contested"], count["rejected"], count["deferred"]+count["open"]))
	out = append(out, fmt.Sprintf("findings: %d, before %d; not raised again: %d", len(v.Findings), len(prev.Findings), len(v.Dropped)))
	return out
}

// cell makes text fit a Markdown table cell.
func cell(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "|", `\|`), "\n", " ")
}

// short abbreviates a hex hash.
func short(h string) string { return h[:min(len(h), 12)] }
