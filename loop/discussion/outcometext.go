package discussion

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/discussion/board"
)

// WriteText writes the discussion for people on w: the board's posts by
// round (each body on one line, cut at 110 characters, control characters
// escaped), why the debate stopped early, who was absent, the fallback,
// then the verdict (or why there is none) and where the board, the
// verdict and the summary are in Dir, and, when Resume is set, how to
// resume an interrupted run. It returns w's error.
func (o *Outcome) WriteText(w io.Writer) error {
	var b strings.Builder
	round := 0
	if o.Board != nil {
		for _, p := range o.Board.Posts() {
			if p.Round != round {
				round = p.Round
				fmt.Fprintf(&b, "\nRound %d\n", round)
			}
			refs := ""
			if len(p.Refs) > 0 {
				refs = " -> " + strings.Join(p.Refs, ", ")
			}
			body := loop.Printable(strings.Join(strings.Fields(p.Body), " "))
			if p.Kind == board.Verdict {
				body = "(verdict.json)"
			}
			if len([]rune(body)) > 110 {
				body = string([]rune(body)[:110]) + "…"
			}
			fmt.Fprintf(&b, "  %-12s %-10s%s: %s\n", p.ID, p.Kind, refs, body)
		}
	}
	if o.Stopped != "" && o.Verdict != nil {
		fmt.Fprintf(&b, "\nThe debate stopped early: %s\n", o.Stopped.Describe())
	}
	for _, a := range o.Absent {
		fmt.Fprintf(&b, "Absent: %s from round %d: %s\n", a.Name, a.Round, loop.Printable(a.Reason))
	}
	if o.Fallback != "" {
		fmt.Fprintf(&b, "Fallback to a plain fan-out: %s\n", loop.Printable(o.Fallback))
	}
	if o.Verdict == nil {
		fmt.Fprintf(&b, "\nNo verdict: %s\n\nBoard: %s\nSummary: %s\n", o.NoAnswer,
			filepath.Join(o.Dir, WhiteboardFile), filepath.Join(o.Dir, SummaryFile))
	} else {
		fmt.Fprintf(&b, "\nVerdict:\n%s\n\nBoard: %s\nVerdict: %s\nSummary: %s\n", o.Verdict,
			filepath.Join(o.Dir, WhiteboardFile), filepath.Join(o.Dir, VerdictFile), filepath.Join(o.Dir, SummaryFile))
	}
	if o.Resume != "" {
		fmt.Fprintf(&b, "Resume an interrupted run: %s\n", o.Resume)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
