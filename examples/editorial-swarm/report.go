package main

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"text/tabwriter"

	"github.com/mattn/go-runewidth"

	"github.com/kaigi-dev/kaigi/loop"
)

// report prints the final table of what was applied, rejected and left
// open, and the run's token usage.
func report(w io.Writer, o *loop.Outcome, dir string) {
	fmt.Fprintf(w, "\nStopped after %d round(s): %s.\n\n", o.Rounds, o.Reason.Describe())
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "STATUS\tROUND\tLINE\tFINDING")
	row := func(status string, e loop.Entry) {
		fmt.Fprintf(tw, "%s\tR%d\t%s\t%s\n", status, e.Round, e.Item.Lines, clip(e.Item.Label(), 90))
	}
	for _, e := range o.Applied {
		status := "applied"
		switch {
		case o.Reason == loop.DryRun:
			status = "would apply"
		case e.By == "policy":
			status = "auto-applied"
		}
		row(status, e)
	}
	for _, e := range o.Rejected {
		row("rejected", e)
	}
	for _, e := range o.Unresolved {
		row("open", e)
	}
	tw.Flush()
	fmt.Fprintf(w, "\n%d applied, %d rejected, %d open (%d high).\n", len(o.Applied), len(o.Rejected), len(o.Unresolved), o.UnresolvedHigh())
	u := o.Usage
	if u.Total() == 0 {
		fmt.Fprintln(w, "Tokens: none (no model was called).")
	} else {
		fmt.Fprintf(w, "Tokens: %d input, %d output, %d cache read, %d cache write in %d call(s); cost $%.4f.\n",
			u.InputTokens, u.OutputTokens, u.CacheReadTokens, u.CacheWriteTokens, u.Calls, o.Cost)
	}
	fmt.Fprintf(w, "Artifacts: %s (summary.md, round-N/findings.md, applied.diff, ...)\n", dir)
}

// clip shortens s to n terminal columns (a CJK character takes two).
func clip(s string, n int) string { return runewidth.Truncate(s, n, "…") }

// summary is the -json output.
type summary struct {
	*loop.Outcome
	Artifacts      string `json:"artifacts"`
	UnresolvedHigh int    `json:"unresolved_high"`
}

func writeJSON(w io.Writer, o *loop.Outcome, dir string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(summary{Outcome: o, Artifacts: abs, UnresolvedHigh: o.UnresolvedHigh()})
}
