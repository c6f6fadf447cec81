// Package council runs one round of a review: several reviewers read the
// same target in parallel, each returns one Review, and Aggregate turns
// their reports into one table the loops can act on.
//
// Dispatch is the machinery underneath, for any list of calls: reviewers
// on a target, agents on a task, the shots of a slice, mixed in one list
// by the Call's type parameter. At most Limit calls run at once across the
// list, on a golang.org/x/sync/errgroup Group without WithContext: a call
// that fails, times out (ErrTimeout, told apart from the caller's cancel),
// panics (*PanicError) or calls runtime.Goexit (ErrGoexit) is skipped with
// its reason and never cancels the others. Only the caller's context
// cancels a dispatch, no goroutine outlives it, the outcomes come back in
// the calls' order, an optional Quorum counts the names that succeeded,
// and events carry each call's value. A warm-up call, made alone first so
// that the others read the prompt cache it writes, holds the others only
// until it returns or WarmUpWait passes.
//
// A Council is data: its Members (a reviewer and a number of shots), a
// parallelism Limit, a per-call Timeout, an optional Quorum, a WarmUp
// switch for providers with prompt caching (the warm-up is made only when
// the shared prefix is long enough to be cached; see Cacheable), an
// Observer for progress events and a *slog.Logger. Run is Dispatch over
// one call per member and shot; skipped calls are collected with
// github.com/hashicorp/go-multierror.
//
// Aggregate anchors every finding of a Round to a byte span of the
// document with the apply package, merges identical edits, groups
// conflicting ones, marks findings a sibling shot already reported as
// duplicates, drops findings that were rejected before, and sums usage per
// reviewer. Where a row's finding stands is a finding.State (Row.State:
// open, or duplicate, or rejected because it repeats an earlier
// rejection), in the one vocabulary of the finding package; what the
// table can do with its edit (apply it, hand a conflict to a human, or
// nothing) is a separate Placement, not a status.
//
// The smallest use:
//
//	c := council.Council{Members: council.Members(styleReviewer, factReviewer)}
//	round, err := c.Run(ctx, agent.Target{Path: "post.md", Text: doc})
//	if err != nil {
//		return err // cancelled, or quorum not met; round still holds what finished
//	}
//	table := council.Aggregate(doc, round, council.Options{Reviewed: true})
//	for _, row := range table.Rows {
//		fmt.Println(row.Key, row.State.Current(), row.Placement, row.Finding.Issue)
//	}
//	changes, held := table.Safe() // what the default Policy applies unasked; held waits for a human
//	patch, err := apply.NewPatch(doc, changes)
//
// Table.Changes holds every anchored, non-conflicting edit whatever its
// severity or confidence; Policy (the rule the loops apply, by default low
// severity, no conflict, confidence at least 70) and Table.Safe choose the
// ones that need no human.
package council
