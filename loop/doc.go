// Package loop runs many review rounds over one document: the building
// blocks of kaigi's loops.
//
// A Loop reviews the current text with a council each round, aggregates
// the findings, lets a Policy apply the safe ones (by default: low severity,
// not in a conflict, confidence >= 70), hands the rest to a Gate (an
// Approver: AutoGate, FileGate, ApproverFunc, or a terminal gate of the
// caller's own) in batches of at most MaxBatch, writes the approved edits
// as one reversible patch, remembers rejections so no reviewer proposes them
// again, and stops for a stated reason (see StopReason). Every step goes to
// an append-only, fsync'd journal from which an interrupted run resumes
// and Undo reverts; the Markdown and diff artifacts are rendered from it.
// Findings inside a leading front matter block are never applied.
//
// The smallest use:
//
//	l := &loop.Loop{
//		Council: council.Council{Members: council.Members(reviewers...)},
//		Dir:     ".editorial",
//	}
//	out, err := l.Run(ctx, "article.md", false)
//	// errors.Is(err, loop.ErrNotConverged): high findings are left in out.Unresolved
package loop
