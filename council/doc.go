// Package council runs one round of a review: several reviewers read the
// same target in parallel, each returns one Review, and Aggregate turns
// their reports into one table the loops can act on.
//
// A Council is data: its Members (a reviewer and a number of shots), a
// parallelism Limit, a per-call Timeout, an optional Quorum, a WarmUp
// switch for providers with explicit prompt caching, an Observer for
// progress events and a *slog.Logger. Run dispatches the calls with
// golang.org/x/sync/errgroup. A reviewer that fails, times out or panics is
// skipped for the round with its reason (collected with
// github.com/hashicorp/go-multierror); it never cancels the others. Only
// the caller's context cancels a round, and no goroutine outlives Run.
//
// Aggregate anchors every finding of a Round to a byte span of the
// document with the apply package, merges identical edits, groups
// conflicting ones, marks findings a sibling shot already reported as
// duplicates, drops findings that were rejected before, and sums usage per
// reviewer.
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
//		fmt.Println(row.Key, row.Status, row.Finding.Issue)
//	}
//	changes, held := table.Safe() // what the default Policy applies unasked; held waits for a human
//	patch, err := apply.NewPatch(doc, changes)
//
// Table.Changes holds every anchored, non-conflicting edit whatever its
// severity or confidence; Policy (the rule the loops apply, by default low
// severity, no conflict, confidence at least 70) and Table.Safe choose the
// ones that need no human.
package council
