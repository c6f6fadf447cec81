package rounds

import (
	"bytes"
	"fmt"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/loop"
)

// WriteSummary writes the run folder's summary.md, headed title, from o
// and the rounds it summarises: what was applied, rejected and left open
// (for an Outcome of round notes, OutcomeOf, the notes instead, and rounds
// is nil), the skipped reviewer calls, usage and cost (per round and
// reviewer), and where the artifacts are.
func (r *Run[S]) WriteSummary(title string, o *Outcome, rounds []*Round) error {
	if err := loop.WriteRendering(filepath.Join(r.Dir, "summary.md"), r.renderSummary(title, o, rounds)); err != nil {
		return err
	}
	return nil
}

func (r *Run[S]) renderSummary(title string, o *Outcome, rounds []*Round) []byte {
	dir := r.Dir
	var b bytes.Buffer
	fmt.Fprintf(&b, "# %s (%d round(s))\n\nStopped: %s.\n\n", title, o.Rounds, r.StopText(o))
	if o.Notes != nil {
		renderNotes(&b, o.Notes)
	} else {
		r.renderEntries(&b, o)
	}
	if len(o.Skipped) > 0 {
		b.WriteString("\n## Skipped reviewers\n\n")
		for _, s := range o.Skipped {
			fmt.Fprintf(&b, "- [R%d] %s (shot %d): %s\n", s.Round, cell(s.Reviewer), s.Shot, cell(loop.SkipText(s.Skip)))
		}
	}
	u := o.Usage
	fmt.Fprintf(&b, "\n## Usage\n\n%d model call(s); tokens: %d input, %d output, %d cache read, %d cache write; cost %s.\n",
		u.Calls, u.InputTokens, u.OutputTokens, u.CacheReadTokens, u.CacheWriteTokens, cell(o.CostText()))
	if len(o.Costs) > 0 {
		b.WriteString("\n| round | reviewer | model | calls | tokens | cost (USD) |\n| --- | --- | --- | --- | --- | --- |\n")
		for _, c := range o.Costs {
			fmt.Fprintf(&b, "| %d | %s | %s | %d | %d | %s |\n", c.Round, cell(c.Reviewer), cell(c.Model), c.Usage.Calls, c.Usage.Total(), c.Text())
		}
	}
	b.WriteString("\n## Artifacts\n\n")
	for _, f := range o.Files {
		fmt.Fprintf(&b, "- document: %s\n", loop.RelName(f))
	}
	for _, rs := range rounds {
		for _, doc := range rs.Docs {
			rel, err := filepath.Rel(dir, r.docDir(rs.N, doc.Name))
			if err != nil {
				continue
			}
			d := filepath.ToSlash(filepath.Join(loop.RelName(dir), rel))
			fmt.Fprintf(&b, "- round %d: %s/findings.md, %s/applied.diff\n", rs.N, d, d)
		}
	}
	return b.Bytes()
}

// renderEntries writes the summary's sections of an Outcome of Review's
// rounds: what was applied (or would be, in a dry run), rejected and left
// open.
func (r *Run[S]) renderEntries(b *bytes.Buffer, o *Outcome) {
	if r.DryRun {
		b.WriteString("## Would apply\n\n")
	} else {
		b.WriteString("## Applied\n\n")
	}
	if len(o.Applied) == 0 {
		b.WriteString("Nothing.\n")
	}
	for _, e := range o.Applied {
		fmt.Fprintf(b, "- [R%d] %s: %s (line %s, %s)\n", e.Round, cell(e.Item.Reviewer), cell(e.Item.Finding.Issue), e.Item.Lines, StatusLabel(e.Status, e.By, r.DryRun, false))
	}
	b.WriteString("\n## Rejected\n\n")
	if len(o.Rejected) == 0 {
		b.WriteString("Nothing.\n")
	}
	for _, e := range o.Rejected {
		reason := e.Reason
		if reason == "" {
			reason = "no reason given"
		}
		fmt.Fprintf(b, "- [R%d] %s: %s (reason: %s)\n", e.Round, cell(e.Item.Reviewer), cell(e.Item.Finding.Issue), cell(reason))
	}
	b.WriteString("\n## Unresolved\n\n")
	if len(o.Unresolved) == 0 {
		b.WriteString("Nothing.\n")
	}
	if n := o.ApprovedAdvice(); n > 0 {
		fmt.Fprintf(b, "%d approved finding(s) have no edit to apply and stay open: make the change by hand, or reject it.\n\n", n)
	}
	for _, e := range o.Unresolved {
		fmt.Fprintf(b, "- [R%d] %s (line %s)", e.Round, label(e.Item), e.Item.Lines)
		if e.ApprovedAdvice() {
			fmt.Fprintf(b, ": %s", cell(e.Reason))
		}
		b.WriteString("\n")
	}
}
