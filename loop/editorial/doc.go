// Package editorial is the Editorial Swarm: a driver on the loop kernel
// that polishes one document over review rounds.
//
// Each round a council reviews the current text, the findings are
// aggregated (loop.ItemsOf), the Policy applies the safe ones (by default:
// low severity, not in a conflict, confidence >= 70), a Gate decides the
// rest in batches of at most rounds.MaxBatch, the approved edits are written
// through the journal (journal.Commit, checked by hash before every
// write), rejections are remembered so no reviewer proposes them again,
// and the loop stops for a stated reason (see loop.StopReason). Findings
// inside a leading front matter block are never applied.
//
// Resume is replay: Run and Resume execute the same code from the start,
// and every value that could differ between two executions (the text each
// round reviews, every reviewer's answer, every gate batch) comes from a
// journal step, so a resumed run calls only what the journal does not
// hold. The Markdown and diff artifacts are rendered from those values.
//
// NewCouncil seats the four reviewers (Roles) from a loop.Cast, each on
// the built-in offline rules or on a model, so that a command, a test and
// a Temporal worker choose them the same way. NewDriver makes the loop a
// loop.Driver, whose Stop carries a Summary: what a command prints (its
// JSON, WriteText), exports (Report) and exits with (Err).
//
// The smallest use:
//
//	l := &editorial.Loop{
//		Council: council.Council{Members: council.Members(reviewers...)},
//		Dir:     ".editorial",
//	}
//	out, err := l.Run(ctx, "article.md")
//	// errors.Is(err, loop.ErrNotConverged): high findings are left in out.Unresolved
package editorial
