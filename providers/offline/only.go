package offline

import (
	"context"
	"fmt"
	"slices"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
)

// ReviewLines is Review with the findings limited to those that touch one
// of lines (ranges of the document's lines, in any order) before the
// per-rule cap (Config.MaxPerRule) condenses them: a rule that finds a
// habit on an old line and on a changed one reports the changed one. The
// note on a kept finding counts what it held back among lines only.
// Empty lines is Review.
func (r *Reviewer) ReviewLines(ctx context.Context, t agent.Target, lines []finding.LineRange) (agent.Review, error) {
	if len(lines) == 0 {
		return r.Review(ctx, t)
	}
	return r.review(ctx, t, lines)
}

// keepLines keeps the findings (and their extents) that touch one of
// lines, renumbered.
func keepLines(fs []finding.Finding, extents []int, lines []finding.LineRange) ([]finding.Finding, []int) {
	out, ext := fs[:0], extents[:0]
	for i, f := range fs {
		if slices.ContainsFunc(lines, func(l finding.LineRange) bool {
			return l.Start <= f.LineRange.End && f.LineRange.Start <= l.End
		}) {
			f.ID = fmt.Sprintf("F%03d", len(out)+1)
			out = append(out, f)
			ext = append(ext, extents[i])
		}
	}
	return out, ext
}
