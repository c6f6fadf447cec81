package goldfish

import (
	"fmt"
	"io"
	"strings"
)

// WriteText writes the run's account for people on w: the rounds and why
// the run stopped, what was applied, contested and left open, each
// reviewer's self-agreement, the model calls and their cost, and where
// the report is. It returns w's error.
func (o *Outcome) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "\nStopped after %d round(s): %s\n", o.Rounds, o.Stop)
	fmt.Fprintf(&b, "Applied %d, rejected or contested %d, unresolved %d.\n", len(o.Applied), len(o.Rejected), len(o.Unresolved))
	for _, a := range o.Agreements {
		fmt.Fprintf(&b, "Self-agreement of %s: %.2f\n", a.Reviewer, a.Jaccard)
	}
	fmt.Fprintf(&b, "%d model call(s), cost %s.\n", o.Usage.Calls, o.CostText())
	fmt.Fprintf(&b, "Report: %s\n", o.ReportFile)
	_, err := io.WriteString(w, b.String())
	return err
}
