package editorial

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"unicode"

	"golang.org/x/text/width"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// WriteText writes the run's account for people on w: why it stopped, a
// table of what was applied, rejected and left open (each finding cut to
// 90 terminal columns), the totals, the reviewer calls skipped and why,
// the tokens and their cost, and where the artifacts and the report are
// in dir, the run folder as the person gave it (Loop.Dir). It returns w's
// error.
func WriteText(w io.Writer, o *Outcome, dir string) error {
	var b strings.Builder
	dry := o.Reason == DryRunEnded
	stopped := Describe(o.Reason)
	if dry {
		stopped = "dry run: the article was not changed; the journal and artifacts are in " + dir
	}
	fmt.Fprintf(&b, "\nStopped after %d round(s): %s.\n", o.Rounds, stopped)
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	if len(o.Applied)+len(o.Rejected)+len(o.Unresolved) > 0 {
		fmt.Fprintln(tw, "\nSTATUS\tROUND\tLINE\tFINDING")
	}
	for _, list := range [][]Entry{o.Applied, o.Rejected, o.Unresolved} {
		for _, e := range list {
			status := rounds.StatusLabel(e.Status, e.By, dry, o.Reason == loop.AwaitingDecisions)
			if e.ApprovedAdvice() {
				status = "open (approved, no edit)"
			}
			fmt.Fprintf(tw, "%s\tR%d\t%s\t%s\n", status, e.Round, e.Item.Lines, clip(loop.Printable(e.Item.Label()), 90))
		}
	}
	tw.Flush()
	applied := "applied"
	if dry {
		applied = "would apply"
	}
	fmt.Fprintf(&b, "\n%d %s, %d rejected, %d open (%d high).\n", len(o.Applied), applied, len(o.Rejected), len(o.Unresolved), o.UnresolvedHigh())
	if n := o.ApprovedAdvice(); n > 0 {
		fmt.Fprintf(&b, "%d approved finding(s) have no edit to apply and stay open (advice, or a fix that could not be placed): make the change by hand, or reject it.\n", n)
	}
	writeSkipped(&b, o.Skipped)
	writeUsage(&b, o)
	fmt.Fprintf(&b, "Artifacts: %s (summary.md, round-N/findings.md, applied.diff, ...)\n", dir)
	fmt.Fprintf(&b, "Report: %s\n", filepath.Join(dir, rounds.ReportName))
	_, err := io.WriteString(w, b.String())
	return err
}

// writeSkipped lists the skipped reviewer calls with their reasons in
// full, the first violations of an answer that broke the schema, and how
// to raise the token limit for an answer that was cut off.
func writeSkipped(b *strings.Builder, skips []SkippedCall) {
	if len(skips) == 0 {
		return
	}
	fmt.Fprintln(b, "\nSkipped reviewers:")
	for _, s := range skips {
		fmt.Fprintf(b, "  R%d %s (shot %d): %s\n", s.Round, loop.Printable(s.Reviewer), s.Shot, loop.Printable(strings.Join(strings.Fields(s.Reason), " ")))
		for _, v := range s.Violations {
			fmt.Fprintf(b, "      - %s\n", loop.Printable(strings.Join(strings.Fields(v.String()), " ")))
		}
		if more := s.ViolationCount - len(s.Violations); more > 0 {
			fmt.Fprintf(b, "      - … and %d more (see skipped.md)\n", more)
		}
		if s.Truncated {
			fmt.Fprintln(b, "      The answer was cut off at the token limit: raise the limit with -max-tokens (e.g. -max-tokens 16000) and run again.")
		}
	}
}

// writeUsage says how many model calls were made, their tokens and what
// they cost. Calls are what counts: a command-line provider makes calls
// that report no tokens and may name no priced model.
func writeUsage(b *strings.Builder, o *Outcome) {
	u := o.Usage
	switch {
	case u.Calls == 0 && u.Total() == 0:
		fmt.Fprintln(b, "Tokens: none (no model was called).")
	case u.Total() == 0:
		fmt.Fprintf(b, "Model calls: %d; the provider reported no tokens, so the cost is unknown.\n", u.Calls)
	default:
		fmt.Fprintf(b, "Tokens: %d input, %d output, %d cache read, %d cache write in %d call(s); cost %s.\n",
			u.InputTokens, u.OutputTokens, u.CacheReadTokens, u.CacheWriteTokens, u.Calls, o.CostText())
	}
}

// clip shortens s to n terminal columns, ending it with "…" when cut: a
// wide or fullwidth character (CJK) takes two columns, a combining mark
// or format character none.
func clip(s string, n int) string {
	if columns(s) <= n {
		return s
	}
	limit, used := n-1, 0 // "…" takes one column
	for i, r := range s {
		c := runeColumns(r)
		if used+c > limit {
			return s[:i] + "…"
		}
		used += c
	}
	return s
}

// columns is the width of s on a terminal (runeColumns of each rune).
func columns(s string) int {
	n := 0
	for _, r := range s {
		n += runeColumns(r)
	}
	return n
}

// runeColumns is the width of r on a terminal.
func runeColumns(r rune) int {
	switch {
	case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf):
		return 0
	case width.LookupRune(r).Kind() == width.EastAsianWide, width.LookupRune(r).Kind() == width.EastAsianFullwidth:
		return 2
	}
	return 1
}
