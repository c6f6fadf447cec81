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
	all := *r
	all.cfg.MaxPerRule = Unlimited
	rv, err := all.Review(ctx, t)
	if err != nil {
		return rv, err
	}
	fs := slices.DeleteFunc(rv.Report.Findings, func(f finding.Finding) bool {
		return !slices.ContainsFunc(lines, func(l finding.LineRange) bool {
			return l.Start <= f.LineRange.End && f.LineRange.Start <= l.End
		})
	})
	doc := parse(t.Text)
	fs, held := condense(fs, r.cfg.maxPerRule(), doc, doc.kana)
	for i := range fs {
		fs[i].ID = fmt.Sprintf("F%03d", i+1)
	}
	rv.Report.Findings, rv.Report.Summary = fs, summary(r.name, fs, held)
	return rv, nil
}
