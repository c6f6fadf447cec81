package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/mattn/go-runewidth"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// report prints the final table of what was applied, rejected and left
// open, the reviewers that were skipped and why, and the run's usage.
func report(w io.Writer, o *editorial.Outcome, dir string) {
	dry := o.Reason == editorial.DryRunEnded
	stopped := editorial.Describe(o.Reason)
	if dry {
		stopped = "dry run: the article was not changed; the journal and artifacts are in " + dir
	}
	fmt.Fprintf(w, "\nStopped after %d round(s): %s.\n", o.Rounds, stopped)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	if len(o.Applied)+len(o.Rejected)+len(o.Unresolved) > 0 {
		fmt.Fprintln(tw, "\nSTATUS\tROUND\tLINE\tFINDING")
	}
	row := func(status string, e editorial.Entry) {
		fmt.Fprintf(tw, "%s\tR%d\t%s\t%s\n", status, e.Round, e.Item.Lines, clip(loop.Printable(e.Item.Label()), 90))
	}
	for _, list := range [][]editorial.Entry{o.Applied, o.Rejected, o.Unresolved} {
		for _, e := range list {
			status := rounds.StatusLabel(e.Status, e.By, dry, o.Reason == loop.AwaitingDecisions)
			if e.ApprovedAdvice() {
				status = "open (approved, no edit)"
			}
			row(status, e)
		}
	}
	tw.Flush()
	applied := "applied"
	if dry {
		applied = "would apply"
	}
	fmt.Fprintf(w, "\n%d %s, %d rejected, %d open (%d high).\n", len(o.Applied), applied, len(o.Rejected), len(o.Unresolved), o.UnresolvedHigh())
	if n := o.ApprovedAdvice(); n > 0 {
		fmt.Fprintf(w, "%d approved finding(s) have no edit to apply and stay open (advice, or a fix that could not be placed): make the change by hand, or reject it.\n", n)
	}
	reportSkipped(w, o.Skipped)
	reportUsage(w, o)
	fmt.Fprintf(w, "Artifacts: %s (summary.md, round-N/findings.md, applied.diff, ...)\n", dir)
	fmt.Fprintf(w, "Report: %s\n", filepath.Join(dir, rounds.ReportName))
}

// reportSkipped lists the skipped reviewer calls with their reasons in
// full, the first violations of an answer that broke the schema, and how
// to raise the token limit for an answer that was cut off.
func reportSkipped(w io.Writer, skips []editorial.SkippedCall) {
	if len(skips) == 0 {
		return
	}
	fmt.Fprintln(w, "\nSkipped reviewers:")
	for _, s := range skips {
		fmt.Fprintf(w, "  R%d %s (shot %d): %s\n", s.Round, loop.Printable(s.Reviewer), s.Shot, loop.Printable(strings.Join(strings.Fields(s.Reason), " ")))
		for _, v := range s.Violations {
			fmt.Fprintf(w, "      - %s\n", loop.Printable(strings.Join(strings.Fields(v.String()), " ")))
		}
		if more := s.ViolationCount - len(s.Violations); more > 0 {
			fmt.Fprintf(w, "      - … and %d more (see skipped.md)\n", more)
		}
		if s.Truncated {
			fmt.Fprintln(w, "      The answer was cut off at the token limit: raise the limit with -max-tokens (e.g. -max-tokens 16000) and run again.")
		}
	}
}

// reportUsage says how many model calls were made, their tokens and what
// they cost. Calls are what counts: a command-line provider makes calls
// that report no tokens and may name no priced model.
func reportUsage(w io.Writer, o *editorial.Outcome) {
	u := o.Usage
	calls := u.Calls
	switch {
	case calls == 0 && u.Total() == 0:
		fmt.Fprintln(w, "Tokens: none (no model was called).")
		return
	case u.Total() == 0:
		fmt.Fprintf(w, "Model calls: %d; the provider reported no tokens, so the cost is unknown.\n", calls)
		return
	}
	fmt.Fprintf(w, "Tokens: %d input, %d output, %d cache read, %d cache write in %d call(s); cost %s.\n",
		u.InputTokens, u.OutputTokens, u.CacheReadTokens, u.CacheWriteTokens, calls, o.CostText())
}

// clip shortens s to n terminal columns (a CJK character takes two).
func clip(s string, n int) string { return runewidth.Truncate(s, n, "…") }

// summary is the -json output.
type summary struct {
	*editorial.Outcome
	Artifacts      string `json:"artifacts"`
	UnresolvedHigh int    `json:"unresolved_high"`
}

// summaryOf is the -format json summary of o, its artifacts in dir.
func summaryOf(o *editorial.Outcome, dir string) (summary, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return summary{}, err
	}
	return summary{Outcome: o, Artifacts: abs, UnresolvedHigh: o.UnresolvedHigh()}, nil
}
